package dev.sustain.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.cli.Cli;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunHeader;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.unit.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An interrupted fill with kept files continues where it stopped. */
class FillResumeTest {

  @TempDir Path dir;

  @Test
  void anInterruptedFillIsResumedToItsLimit() throws Exception {
    Cli.Folders rig = Cli.in(dir, "target", "run1");
    FillParams params =
        new FillParams(
            rig.target(),
            8L << 20,
            32L << 20,
            1 << 20,
            4,
            100_000_000L,
            rig.out(),
            true,
            false,
            "threads",
            120_000_000_000L,
            null,
            true);
    // Stop as soon as the second file has been created: the first is complete, the second not.
    FillResult interrupted =
        new FillRun(
                params,
                RunObserver.SILENT,
                () -> Files.exists(rig.target().resolve(FillRun.fileName(runIdOf(rig.out()), 2))))
            .run();
    assertThat(interrupted.status()).isEqualTo(RunStatus.INTERRUPTED);
    assertThat(interrupted.bytes()).isLessThan(32L << 20);
    assertThat(interrupted.files().getFirst().complete()).isTrue();

    Path second = dir.resolve("run2");
    Cli.Result r =
        rig.run("fill TARGET --file-size 8MiB --limit 32MiB --keep --resume OUT --out {}", second);
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode json = RunFolder.JSON.readTree(second.resolve("run.json").toFile());
    assertThat(json.at("/result/status").asText()).isEqualTo("complete");
    assertThat(json.at("/result/bytes").asLong()).isEqualTo(32L << 20);
    assertThat(json.at("/resumed_from").asText()).isEqualTo(rig.out().toString());
    // This session wrote only what was missing.
    assertThat(json.at("/result/session_bytes").asLong())
        .isEqualTo(
            (32L << 20)
                - interrupted.files().getFirst().bytes()
                - (interrupted.files().size() > 1 ? interrupted.files().get(1).bytes() : 0));
    try (Stream<Path> s = Files.list(rig.target())) {
      // The kept files, and beside them the mark that tells the next run they were kept.
      List<Path> files =
          s.filter(f -> f.getFileName().toString().endsWith(".dat")).sorted().toList();
      assertThat(files).hasSize(4);
      for (Path f : files) {
        assertThat(Files.size(f)).isEqualTo(8L << 20);
        assertThat(f.getFileName().toString()).contains(interrupted.runId());
      }
    }
  }

  /** The run id is known once run.json exists; before that no file can exist either. */
  private static String runIdOf(Path runFolder) {
    try {
      return RunFolder.JSON
          .readTree(runFolder.resolve("run.json").toFile())
          .path("run_id")
          .asText();
    } catch (Exception e) {
      return "none-yet";
    }
  }

  /**
   * A fill whose run.json says running is refused while its process lives on this host, and not
   * when its pid now belongs to a process started after it (a reused pid: the fill is gone).
   */
  @Test
  void aRunningFillIsRefusedOnlyWhileItsOwnProcessLives() throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    Path folder = Files.createDirectories(dir.resolve("run"));
    Process child = new ProcessBuilder("sleep", "60").start();
    try {
      Instant childStart = child.toHandle().info().startInstant().orElseThrow();
      ObjectNode json = RunFolder.JSON.createObjectNode();
      json.put("command", "fill");
      json.put("run_id", "20261201-000000-abcd");
      json.put("host", RunHeader.hostName());
      json.put("pid", child.pid());
      json.putObject("target").put("path", target.toString());
      json.putObject("result").put("status", "running");
      json.putObject("params").put("file_size_bytes", 8L << 20);
      json.putArray("files");

      json.put("started", childStart.plusSeconds(5).toString()); // the fill started after it
      RunFolder.JSON.writeValue(folder.resolve("run.json").toFile(), json);
      assertThatThrownBy(() -> FillResume.read(folder, target))
          .isInstanceOf(UsageException.class)
          .hasMessageContaining("may still be going (process " + child.pid() + ")");

      json.put("started", childStart.minusSeconds(3600).toString()); // the pid was reused
      RunFolder.JSON.writeValue(folder.resolve("run.json").toFile(), json);
      // Past the process check, to the next one: this made-up fill left no files.
      assertThatThrownBy(() -> FillResume.read(folder, target))
          .isInstanceOf(UsageException.class)
          .hasMessageContaining("left no files");
    } finally {
      child.destroyForcibly().waitFor();
    }
  }
}
