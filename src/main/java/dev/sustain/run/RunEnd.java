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

  /**
   * The test file goes before the run's end is written, once the engine lets go of it: on a file
   * system that the run filled, its room is what run.json and analysis.json need. (The caller
   * removes it again, which is then nothing, after a failure on the way here.)
   */
  static void removeTestFile(java.nio.file.Path testFile, dev.sustain.engine.IoEngine engine) {
    try {
      engine.close();
      java.nio.file.Files.deleteIfExists(testFile);
    } catch (IOException e) {
      // left to the caller's removal: a file that cannot be removed now cannot be then either
    }
  }

  /**
   * The warning for an analysis.json that could not be written: run.json holds the run's end, and
   * {@code sustain analyze} makes the analysis again.
   */
  static String analysisNotWritten(RunFolder folder, IOException e) {
    return "could not write "
        + folder.dir().resolve(RunFolder.ANALYSIS_JSON)
        + " ("
        + ErrnoException.reasonOf(e)
        + "); 'sustain analyze "
        + folder.dir()
        + "' makes it again";
  }
}
