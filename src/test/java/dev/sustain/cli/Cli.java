package dev.sustain.cli;

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

  /** A child JVM running {@link Main} with the test's class path; stdout/stderr to files. */
  public static Process start(Path stdout, Path stderr, String... args) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command(args));
    pb.redirectOutput(stdout.toFile());
    pb.redirectError(stderr.toFile());
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    return pb.start();
  }

  /** The command line of a child JVM running {@link Main} with {@code args}. */
  public static List<String> command(String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("--enable-native-access=ALL-UNNAMED");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Main.class.getName());
    cmd.addAll(List.of(args));
    return cmd;
  }
}
