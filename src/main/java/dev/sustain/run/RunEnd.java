package dev.sustain.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import java.io.IOException;

/** Writing a run's end, where the file system holding the run folder may be full. Stateless. */
public final class RunEnd {

  private RunEnd() {}

  /**
   * The run's end into run.json. When even that cannot be written (the file system holding the run
   * folder is full after all, or gone read-only), the exception's one line says so and what is
   * left: run.json as it was, whole, and the samples, which {@code sustain analyze} reads without
   * it.
   *
   * @return run.json's text as written
   */
  public static String write(RunFolder folder, ObjectNode runJson) throws IOException {
    try {
      return folder.writeRunJson(runJson);
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
  static void removeTestFile(java.nio.file.Path testFile, IoEngine engine) {
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

  /** The system property naming the file of {@link #testMomentBeforeEnd}. */
  public static final String BEFORE_END_PROPERTY = "sustain.test.beforeEnd";

  /**
   * A test's hold on one moment: after the write and its flush ended, before the run's end is
   * written. With the system property {@link #BEFORE_END_PROPERTY} naming a file, makes the file
   * and waits for the stop (the signal a test sends once it sees the file), a minute at most, so a
   * signal lands in that moment for sure; then makes the file's {@code .taken} sibling and waits
   * for its {@code .go} sibling (a minute at most), so a test can send more signals into the same
   * moment, each once the last was taken. Without the property, nothing.
   */
  static void testMomentBeforeEnd(java.util.function.BooleanSupplier stopped) {
    String mark = System.getProperty(BEFORE_END_PROPERTY);
    if (mark == null) {
      return;
    }
    try {
      java.nio.file.Files.createFile(java.nio.file.Path.of(mark));
      long deadlineNanos = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(1);
      while (!stopped.getAsBoolean() && System.nanoTime() < deadlineNanos) {
        Thread.sleep(5);
      }
      java.nio.file.Files.createFile(java.nio.file.Path.of(mark + ".taken"));
      java.nio.file.Path go = java.nio.file.Path.of(mark + ".go");
      while (!java.nio.file.Files.exists(go) && System.nanoTime() < deadlineNanos) {
        Thread.sleep(5);
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
