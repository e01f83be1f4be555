package dev.sustain.store;

import dev.sustain.document.RunDocumentCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The folder of a run named by its id (as {@code history} and the dashboard show it), for the
 * commands that take a run folder: the folder the history recorded for it, else one under the runs
 * folder that a run without {@code --out} made ({@code RUNID-COMMAND}) and whose run.json names
 * that id. Stateless.
 */
public final class RunById {

  /**
   * What a run id can be: Sustain's own ({@code 20261130-101502-3fa9}) or the history's for an
   * imported folder (a UUID). Never a path: it names no folder of its own.
   */
  private static final Pattern ID = Pattern.compile("[0-9A-Za-z][0-9A-Za-z-]{0,63}");

  private RunById() {}

  /** No run folder is named by what was given: {@link #getMessage} says where it was looked for. */
  public static final class NotFound extends Exception {
    NotFound(String message) {
      super(message);
    }
  }

  /**
   * The folder {@code given} names: itself when it is there or cannot be a run id (a path, with the
   * errors of a path), else the folder of the run with that id, from the history (when one is
   * given) or the runs folder.
   *
   * @param history the history to ask first, or null for none: asked only for an id, so a path is
   *     taken whatever the history option says
   * @param runsParent where runs made without {@code --out} are
   * @throws NotFound when neither knows the id, in one line that says where it looked (and why the
   *     history could not be asked, when it could not)
   */
  public static Path folderOf(Path given, Supplier<DbLocation> history, Path runsParent)
      throws NotFound {
    String text = given.toString();
    if (Files.exists(given) || !looksLikeId(text)) {
      return given;
    }
    return byId(text, history.get(), runsParent);
  }

  private static Path byId(String text, DbLocation history, Path runsParent) throws NotFound {
    Optional<Path> found = Optional.empty();
    String unread = "";
    if (history != null) {
      try {
        found = inHistory(text, history);
      } catch (StoreException e) {
        unread = " (the history could not be read: " + e.getMessage() + ")";
      }
    }
    if (found.isEmpty()) {
      found = underRunsFolder(text, runsParent);
    }
    if (found.isPresent()) {
      return found.get();
    }
    String where = history == null ? "" : "in the history at " + history.redacted() + " or ";
    throw new NotFound(
        text
            + " is neither a run folder nor the id of a run "
            + where
            + "under "
            + runsParent
            + unread);
  }

  /** True when {@code text} could be a run id rather than a path. */
  public static boolean looksLikeId(String text) {
    return ID.matcher(text).matches();
  }

  /**
   * The folder the history at {@code history} recorded for the run {@code runId}, when it is still
   * a run folder; empty when the history has no such run or its folder is gone.
   *
   * @throws StoreException when the history cannot be read
   */
  public static Optional<Path> inHistory(String runId, DbLocation history) {
    Optional<Path> recorded;
    try (RunStore store = RunStore.open(history)) {
      recorded = store.find(runId).map(RunRecord::runFolder).map(Path::of);
    }
    return recorded.filter(RunDocumentCodec::exists);
  }

  /**
   * A folder {@code RUNID-COMMAND} under {@code runsParent} whose run.json names {@code runId}: the
   * name alone could be any folder's, the run id in it is the run's own.
   */
  public static Optional<Path> underRunsFolder(String runId, Path runsParent) {
    if (!Files.isDirectory(runsParent)) {
      return Optional.empty();
    }
    List<Path> named = new ArrayList<>();
    try (Stream<Path> entries = Files.list(runsParent)) {
      entries
          .filter(p -> p.getFileName().toString().startsWith(runId + "-"))
          .filter(Files::isDirectory)
          .sorted()
          .forEach(named::add);
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty(); // an unreadable runs folder holds nothing this can name
    }
    for (Path folder : named) {
      if (idIn(folder).filter(runId::equals).isPresent()) {
        return Optional.of(folder);
      }
    }
    return Optional.empty();
  }

  private static Optional<String> idIn(Path folder) {
    if (!RunDocumentCodec.exists(folder)) {
      return Optional.empty();
    }
    try {
      return RunDocumentCodec.read(folder).runId();
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // not a run folder Sustain can read: not the run asked for
    }
  }
}
