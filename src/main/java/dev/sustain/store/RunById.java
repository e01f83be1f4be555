package dev.sustain.store;

import dev.sustain.document.RunDocumentCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
