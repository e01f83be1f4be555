package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Like with like on the command line, end to end: three real writes into one history, two of 1 MiB
 * at QD32 and a newer one of 64 KiB at QD1 on the same folder. {@code history} judges the drive by
 * the job most of its runs did and says how many runs of another job it left out; {@code compare}
 * of the two jobs says first that the jobs differ and how, names each run by its job, and explains
 * no difference as a change of the drive, while two runs of one job are compared as before.
 */
class LikeWithLikeCliTest {

  @TempDir Path dir;

  @Test
  void historyAndCompareKeepToOneJob() throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    String db = dir.resolve("h.db").toString();
    List<Path> runs = new ArrayList<>();
    String[][] jobs = {{"1MiB", "32"}, {"1MiB", "32"}, {"64KiB", "1"}};
    for (int i = 0; i < jobs.length; i++) {
      Path out = dir.resolve("run" + i);
      Cli.Result w =
          Cli.okLine(
              "write {} --size 8MiB --bs {} --qd {} --out {} --db {}",
              target,
              jobs[i][0],
              jobs[i][1],
              out,
              db);
      runs.add(out);
    }

    Cli.Result h = Cli.ok("history", "--db", db);
    assertThat(h.out())
        .containsPattern(
            "trend compares write 1 MiB QD32 direct [a-z]+ \\([a-z]+, file\\) runs only \\(1 run"
                + " of other jobs left out\\)");
    Cli.Result hj = Cli.ok("history", "--db", db, "--json");
    JsonNode drive = RunFolder.JSON.readTree(hj.out()).path("drives").get(0);
    assertThat(drive.at("/job/key").asText()).startsWith("write|1048576|32|direct|");
    assertThat(drive.at("/job/runs").asInt()).isEqualTo(2);
    assertThat(drive.at("/job/other_runs").asInt()).isEqualTo(1);

    Cli.Result unlike = Cli.ok("compare", runs.get(0), runs.get(2));
    String text = unlike.out();
    assertThat(text)
        .contains("The runs did different jobs: request size 1 MiB vs 64 KiB, depth QD32 vs QD1")
        .contains("write 1 MiB QD32")
        .contains("write 64 KiB QD1")
        .doesNotContain("run0")
        .doesNotContain("run2")
        .doesNotContain("Cause:");
    assertThat(text.indexOf("different jobs")).isLessThan(text.indexOf("finishes first"));

    Cli.Result like = Cli.ok("compare", runs.get(0), runs.get(1));
    assertThat(like.out()).doesNotContain("different jobs").doesNotContain("another job");
  }
}
