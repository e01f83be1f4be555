package dev.sustain.cli;

import dev.sustain.report.RunContext;
import dev.sustain.run.KeptRuns;
import dev.sustain.run.RunFolder;
import java.io.IOException;
import java.nio.file.Path;

/** What the words of a run need of its run.json, from what the run kept. Stateless. */
final class KeptContext {

  private KeptContext() {}

  /** The context of the run in {@code runFolder}: from its kept run.json, else from its folder. */
  static RunContext of(KeptRuns kept, Path runFolder) {
    String text = kept.runJsonText(runFolder);
    if (text == null) {
      return RunContext.read(runFolder);
    }
    try {
      return RunContext.of(RunFolder.JSON.readTree(text));
    } catch (IOException | RuntimeException e) {
      return RunContext.NONE; // as RunContext.read says of a run.json it cannot read
    }
  }
}
