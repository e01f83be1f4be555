package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs of one drive with different jobs (1 MiB QD32 and 128 KiB QD4): the comparison says first
 * that the jobs differ and how, explains no difference as a change of the drive, and names each run
 * by its job rather than its folder; two runs of one job are named by their starts.
 */
class CompareJobsTest {

  @TempDir Path dir;

  static Path run(Path dir, String name, String started, long bs, int qd) throws Exception {
    Path src = Curves.RESOURCES.resolve("kingston-run");
    Path to = Files.createDirectories(dir.resolve(name));
    Files.copy(src.resolve("samples.csv"), to.resolve("samples.csv"));
    String json = Files.readString(src.resolve("run.json"), StandardCharsets.UTF_8);
    json =
        json.replace("\"bs_bytes\": 1048576", "\"bs_bytes\": " + bs)
            .replace("\"qd\": 32", "\"qd\": " + qd)
            .replace("2026-11-30T10:15:00Z", started);
    Files.writeString(to.resolve("run.json"), json, StandardCharsets.UTF_8);
    return to;
  }

  @Test
  void differentJobsAreSaidFirstAndNotReadAsADriveChange() throws Exception {
    Path big = run(dir, "pass-2", "2026-11-30T10:15:00Z", 1 << 20, 32);
    Path small = run(dir.resolve("b"), "pass-2", "2026-11-30T12:15:00Z", 128 << 10, 4);
    assertThat(Files.readString(small.resolve("run.json"))).contains("131072");
    Comparison c = Comparison.load(List.of(big, small), null, -1);
    assertThat(c.findings().getFirst())
        .startsWith(
            "The runs did different jobs: request size 1 MiB vs 128 KiB, depth QD32 vs QD4");
    assertThat(c.rows())
        .extracting(r -> r.curve().label())
        .allSatisfy(l -> assertThat(l).doesNotContain("pass-2").doesNotContain("#2"))
        .anySatisfy(l -> assertThat(l).contains("write 1 MiB QD32"))
        .anySatisfy(l -> assertThat(l).contains("write 128 KiB QD4"));
    ChangeReport changes = ChangeReport.of(c);
    assertThat(changes).isNotNull();
    assertThat(changes.sentences().getFirst())
        .contains("another job than")
        .contains("request size 1 MiB vs 128 KiB")
        .doesNotContain("Cause:");
    String text = CompareFormats.text(c);
    assertThat(text).doesNotContain("Cause: unexplained").contains("different jobs");
    assertThat(CompareFormats.json(c)).contains("\"cause\" : \"different-job\"");
  }

  @Test
  void runsOfOneJobAreNamedByTheirStarts() throws Exception {
    Path first = run(dir, "pass-1", "2026-11-30T10:15:00Z", 1 << 20, 32);
    Path second = run(dir, "pass-2", "2026-11-30T12:15:00Z", 1 << 20, 32);
    Comparison c = Comparison.load(List.of(first, second), null, -1);
    assertThat(c.findings().getFirst()).doesNotContain("different jobs");
    assertThat(c.rows())
        .extracting(r -> r.curve().label())
        .containsExactly(
            "KINGSTON SNV3S1000G 50026B7686ABCDEF, 2026-11-30 10:15:00 UTC",
            "KINGSTON SNV3S1000G 50026B7686ABCDEF, 2026-11-30 12:15:00 UTC");
    assertThat(String.join("\n", ChangeReport.of(c).sentences())).contains("Cause:");
  }
}
