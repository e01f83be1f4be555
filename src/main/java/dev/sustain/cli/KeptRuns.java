package dev.sustain.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.report.RunContext;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.sampling.SamplesCsvLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a command's runs kept, as their lifecycle told it ({@link RunObserver#kept}): the command's
 * output after a run ({@code --json}'s document, the exit of {@code --until floor}, a group's exit)
 * is made from run.json as the run wrote it, not from the folder read back. A run that told nothing
 * (a write whose analysis.json could not be written) is read from its folder, as before.
 */
final class KeptRuns implements RunObserver {

  private final Map<Path, Kept> kept = new ConcurrentHashMap<>();

  @Override
  public void kept(Kept k) {
    kept.put(key(k.runFolder()), k);
  }

  /** run.json of the run in {@code runFolder} as a tree, to add the command's own fields to. */
  ObjectNode runJson(Path runFolder) throws IOException {
    Kept k = kept.get(key(runFolder));
    return (ObjectNode)
        (k == null
            ? RunFolder.JSON.readTree(runFolder.resolve(RunFolder.RUN_JSON).toFile())
            : RunFolder.JSON.readTree(k.runJson()));
  }

  /** What the words of the run in {@code runFolder} need of its run.json. */
  RunContext context(Path runFolder) {
    Kept k = kept.get(key(runFolder));
    if (k == null) {
      return RunContext.read(runFolder);
    }
    try {
      return RunContext.of(RunFolder.JSON.readTree(k.runJson()));
    } catch (IOException | RuntimeException e) {
      return RunContext.NONE; // as RunContext.read says of a run.json it cannot read
    }
  }

  /** run.json's text as the run in {@code runFolder} wrote it; null when it told nothing. */
  String runJsonText(Path runFolder) {
    Kept k = kept.get(key(runFolder));
    return k == null ? null : k.runJson();
  }

  /** What the run in {@code runFolder} kept; null when it told nothing. */
  Kept get(Path runFolder) {
    return kept.get(key(runFolder));
  }

  /** What the run in {@code runFolder} kept, forgotten from now on; null when it told nothing. */
  Kept take(Path runFolder) {
    return kept.remove(key(runFolder));
  }

  /**
   * The run in {@code runFolder} with its analysis.json's text and the rows that analysis read
   * (null for none), when it kept its folder.
   */
  void withAnalysis(Path runFolder, String analysisJson, SamplesCsvLines rows) {
    kept.computeIfPresent(key(runFolder), (folder, k) -> k.withAnalysis(analysisJson, rows));
  }

  private static Path key(Path runFolder) {
    return runFolder.toAbsolutePath().normalize();
  }
}
