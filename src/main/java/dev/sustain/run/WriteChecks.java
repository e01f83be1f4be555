package dev.sustain.run;

import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import dev.sustain.pattern.PatternSpec;
import dev.sustain.unit.UsageException;
import java.nio.file.Path;

/** The write run's checks of its request size and its words for a target it cannot open. */
public final class WriteChecks {

  private WriteChecks() {}

  /**
   * Refuses a request size that the data or direct I/O cannot take: verifiable data is made of
   * whole 4 KiB blocks, and direct I/O needs the device's logical block (or the engine's more).
   */
  static void blockSize(WriteParams params, IoEngine engine, int logical, long align) {
    PatternSpec spec = WriteRun.pattern(params);
    if (spec.verifiable() && params.blockBytes() % WriteRun.VERIFIABLE_BLOCK_BYTES != 0) {
      throw new UsageException(
          "--bs "
              + params.blockBytes()
              + " B is not a multiple of 4 KiB, which --pattern "
              + spec.name()
              + " needs: every 4 KiB block carries its own header (--pattern zeros takes any"
              + " size)");
    }
    requireAligned(
        params.blockBytes(),
        align,
        ", the device's logical block"
            + (align > logical ? " as the " + engine.name() + " engine needs it" : ""),
        "");
  }

  /**
   * Refuses a request size that is not a multiple of {@code alignBytes}, which direct I/O needs.
   *
   * @param whatAlignIs words after the alignment that say what it is, or ""
   * @param where words after "which direct I/O requires", or ""
   */
  public static void requireAligned(
      int blockBytes, long alignBytes, String whatAlignIs, String where) {
    if (blockBytes % alignBytes != 0) {
      throw new UsageException(
          String.format(
              java.util.Locale.ROOT,
              "--bs %d B is not a multiple of %d B%s, which direct I/O requires%s;"
                  + " use a multiple of it or --buffered",
              blockBytes,
              alignBytes,
              whatAlignIs,
              where));
    }
  }

  /**
   * The free bytes of the file system holding {@code folder} (what an unprivileged writer may use),
   * or null when it cannot be read: {@code before.free_bytes} is a fact, never a guess.
   */
  static Long freeBytes(Path folder) {
    try {
      return java.nio.file.Files.getFileStore(folder).getUsableSpace();
    } catch (java.io.IOException | SecurityException e) {
      return null;
    }
  }

  /** Why the target could not be opened, in one line for people. */
  static String openProblem(Path path, Path folder, boolean direct, ErrnoException e) {
    if (direct && e.errno() == Errno.EINVAL) {
      return (folder != null ? "the file system at " + folder : path)
          + " does not support direct I/O (O_DIRECT); use --buffered";
    }
    return "cannot open " + path + " for writing: " + e.getMessage();
  }
}
