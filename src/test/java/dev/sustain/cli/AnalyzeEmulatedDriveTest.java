package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.testing.EmulatedDrive;
import dev.sustain.testing.EmulatedDrive.Phase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end: a real {@code sustain write} on the emulated drive (the kernel's blkio throttle plays
 * a fast phase, then a slow one, or seconds of near zero), then {@code sustain analyze} on its run
 * folder finds the cliff and counts the stalls. Root and cgroup-v1 blkio only; skipped elsewhere
 * with the reason (the fixture assumes it).
 */
@Tag("root")
class AnalyzeEmulatedDriveTest {

  private static final long MB = 1_000_000L;
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void theAnalysisFindsTheCliffTheThrottlePlayed() throws Exception {
    try (EmulatedDrive drive = EmulatedDrive.create(1L << 30, dir)) {
      Path out =
          EmulatedDriveWriteTest.runWrite(
              drive,
              dir,
              List.of(Phase.initially(200 * MB), Phase.afterBytes(400 * MB, 40 * MB)),
              "--size",
              "700MB",
              "--interval",
              "250ms");

      Cli.Result r = Cli.run("analyze", out.toString(), "--json");

      assertThat(r.exitCode()).as(r.err()).isZero();
      JsonNode j = JSON.readTree(r.out());
      assertThat(j.get("shape").asText()).as(r.out()).isEqualTo("cache-cliff");
      // The throttle switches when the device has seen 400 MB; the page cache and the queue
      // put the tool's own count a little either side.
      assertThat(j.get("cache_GB").asDouble()).as(r.out()).isCloseTo(0.4, within(0.07));
      assertThat(j.get("floor_MBps").asDouble()).as(r.out()).isCloseTo(40, within(8.0));
      assertThat(j.get("burst_MBps").asDouble()).as(r.out()).isCloseTo(200, within(40.0));
    }
  }

  @Test
  void secondsOfNearZeroShowAsStallSeconds() throws Exception {
    try (EmulatedDrive drive = EmulatedDrive.create(1L << 30, dir)) {
      Path out =
          EmulatedDriveWriteTest.runWrite(
              drive,
              dir,
              List.of(
                  Phase.initially(100 * MB),
                  Phase.afterSeconds(2, 1),
                  Phase.afterSeconds(5, 100 * MB)),
              "--time",
              "7s",
              "--size",
              "256MiB",
              "--interval",
              "500ms");
      long zeroRows =
          EmulatedDriveWriteTest.rows(out).stream().filter(row -> row.bytes() == 0).count();

      JsonNode j = JSON.readTree(Cli.run("analyze", out.toString(), "--json").out());

      // Exactly the zero rows, in seconds, and about the three seconds the throttle played.
      assertThat(j.get("stall_s").asDouble()).isCloseTo(0.5 * zeroRows, within(1e-9));
      assertThat(j.get("stall_s").asDouble()).isBetween(2.0, 3.5);
      assertThat(j.get("shape").asText()).isNotEqualTo("cache-cliff");
    }
  }
}
