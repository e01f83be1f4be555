package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.store.TestDatabases;
import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.testing.Await;
import dev.sustain.testing.RunFolderRig;
import dev.sustain.testing.Seeded;
import dev.sustain.testing.Seeds;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write stopped by SIGINT, SIGTERM or SIGHUP, once or twice 100 ms apart, at a moment drawn from
 * its seed in each part of the run (the layout, the write, the flush, the analysis), ends as a run
 * that ends on its own does: no test file or mark left, run.json with the run's real end, the
 * samples, the summary, the history row, exit 130 (0 once the write and its flush were done: the
 * run is complete). A child JVM takes the signals, as a user's Ctrl-C or a closed terminal would
 * send them.
 */
class StopSignalsTest {

  @TempDir Path dir;

  /** Where in the run the signal comes. */
  enum Moment {
    /** While the test file is laid out (or just after: the end is the same). */
    LAYOUT,
    /** While the write goes. */
    WRITE,
    /** While the final flush goes: the write is done. */
    FLUSH,
    /** Once run.json holds the end, while the analysis is made. */
    ANALYSIS
  }

  private static final String[] SIGNALS = {"INT", "TERM", "HUP"};

  // Twelve seeds: every moment with every signal, each signal twice in a row on two moments.
  @Seeded(12)
  void aStoppedWriteEndsCleanly(long seed) {
    Seeds.withSeed(seed, random -> stopAndCheck(seed, random));
  }

  private void stopAndCheck(long seed, SplittableRandom random) throws Exception {
    int n = (int) ((seed - 1) % 12);
    Moment moment = Moment.values()[n % 4];
    String signal = SIGNALS[n / 4];
    boolean twice = (n % 4 + n / 4) % 2 == 0;
    Cli.Folders rig = Cli.in(dir, "target", "run");
    String db = TestDatabases.freshDbValue(Backend.SQLITE, dir);
    // A run makes the history file, not its folders.
    java.nio.file.Files.createDirectories(Path.of(db).getParent());
    Path stderr = dir.resolve("stderr");
    Path stdout = dir.resolve("stdout");
    Process p = start(stdout, stderr, job(moment, rig.target(), rig.out(), db));
    boolean sent;
    try {
      awaitMoment(moment, p, rig.target(), rig.out(), stderr);
      // A moment inside the part, drawn from the seed; the check below does not depend on it.
      TimeUnit.MILLISECONDS.sleep(random.nextInt(moment == Moment.WRITE ? 400 : 30));
      sent = signal(p, signal);
      if (twice) {
        TimeUnit.MILLISECONDS.sleep(100);
        signal(p, signal);
      }
      Await.ended(p, "the stopped write");
    } finally {
      p.destroyForcibly();
    }
    String what = moment + ", SIG" + signal + (twice ? " twice" : "");
    String err = Files.readString(stderr);
    List<String> errLines = err.strip().isEmpty() ? List.of() : err.strip().lines().toList();
    boolean finished = moment == Moment.FLUSH || moment == Moment.ANALYSIS;
    List<String> allowed =
        finished
            ? List.of(Signals.CLEANING_UP, Signals.AFTER_THE_END)
            : List.of(Signals.CLEANING_UP);
    assertThat(errLines).as(what).allMatch(allowed::contains).doesNotHaveDuplicates();
    assertThat(Files.readString(stdout))
        .as(what + ": the summary")
        .contains("Run folder: " + rig.out());
    // A signal that came once the write and its flush were done cut nothing short: the run is
    // complete, and the exit is a complete run's (StopAfterTheEndTest holds that moment).
    assertThat(p.exitValue()).as(what + ": " + err).isEqualTo(sent && !finished ? 130 : 0);
    try (Stream<Path> left = Files.list(rig.target())) {
      assertThat(left).as(what + ": no test file, no mark").isEmpty();
    }
    assertThat(rig.out().resolve(RunFolder.RESERVE)).as(what).doesNotExist();
    JsonNode json = RunFolder.JSON.readTree(rig.out().resolve(RunFolder.RUN_JSON).toFile());
    // The end a signal cannot change stays what it was: a write done and flushed is complete.
    String status = finished ? "complete" : "interrupted";
    assertThat(json.at("/result/status").asText()).as(what).isEqualTo(status);
    assertThat(RunFolderRig.sampleBytes(rig.out()))
        .as(what)
        .isEqualTo(json.at("/result/bytes").asLong());
    Cli.Result history = Cli.ok("history", "--json", "--db", db);
    JsonNode runs = RunFolder.JSON.readTree(history.out()).path("runs");
    assertThat(runs).as(what + ": the history row").hasSize(1);
    assertThat(runs.get(0).path("status").asText()).as(what).isEqualTo(status);
  }

  /**
   * A job whose part {@code moment} lasts: a preallocated file for the layout, a write through the
   * page cache wrapping over a small file for ten minutes (cheap, never waiting on the disk), or a
   * write of a set size whose flush and analysis follow.
   */
  private static String[] job(Moment moment, Path target, Path out, String db) {
    List<String> args = new ArrayList<>(List.of("write", target.toString(), "--buffered"));
    switch (moment) {
      case LAYOUT -> args.addAll(List.of("--size", "256MiB", "--time", "10m"));
      case WRITE -> args.addAll(List.of("--size", "16MiB", "--time", "10m"));
      case FLUSH, ANALYSIS -> args.addAll(List.of("--size", "64MiB"));
    }
    args.addAll(List.of("--interval", "100ms", "--out", out.toString(), "--db", db));
    return args.toArray(String[]::new);
  }

  /** Waits for the event that starts {@code moment}'s part of the run. */
  private static void awaitMoment(Moment moment, Process p, Path target, Path out, Path stderr)
      throws Exception {
    Await.Condition alive =
        () -> {
          assertThat(p.isAlive()).as("the write goes on: %s", Files.readString(stderr)).isTrue();
          return true;
        };
    switch (moment) {
      case LAYOUT ->
          Await.until("the test file made", () -> alive.holds() && testFileExists(target));
      case WRITE -> FaultsTest.waitForBytes(out);
      case FLUSH ->
          Await.until(
              "the write done and its flush begun",
              () -> !p.isAlive() || writtenBytes(out) == 64L << 20);
      case ANALYSIS ->
          Await.until(
              "the run's end in run.json", () -> !p.isAlive() || !"running".equals(status(out)));
    }
  }

  private static boolean testFileExists(Path target) throws Exception {
    try (Stream<Path> files = Files.list(target)) {
      return files.anyMatch(f -> f.getFileName().toString().endsWith(".dat"));
    }
  }

  /** The bytes of the write rows recorded so far (a row being written left out). */
  private static long writtenBytes(Path out) throws Exception {
    Path csv = out.resolve("samples.csv");
    if (!Files.exists(csv)) {
      return 0;
    }
    long sum = 0;
    for (String line : Files.readAllLines(csv).stream().skip(1).toList()) {
      String[] cells = line.split(",", -1);
      if (cells.length > 3 && cells[cells.length - 1].equals("write")) {
        sum += Long.parseLong(cells[2]);
      }
    }
    return sum;
  }

  private static String status(Path out) {
    try {
      return RunFolder.JSON
          .readTree(out.resolve(RunFolder.RUN_JSON).toFile())
          .at("/result/status")
          .asText("running");
    } catch (Exception e) {
      return "running"; // not there yet
    }
  }

  /**
   * A child JVM whose stopping signals are the default ones even where the tests run with them
   * ignored (a background job ignores SIGINT, nohup SIGHUP): env(1) resets them where it can.
   */
  private static Process start(Path stdout, Path stderr, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT,TERM,HUP"));
    cmd.addAll(Cli.command(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.redirectOutput(stdout.toFile());
    pb.redirectError(stderr.toFile());
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    return pb.start();
  }

  /**
   * Sends SIG{@code name} as kill(1) does; false when the process had already ended. Skips the test
   * where the child ignores the signal anyway (env could not reset it).
   */
  static boolean signal(Process p, String name) throws Exception {
    if (!p.isAlive()) {
      return false;
    }
    int number =
        switch (name) {
          case "HUP" -> 1;
          case "INT" -> 2;
          default -> 15;
        };
    List<String> status;
    try {
      status = Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "status"));
    } catch (java.io.IOException e) {
      return false; // ended meanwhile
    }
    for (String line : status) {
      if (line.startsWith("SigIgn:")) {
        long ignored = Long.parseUnsignedLong(line.substring(7).strip(), 16);
        Assumptions.assumeTrue(
            (ignored & (1L << (number - 1))) == 0,
            "SIG" + name + " is ignored in this test run and env cannot reset it");
      }
    }
    Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(p.pid())).start();
    Await.ended(kill, "kill");
    return kill.exitValue() == 0;
  }
}
