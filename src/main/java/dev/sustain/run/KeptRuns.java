package dev.sustain.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.sampling.SamplesCsvLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What runs kept, as their lifecycle told it ({@link RunObserver#kept}), by run folder: whatever is
 * made after a run (a command's {@code --json} document, the exit of {@code --until floor}, the
 * comparison of a repeat's passes, a group's analysis of its members) is made from run.json as the
 * run wrote it and the rows its end read, not from the folder read back. A run that told nothing (a
 * write whose analysis.json could not be written) is read from its folder. The one store of these
 * for every command and workload. Thread-safe: the runs of a group tell it from their own threads.
 */
public final class KeptRuns implements RunObserver {

  private final Map<Path, Kept> kept = new ConcurrentHashMap<>();

  @Override
  public void kept(Kept k) {
    kept.put(key(k.runFolder()), k);
  }

  /** run.json of the run in {@code runFolder} as a tree, to add the command's own fields to. */
  public ObjectNode runJson(Path runFolder) throws IOException {
    Kept k = kept.get(key(runFolder));
    return (ObjectNode)
        (k == null
            ? RunFolder.JSON.readTree(runFolder.resolve(RunFolder.RUN_JSON).toFile())
            : RunFolder.JSON.readTree(k.runJson()));
  }

  /** run.json's text as the run in {@code runFolder} wrote it; null when it told nothing. */
  public String runJsonText(Path runFolder) {
    Kept k = kept.get(key(runFolder));
    return k == null ? null : k.runJson();
  }

  /** What the run in {@code runFolder} kept; null when it told nothing. */
  public Kept get(Path runFolder) {
    return kept.get(key(runFolder));
  }

  /** What the run in {@code runFolder} kept, forgotten from now on; null when it told nothing. */
  public Kept take(Path runFolder) {
    return kept.remove(key(runFolder));
  }

  /**
   * The run in {@code runFolder} with its analysis.json's text and the rows that analysis read
   * (null for none), when it kept its folder.
   */
  public void withAnalysis(Path runFolder, String analysisJson, SamplesCsvLines rows) {
    kept.computeIfPresent(key(runFolder), (folder, k) -> k.withAnalysis(analysisJson, rows));
  }

  private static Path key(Path runFolder) {
    return runFolder.toAbsolutePath().normalize();
  }
}
