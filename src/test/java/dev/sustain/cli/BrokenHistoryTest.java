package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.testing.Await;
import dev.sustain.testing.LoopFileSystem;
import dev.sustain.testing.Mounted;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A history that breaks while a run goes never takes the run down: the run ends as it would have,
 * with one line about the history, and its folder is complete.
 */
class BrokenHistoryTest {

  @TempDir Path dir;

  @Test
  void aHistoryMadeImmutableMidRunIsOneWarningNotACrash(
      // chattr needs a real file system (tmpfs has no immutable flag): an ext4 on a loop device.
      @Mounted(mebibytes = 64) LoopFileSystem fs) throws Exception {
    Path db = fs.dir().resolve("history.db");
    Path out = dir.resolve("run");
    Path target = Files.createDirectories(dir.resolve("drive"));
    Path stdout = dir.resolve("stdout");
    Path stderr = dir.resolve("stderr");
    // The time ends the run, not the size: at most 64 GiB, and half the free space so that the
    // space check passes on a machine with less (it asked 71.4 GB of 71.0 GB free here once).
    long free = Files.getFileStore(target).getUsableSpace();
    long gibibytes = Math.min(64, free / 2 / (1L << 30));
    Assumptions.assumeTrue(
        gibibytes >= 16, "needs 32 GiB free beside the test folder, to write for 6 s");
    Process child =
        Cli.startLine(
            stdout,
            stderr,
            "write {} --size {} --time 6s --out {} --db {}",
            target.toString(),
            gibibytes + "GiB",
            out,
            db);
    List<Path> frozen = List.of();
    try {
      Await.until(
          "the run records its first rows",
          () ->
              Files.isRegularFile(db)
                  && Files.isRegularFile(out.resolve("samples.csv"))
                  && Files.readAllLines(out.resolve("samples.csv")).size() >= 3);
      frozen = historyFiles(db);
      for (Path f : frozen) {
        Assumptions.assumeTrue(chattr("+i", f), "chattr +i does not work here");
      }
      assertThat(child.waitFor(Await.GENEROUS.toSeconds(), TimeUnit.SECONDS)).isTrue();
    } finally {
      for (Path f : frozen) {
        chattr("-i", f);
      }
      child.destroyForcibly().waitFor();
    }
    String err = Files.readString(stderr, StandardCharsets.UTF_8);
    String all = Files.readString(stdout, StandardCharsets.UTF_8) + err;

    assertThat(child.exitValue()).as(all).isZero();
    assertThat(err.lines().filter(l -> l.contains("history")).toList())
        .as(all)
        .hasSize(1)
        .allSatisfy(l -> assertThat(l).startsWith("sustain: warning: run not recorded"));
    assertThat(all).doesNotContain("SIGBUS", "\tat ", "Exception");
    JsonNode run = new ObjectMapper().readTree(out.resolve("run.json").toFile());
    assertThat(run.path("result").path("status").asText()).isEqualTo("complete");
    try (Stream<Path> left = Files.list(target)) {
      assertThat(left.toList()).as("the test file is removed").isEmpty();
    }
    try (Stream<Path> crashDumps = Files.list(Path.of("."))) {
      assertThat(crashDumps.map(Path::toString).filter(n -> n.contains("hs_err_pid" + child.pid())))
          .isEmpty();
    }
  }

  /** The database and whatever journal or index files SQLite keeps beside it now. */
  private static List<Path> historyFiles(Path db) throws IOException {
    try (Stream<Path> files = Files.list(db.getParent())) {
      return files.filter(f -> f.getFileName().toString().startsWith("history.db")).toList();
    }
  }

  private static boolean chattr(String flag, Path file) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder("chattr", flag, file.toString()).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    return p.waitFor() == 0;
  }
}
