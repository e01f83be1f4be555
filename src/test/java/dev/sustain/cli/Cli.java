package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.ChildJvm;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the command line in-process or as a child JVM, for black-box tests. */
public final class Cli {

  /** Exit code and what was printed. */
  public record Result(int exitCode, String out, String err) {}

  private Cli() {}

  /** In-process, with captured writers. */
  public static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = SustainCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Result(code, out.toString(), err.toString());
  }

  /**
   * In-process, as {@link #run}, for a command the test needs to succeed: fails, showing what it
   * printed on stderr, unless it exits 0. Each argument is its string (a Path its path).
   */
  public static Result ok(Object... args) {
    String[] words = new String[args.length];
    for (int i = 0; i < args.length; i++) {
      words[i] = String.valueOf(args[i]);
    }
    Result r = run(words);
    assertThat(r.exitCode()).as(r.err()).isZero();
    return r;
  }

  /**
   * That {@code r} is bad input as every command must report it: exit 2, one line on stderr, no
   * stack trace. Returns {@code r}, for the test to check the words of that line.
   */
  public static Result assertBadInput(Result r) {
    return assertBadInput(r.err(), r);
  }

  /** As {@link #assertBadInput(Result)}, failing with {@code what} (e.g. the command line). */
  public static Result assertBadInput(String what, Result r) {
    assertThat(r.exitCode()).as(what).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
    assertThat(r.err()).doesNotContain("\tat ");
    return r;
  }

  /**
   * As {@link #run}, the command line written as a user types it: words separated by spaces, each
   * {@code {}} standing for the next of {@code values} (a path, or a word with spaces in it), so a
   * test's command reads as one line.
   */
  public static Result runLine(String line, Object... values) {
    return run(words(line, values));
  }

  /** As {@link #ok}, the command line written as for {@link #runLine}. */
  public static Result okLine(String line, Object... values) {
    return ok((Object[]) words(line, values));
  }

  /**
   * The two folders most command tests need under their temporary {@code dir}: the target folder
   * {@code target} (made) and the run folder {@code out} (left for the command to make).
   */
  public static Folders in(Path dir, String target, String out) throws IOException {
    return new Folders(
        java.nio.file.Files.createDirectories(dir.resolve(target)), dir.resolve(out));
  }

  /**
   * A test's target folder and run folder; its command lines name them {@code TARGET} and {@code
   * OUT}, as the usage text does, and take {@code {}} for other values as {@link #runLine} does.
   */
  public record Folders(Path target, Path out) {

    /** As {@link Cli#runLine}, with TARGET and OUT standing for the two folders. */
    public Result run(String line, Object... values) {
      return Cli.run(words(line, values));
    }

    /** As {@link Cli#okLine}, with TARGET and OUT standing for the two folders. */
    public Result ok(String line, Object... values) {
      return Cli.ok((Object[]) words(line, values));
    }

    private String[] words(String line, Object... values) {
      String[] words = Cli.words(line, values);
      for (int i = 0; i < words.length; i++) {
        words[i] =
            switch (words[i]) {
              case "TARGET" -> target.toString();
              case "OUT" -> out.toString();
              default -> words[i];
            };
      }
      return words;
    }
  }

  /** The words of {@code line}, each {@code {}} replaced by the next value; all values used. */
  static String[] words(String line, Object... values) {
    String[] words = line.strip().split(" +");
    int next = 0;
    for (int i = 0; i < words.length; i++) {
      if (words[i].equals("{}")) {
        if (next == values.length) {
          throw new IllegalArgumentException("more {} than values in: " + line);
        }
        words[i] = String.valueOf(values[next++]);
      }
    }
    if (next != values.length) {
      throw new IllegalArgumentException("more values than {} in: " + line);
    }
    return words;
  }

  /**
   * A child JVM writing {@code target} through the page cache for {@code time}, sampled every
   * {@code interval}, into {@code out}, recorded in {@code db}: a real engine (a null-engine run
   * measures no drive and is never recorded) wrapping over a 16 MiB file, cheap and never waiting
   * on the disk. Its stdout and stderr go to the files named, as for {@link #start}.
   */
  public static Process startCachedWrite(
      Path stdout, Path stderr, Path target, String time, String interval, Path out, Object db)
      throws IOException {
    return start(
        stdout,
        stderr,
        "write",
        target.toString(),
        "--buffered",
        "--size",
        "16MiB",
        "--time",
        time,
        "--interval",
        interval,
        "--out",
        out.toString(),
        "--db",
        db.toString());
  }

  /**
   * A child JVM running {@link Main} with the test's class path; stdout/stderr to files. Its SIGINT
   * is the default even when the tests run with it ignored (a job started in the background by a
   * script inherits SIGINT ignored, and the JVM then keeps ignoring it): see {@link #interrupt}.
   */
  public static Process start(Path stdout, Path stderr, String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    if (envResetsSignals()) {
      cmd.addAll(List.of("env", "--default-signal=INT"));
    }
    cmd.addAll(command(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.redirectOutput(stdout.toFile());
    pb.redirectError(stderr.toFile());
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    return pb.start();
  }

  /**
   * Sends SIGINT to a child from {@link #start}, as Ctrl-C would; skips the test where the child
   * ignores SIGINT anyway (tests run in the background, and an env without --default-signal).
   */
  public static void interrupt(Process child) throws IOException, InterruptedException {
    Path status = Path.of("/proc", Long.toString(child.pid()), "status");
    for (String line : java.nio.file.Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        long ignored = Long.parseUnsignedLong(line.substring(7).strip(), 16);
        org.junit.jupiter.api.Assumptions.assumeTrue(
            (ignored & (1L << (2 - 1))) == 0,
            "SIGINT is ignored in this test run (started in the background?) and env cannot"
                + " reset it");
      }
    }
    new ProcessBuilder("kill", "-INT", Long.toString(child.pid())).start().waitFor();
  }

  /**
   * As {@link #startLine}, its stdout and stderr into the files {@code stdout} and {@code stderr}
   * of {@code dir}.
   */
  public static Process startIn(Path dir, String line, Object... values) throws IOException {
    return startLine(dir.resolve("stdout"), dir.resolve("stderr"), line, values);
  }

  /** As {@link #start}, the command line written as for {@link #runLine}. */
  public static Process startLine(Path stdout, Path stderr, String line, Object... values)
      throws IOException {
    return start(stdout, stderr, words(line, values));
  }

  /**
   * What a child from {@link #start} printed into {@code file}, for an assertion's description: a
   * file that is not there (the child never started) reads "(none)" rather than failing again.
   */
  public static String printed(Path file) {
    try {
      return java.nio.file.Files.readString(file);
    } catch (IOException e) {
      return "(none)";
    }
  }

  private static Boolean envResets;

  /** Whether env(1) has --default-signal (coreutils 8.31 and later). */
  private static synchronized boolean envResetsSignals() {
    if (envResets == null) {
      try {
        Process p =
            new ProcessBuilder("env", "--default-signal=INT", "true")
                .redirectErrorStream(true)
                .start();
        p.getInputStream().readAllBytes();
        envResets = p.waitFor() == 0;
      } catch (IOException | InterruptedException e) {
        envResets = false;
      }
    }
    return envResets;
  }

  /** The command line of a child JVM running {@link Main} with {@code args}. */
  public static List<String> command(String... args) {
    return ChildJvm.command("--enable-native-access=ALL-UNNAMED", Main.class, args);
  }
}
