package dev.sustain.target;

import dev.sustain.engine.Errno;
import dev.sustain.engine.FileSpace;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * How a test file's space was laid out before the timed run. As fio does by default ({@code
 * fallocate=native}), a file whose size is known is preallocated, so the run overwrites allocated
 * space and times the drive, not the file system's allocator; the time that took is recorded
 * ({@code layout_s}) and never counted in a rate. Immutable.
 *
 * @param kind what was done
 * @param bytes bytes preallocated (0 unless {@link Kind#PREALLOCATED})
 * @param seconds how long the preallocation took
 * @param note one line for people saying what was done and why; null for {@link Kind#NONE}
 */
public record FileLayout(Kind kind, long bytes, double seconds, String note) {

  /** What was done to the file before the run. */
  public enum Kind {
    /** Allocated to its full size (fallocate). */
    PREALLOCATED,
    /** Written as a sparse file that grows with the run: asked for, or not possible. */
    SPARSE,
    /** No file to lay out: a raw device, or the null engine. */
    NONE;

    /** The word run.json keeps. */
    public String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Allocates a range of a file; returns 0 or a negated errno, as {@link FileSpace#allocate}. */
  @FunctionalInterface
  interface Allocator {
    int allocate(Path file, long offsetBytes, long lengthBytes);
  }

  /** No file: a raw device or the null engine. */
  public static FileLayout none() {
    return new FileLayout(Kind.NONE, 0, 0, null);
  }

  /** A sparse file, for the reason given (one clause, e.g. "--no-preallocate"). */
  public static FileLayout sparse(String why) {
    return new FileLayout(Kind.SPARSE, 0, 0, "Layout: not preallocated (" + why + ").");
  }

  /** True when the file was allocated to its size before the run. */
  public boolean preallocated() {
    return kind == Kind.PREALLOCATED;
  }

  /**
   * Preallocates {@code file} (created when missing) to {@code bytes}.
   *
   * @return the layout; a sparse one with the reason when the file system cannot preallocate
   * @throws UsageException when the space is not there (the file is removed): the job does not fit
   */
  public static FileLayout preallocate(Path file, long bytes) {
    return preallocate(file, 0, bytes, FileSpace::allocate);
  }

  /**
   * For a fill: preallocates {@code [offsetBytes, offsetBytes + bytes)} of {@code file} (created
   * when missing; a resumed file keeps what it holds before the offset) while the space is there.
   * When it is not, the file is cut back to the offset and written sparse until the file system is
   * full, which is how a fill ends.
   */
  public static FileLayout preallocateWhileItFits(Path file, long offsetBytes, long bytes) {
    return preallocateWhileItFits(file, offsetBytes, bytes, FileSpace::allocate);
  }

  static FileLayout preallocateWhileItFits(
      Path file, long offsetBytes, long bytes, Allocator allocator) {
    return allocate(file, offsetBytes, bytes, allocator, r -> sparseToTheEnd(file, offsetBytes));
  }

  static FileLayout preallocate(Path file, long offsetBytes, long bytes, Allocator allocator) {
    return allocate(
        file,
        offsetBytes,
        bytes,
        allocator,
        r -> {
          throw notEnoughSpace(file, bytes, r);
        });
  }

  /**
   * A fill's last file: cut back to the offset and written sparse until the file system is full.
   */
  private static FileLayout sparseToTheEnd(Path file, long offsetBytes) {
    try {
      cutTo(file, offsetBytes); // give back what a failed allocation may have taken
    } catch (IOException e) {
      // the file is written sparse all the same; the file system reports what it can hold
    }
    return sparse("the last file: written until the file system is full");
  }

  /** A job that does not fit: the file is removed and the user told why. */
  private static UsageException notEnoughSpace(Path file, long bytes, int errno) {
    removeQuietly(file);
    return new UsageException(
        "not enough free space in "
            + file.getParent()
            + ": the job needs "
            + Units.decimalBytes(bytes)
            + (errno == -Errno.EFBIG
                ? ", more than one file can hold there"
                : ", and the file system could not allocate it")
            + " ("
            + Errno.describe(errno)
            + ")");
  }

  /**
   * Allocates and times it: preallocated when it worked, {@code noRoom}'s answer when the space (or
   * the file size) is not there, sparse with the reason when the file system cannot allocate.
   */
  private static FileLayout allocate(
      Path file,
      long offsetBytes,
      long bytes,
      Allocator allocator,
      java.util.function.IntFunction<FileLayout> noRoom) {
    long t0 = System.nanoTime();
    int r = allocator.allocate(file, offsetBytes, bytes);
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (r == 0) {
      return done(bytes, seconds);
    }
    if (r == -Errno.ENOSPC || r == -Errno.EDQUOT || r == -Errno.EFBIG) {
      return noRoom.apply(r);
    }
    return unsupported(file, r);
  }

  private static FileLayout done(long bytes, double seconds) {
    return new FileLayout(
        Kind.PREALLOCATED,
        bytes,
        seconds,
        "Layout: preallocated "
            + Units.decimalBytes(bytes)
            + " in "
            + Units.fixed(seconds, 3)
            + " s before the clock started, as fio does (not counted in the rate;"
            + " --no-preallocate writes a sparse file).");
  }

  private static FileLayout unsupported(Path file, int errno) {
    return sparse(
        "the file system at "
            + file.getParent()
            + " cannot preallocate: "
            + Errno.describe(errno)
            + "; written sparse, as with --no-preallocate");
  }

  /**
   * Cuts a preallocated file that is kept down to {@code writtenBytes}, the part the run wrote: the
   * rest holds no data of the run, and a file read back without its run folder must not look longer
   * than what was written. Nothing happens when the file is already that short.
   */
  public static void cutTo(Path file, long writtenBytes) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      if (ch.size() > writtenBytes) {
        ch.truncate(Math.max(0, writtenBytes));
      }
    }
  }

  private static void removeQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // the refusal says what matters; a leftover is found by the next run
    }
  }
}
