package dev.sustain.workload;

import dev.sustain.document.RunDocument;
import dev.sustain.target.FileLayout;
import dev.sustain.unit.Units;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How a fill lays out its files: each is preallocated to its size while the file system has room
 * for it (fallocate, as fio does), and the last one, which the space no longer covers, is written
 * sparse until the file system is full. The fill's clock runs through the allocations between
 * files: their total time ({@code layout_s}) is part of the fill's time and average, as the
 * per-interval rates show it (a short dip where a file starts), and said apart. One thread.
 */
final class FillLayout {

  private final boolean wanted;
  private final boolean writesFiles;
  private int files;
  private int preallocatedFiles;
  private long preallocatedBytes;
  private double seconds;
  private String lastSparseNote;

  /**
   * @param wanted false with {@code --no-preallocate}
   * @param writesFiles false for the null engine, which makes no files
   */
  FillLayout(boolean wanted, boolean writesFiles) {
    this.wanted = wanted && writesFiles;
    this.writesFiles = writesFiles;
  }

  /**
   * Lays out {@code [offsetBytes, offsetBytes + bytes)} of the next file before it is written.
   *
   * @return the file's layout: {@link FileLayout#cutTo} it when it ends before it is complete
   */
  FileLayout next(Path file, long offsetBytes, long bytes) throws IOException {
    files++;
    if (!wanted) {
      return FileLayout.none();
    }
    FileLayout l =
        Files.getFileStore(file.getParent()).getUsableSpace() < bytes
            ? FileLayout.sparse("the last file: written until the file system is full")
            : FileLayout.preallocateWhileItFits(file, offsetBytes, bytes);
    seconds += l.seconds();
    if (l.preallocated()) {
      preallocatedFiles++;
      preallocatedBytes += l.bytes();
    } else {
      lastSparseNote = l.note();
    }
    return l;
  }

  /** Seconds spent preallocating, part of the fill's time. */
  double seconds() {
    return seconds;
  }

  /** One line for people, or null when nothing was laid out (--no-preallocate, null engine). */
  String note() {
    if (!writesFiles || files == 0) {
      return null;
    }
    if (!wanted) {
      return FileLayout.sparse("--no-preallocate: the file system allocates while the clock runs")
          .note();
    }
    if (preallocatedFiles == 0) {
      return lastSparseNote;
    }
    return "Layout: preallocated "
        + preallocatedFiles
        + " of "
        + files
        + (files == 1 ? " file (" : " files (")
        + Units.decimalBytes(preallocatedBytes)
        + ") in "
        + Units.fixed(seconds, 3)
        + " s between files, part of the fill's time"
        + (preallocatedFiles < files
            ? "; the last written sparse until the file system is full"
            : "")
        + ".";
  }

  /** How the files were laid out, for run.json's result: the kind, its time and its note. */
  RunDocument.Layout layout() {
    FileLayout.Kind kind =
        !writesFiles || files == 0
            ? FileLayout.Kind.NONE
            : preallocatedFiles > 0 ? FileLayout.Kind.PREALLOCATED : FileLayout.Kind.SPARSE;
    return new RunDocument.Layout(
        kind.word(), OptionalDouble.of(seconds), Optional.ofNullable(note()));
  }
}
