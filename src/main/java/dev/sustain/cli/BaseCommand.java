package dev.sustain.cli;

import dev.sustain.run.RunStatus;
import dev.sustain.unit.UsageException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.util.concurrent.Callable;
import picocli.CommandLine;

/**
 * The base of every subcommand: {@link #execute()} does the work and returns an exit code; a {@link
 * UsageException} (bad input, refused job) becomes one line on stderr and exit 2, and an unexpected
 * exception one line and exit 1, never a stack trace. Subcommands print through {@link #out()} and
 * {@link #err()} so tests can capture them.
 */
@CommandLine.Command
public abstract class BaseCommand implements Callable<Integer> {

  @CommandLine.Spec protected CommandLine.Model.CommandSpec spec;

  /** The work of the command; returns an exit code from {@link ExitCodes}. */
  protected abstract int execute() throws Exception;

  /**
   * Begins, on threads of its own, what the command will need once its input is checked (a run's
   * history: {@link DbOption#warmUp}); nothing by default. It must create and change nothing.
   */
  protected void starting() {}

  @Override
  public final Integer call() {
    try {
      starting();
      return execute();
    } catch (UsageException e) {
      err().println("sustain " + spec.name() + ": " + e.getMessage());
      err().flush();
      return ExitCodes.USAGE;
    } catch (AccessDeniedException e) {
      // The system refused a path the user named (permissions): a refusal, not a failed run.
      err().println("sustain " + spec.name() + ": permission denied: " + e.getFile());
      err().flush();
      return ExitCodes.USAGE;
    } catch (UncheckedIOException e) {
      err().println("sustain " + spec.name() + ": " + e.getCause().getMessage());
      err().flush();
      return ExitCodes.RUN_FAILED;
    } catch (Exception e) {
      String msg = e.getMessage() != null ? e.getMessage() : e.toString();
      err().println("sustain " + spec.name() + ": " + msg);
      if (System.getenv("SUSTAIN_DEBUG") != null) {
        e.printStackTrace(err());
      }
      err().flush();
      return ExitCodes.RUN_FAILED;
    }
  }

  /** The exit code for a finished run; a failed one's error goes to stderr as one line first. */
  protected int exitFor(RunStatus status, String error) {
    if (status == RunStatus.FAILED) {
      err().println("sustain " + spec.name() + ": " + error);
    }
    return ExitCodes.of(status);
  }

  protected PrintWriter out() {
    return spec.commandLine().getOut();
  }

  protected PrintWriter err() {
    return spec.commandLine().getErr();
  }
}
