package dev.sustain.cli;

import dev.sustain.run.RunFolder;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunById;
import dev.sustain.unit.UsageException;
import dev.sustain.workload.CleanRun;
import java.nio.file.Path;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code sustain clean RUN}: removes the test file a run left behind (a killed run's, or a kept
 * one; a fill's files; a copy's pass folders) and, for a run that was killed, records in its
 * run.json and in the history that it was killed ({@link CleanRun} does the work on the folder). A
 * run that is still going is refused, and so is a running one of another host, which only its own
 * host can tell from a live one.
 *
 * <p>The dashboard and {@code history} already show such a run as killed on its host (they read the
 * history and check the process: RunLiveness), but they only read. This command is the one that
 * writes it down, because it runs on the run's host and is asked to end the run's leftovers: after
 * it, every host's dashboard shows the run as killed, not stale.
 */
@Command(name = "clean", mixinStandardHelpOptions = true)
public final class CleanCommand extends BaseCommand {

  /** A run folder, or a run's id as {@code history} shows it. */
  @Parameters(index = "0", paramLabel = "RUN")
  Path given;

  @Mixin DbOption db = new DbOption();

  @Override
  protected int execute() throws Exception {
    Path run = folderOf(given);
    CleanRun.Cleaned cleaned = CleanRun.clean(run, out()::println);
    if (cleaned.markedKilled()) {
      // Its rows and status in the history too (a warning, not a failure, when it is out of
      // reach: the run folder is what clean is about).
      if (!historyThere()) {
        out().println("Not recorded in a history: there is none at " + db.location().sqliteFile());
      } else if (db.recordQuietly(run, err()) != null) {
        out().println("Recorded it as killed in the history");
      }
    }
    if (!cleaned.removed()) {
      out().println("No test file left to remove for " + run);
    }
    out().flush();
    return ExitCodes.OK;
  }

  /** The folder {@code given} names ({@link RunById#folderOf}); one line when none is. */
  private Path folderOf(Path given) {
    Supplier<DbLocation> history = () -> db.none() || !historyThere() ? null : db.location();
    try {
      return RunById.folderOf(given, history, RunFolder.defaultParent());
    } catch (RunById.NotFound e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** A history file that is not there is not made by clean: it has no other runs to join. */
  private boolean historyThere() {
    if (db.none()) {
      return true; // --db none: recordQuietly records nothing and says nothing
    }
    try {
      db.existing();
      return true;
    } catch (UsageException e) {
      return false;
    }
  }
}
