package dev.sustain.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The top command: {@code sustain <subcommand>}. */
@Command(
    name = "sustain",
    mixinStandardHelpOptions = true,
    versionProvider = SustainCommand.Version.class,
    description = "What a drive really writes under a long write: cache, cliff, floor, stalls.",
    subcommands = {
      WriteCommand.class,
      FillCommand.class,
      DatasetCommand.class,
      CopyCommand.class,
      AnalyzeCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      InfoCommand.class,
      CleanCommand.class,
      TrimCommand.class,
      HistoryCommand.class,
      ReadCommand.class,
      VerifyCommand.class,
      SweepCommand.class,
      ServeCommand.class,
      CommandLine.HelpCommand.class,
    })
public final class SustainCommand implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Runs the command line with the process's streams and returns the exit code. */
  public static int execute(String[] args) {
    return execute(
        args,
        new PrintWriter(System.out, true, java.nio.charset.StandardCharsets.UTF_8),
        new PrintWriter(System.err, true, java.nio.charset.StandardCharsets.UTF_8));
  }

  /** Runs the command line with the given writers (tests capture them). */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = commandLine(out, err);
    return cl.execute(args);
  }

  /** The configured command line: one-line errors, exit 2 for bad input. */
  public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    CommandLine cl = new CommandLine(new SustainCommand());
    cl.setOut(out);
    cl.setErr(err);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    cl.setParameterExceptionHandler(
        (ex, args) -> {
          PrintWriter e = ex.getCommandLine().getErr();
          e.println("sustain: " + ex.getMessage());
          e.flush();
          return ExitCodes.USAGE;
        });
    cl.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          PrintWriter e = commandLine.getErr();
          e.println("sustain: internal error: " + ex);
          e.flush();
          return ExitCodes.RUN_FAILED;
        });
    return cl;
  }

  /** The version from run.json's tool version. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"sustain " + dev.sustain.run.RunJson.TOOL_VERSION};
    }
  }
}
