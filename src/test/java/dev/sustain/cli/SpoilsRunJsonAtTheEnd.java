package dev.sustain.cli;

import dev.sustain.run.RunFolder;
import dev.sustain.workload.CopyRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An observer that spoils a run's run.json once the run has told what it wrote, for the tests that
 * the words after a run come from the text the run kept, not from its folder read back. A copy's
 * observer, and so a write's too ({@link CopyRun.Observer} is a {@code RunObserver}).
 */
final class SpoilsRunJsonAtTheEnd implements CopyRun.Observer {

  private final Path out;

  /** Spoils out/run.json when the run finishes. */
  SpoilsRunJsonAtTheEnd(Path out) {
    this.out = out;
  }

  @Override
  public void finished(Ended ended) {
    try {
      Files.writeString(out.resolve(RunFolder.RUN_JSON), "{not what the run wrote");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
