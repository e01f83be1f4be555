package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.Await;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every command that writes or reads a drive, not only {@code write}, stopped by two SIGINTs 100 ms
 * apart (a Ctrl-C pressed twice, or timeout(1) signalling the command and its group) once its work
 * is under way: it ends as interrupted, exit 130, with its run.json saying so and no file of its
 * own left behind (fill's files, sweep's test file, copy's pass folders); the only line on stderr
 * is the clean-up's. Each waits on its own event (rows in samples.csv, sweep's test file) rather
 * than a guess of the time.
 */
class StopEveryCommandTest {

  @TempDir Path dir;

  enum Command {
    FILL,
    COPY,
    SWEEP,
    READ,
    VERIFY
  }

  @ParameterizedTest
  @EnumSource(Command.class)
  void twoSignalsEndTheCommandCleanly(Command command) throws Exception {
    Cli.Folders rig = Cli.in(dir, "target", "run");
    List<String> args = new ArrayList<>();
    switch (command) {
      case FILL ->
          args.addAll(
              List.of(
                  "fill",
                  rig.target().toString(),
                  "--buffered",
                  "--file-size",
                  "64MiB",
                  "--limit",
                  "1GiB"));
      case COPY ->
          args.addAll(
              List.of(
                  "copy",
                  source().toString(),
                  rig.target().resolve("dst").toString(),
                  "--repeat",
                  "50"));
      case SWEEP ->
          args.addAll(
              List.of(
                  "sweep",
                  rig.target().toString(),
                  "--bs",
                  "4KiB",
                  "--qd",
                  "1",
                  "--size-per-point",
                  "64MiB"));
      case READ, VERIFY ->
          args.addAll(
              List.of(
                  command.name().toLowerCase(java.util.Locale.ROOT),
                  kept().toString(),
                  "--bs",
                  "4KiB",
                  "--qd",
                  "1"));
    }
    if (command != Command.SWEEP) {
      args.addAll(List.of("--interval", "100ms"));
    }
    args.addAll(List.of("--out", rig.out().toString(), "--db", "none"));
    List<String> before = names(rig.target());
    Path stderr = dir.resolve("stderr");
    List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT,TERM,HUP"));
    cmd.addAll(Cli.command(args.toArray(String[]::new)));
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(dir.resolve("stdout").toFile())
            .redirectError(stderr.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .start();
    try {
      Await.until(
          command + " under way",
          () -> {
            assertThat(p.isAlive())
                .as("%s goes on: %s", command, Files.readString(stderr))
                .isTrue();
            return command == Command.SWEEP ? testFileIn(rig.target()) : rows(rig.out()) >= 3;
          });
      assertThat(StopSignalsTest.signal(p, "INT")).isTrue();
      Thread.sleep(100); // the second signal of a pair, as timeout(1) sends to the group
      StopSignalsTest.signal(p, "INT");
      Await.ended(p, "the stopped " + command);
    } finally {
      p.destroyForcibly();
    }
    String err = Files.readString(stderr);
    assertThat(p.exitValue()).as(err).isEqualTo(130);
    assertThat(err.strip().lines().toList())
        .as("stderr")
        .allMatch(Signals.CLEANING_UP::equals)
        .hasSizeLessThan(2);
    JsonNode run = RunFolder.JSON.readTree(rig.out().resolve(RunFolder.RUN_JSON).toFile());
    JsonNode status = run.at("/result/status");
    assertThat(status.isMissingNode() ? run.path("status").asText() : status.asText())
        .as("run.json")
        .isEqualTo("interrupted");
    List<String> after = new ArrayList<>(names(rig.target()));
    if (command == Command.COPY) {
      assertThat(names(rig.target().resolve("dst"))).as("no pass folder left").isEmpty();
      after.remove("dst");
    }
    assertThat(after).as("nothing of the command's left in the target").isEqualTo(before);
  }

  /** A folder of files to copy. */
  private Path source() throws Exception {
    Path src = Files.createDirectories(dir.resolve("src"));
    byte[] bytes = new byte[8 << 20];
    new java.util.SplittableRandom(26).nextBytes(bytes);
    for (int i = 0; i < 4; i++) {
      Files.write(src.resolve("photo-" + i + ".raw"), bytes);
    }
    return src;
  }

  /** A write run whose test file was kept, for read and verify. */
  private Path kept() {
    Path keptRun = dir.resolve("kept");
    Cli.Result r =
        Cli.okLine(
            "write {} --size 64MiB --keep --out {} --db none", dir.resolve("target"), keptRun);
    return keptRun;
  }

  private static List<String> names(Path folder) throws Exception {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  private static boolean testFileIn(Path folder) throws Exception {
    return names(folder).stream().anyMatch(n -> n.startsWith("sustain-test-"));
  }

  private static long rows(Path out) throws Exception {
    Path csv = out.resolve("samples.csv");
    if (!Files.exists(csv)) {
      return 0;
    }
    try (Stream<String> lines = Files.lines(csv)) {
      return lines.count() - 1;
    }
  }
}
