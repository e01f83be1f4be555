package dev.sustain.run;

import dev.sustain.target.FileLayout;
import java.nio.file.Path;

/**
 * The layout of a write run's test file before the clock starts, by the rules fio's defaults set
 * the expectation for: a file whose size is known in advance is preallocated ({@code --size}, with
 * or without {@code --time}; {@code --until floor} with {@code --size}); one whose size is not
 * known ({@code --time} alone, {@code --until floor} alone) is written sparse and the text says so;
 * the null engine has no file. Stateless.
 */
final class WriteLayout {

  private WriteLayout() {}

  /**
   * Lays out {@code file} for the run.
   *
   * @param sizeBytes the file's size, rounded to whole requests; -1 when the run's size is unknown
   * @throws dev.sustain.unit.UsageException when the space is not there (the file is removed)
   */
  static FileLayout prepare(WriteParams p, String engineName, Path file, long sizeBytes) {
    if ("null".equals(engineName)) {
      return FileLayout.none(); // it writes no file
    }
    if (!p.preallocate()) {
      return FileLayout.sparse("--no-preallocate: the file system allocates while the clock runs");
    }
    if (p.sizeBytes() < 0 || sizeBytes <= 0) {
      return FileLayout.sparse(
          ("floor".equals(p.until()) ? "--until floor" : "--time")
              + " without --size does not say how much will be written; give --size to"
              + " preallocate");
    }
    return FileLayout.preallocate(file, sizeBytes);
  }
}
