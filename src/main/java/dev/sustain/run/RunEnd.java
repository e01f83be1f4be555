package dev.sustain.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.engine.ErrnoException;
import java.io.IOException;

/** Writing a run's end, where the file system holding the run folder may be full. Stateless. */
public final class RunEnd {

  private RunEnd() {}

  /**
   * The run's end into run.json. When even that cannot be written (the file system holding the run
   * folder is full after all, or gone read-only), the exception's one line says so and what is
   * left: run.json as it was, whole, and the samples, which {@code sustain analyze} reads without
   * it.
   */
  public static void write(RunFolder folder, ObjectNode runJson) throws IOException {
    try {
      folder.writeRunJson(runJson);
    } catch (IOException e) {
      throw new IOException(
          "could not write the run's end to "
              + folder.runJson()
              + " ("
              + ErrnoException.reasonOf(e)
              + "): it still says running; the samples are in "
              + folder.samplesCsv()
              + ", and 'sustain analyze "
              + folder.dir()
              + "' reads them",
          e);
    }
  }
}
