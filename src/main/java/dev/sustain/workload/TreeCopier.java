package dev.sustain.workload;

import com.sun.nio.file.ExtendedOpenOption;
import dev.sustain.engine.PageCache;
import dev.sustain.sampling.RunCounters;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * A folder copied the way a user's copy does it, file by file with one buffer, and read back and
 * checked against what was read from the source: a CRC32C for every chunk of every file. One
 * thread; the counters it adds to are read by the sampler.
 */
public final class TreeCopier {

  /**
   * A regular file of the source tree.
   *
   * @param relative its path below the source, '/'-separated
   */
  public record SourceFile(String relative, long bytes) {}

  /** What was read from one source file: a CRC32C per chunk of {@code chunkBytes}. */
  public record Digest(long bytes, int[] chunkCrcs) {}

  /**
   * The outcome of a read-back.
   *
   * @param problems files missing, extra, of the wrong size or with different content
   * @param firstProblem one line for people about the first, or null
   * @param readCache {@code direct}, {@code dropped} or {@code cached} (see {@link PassResult})
   * @param bytes bytes read
   */
  public record Check(int problems, String firstProblem, String readCache, long bytes) {
    public boolean verified() {
      return problems == 0;
    }
  }

  private final int chunkBytes;
  private final ByteBuffer buffer;
  private final BooleanSupplier stop;

  /**
   * @param chunkBytes the size of each read and write, a multiple of 4096
   * @param stop polled between chunks
   */
  public TreeCopier(int chunkBytes, BooleanSupplier stop) {
    if (chunkBytes <= 0 || chunkBytes % 4096 != 0) {
      throw new IllegalArgumentException("the copy buffer must be a multiple of 4096 bytes");
    }
    this.chunkBytes = chunkBytes;
    // Aligned for O_DIRECT reads; one more page so an aligned slice of chunkBytes always fits.
    this.buffer = ByteBuffer.allocateDirect(chunkBytes + 4096).alignedSlice(4096);
    this.stop = stop;
  }

  /** The regular files below {@code root}, sorted by path; links and special files are skipped. */
  public static List<SourceFile> scan(Path root) throws IOException {
    List<SourceFile> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root, new FileVisitOption[0])) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          files.add(new SourceFile(relative(root, p), Files.size(p)));
        }
      }
    }
    files.sort(Comparator.comparing(SourceFile::relative));
    return files;
  }

  private static String relative(Path root, Path p) {
    return root.relativize(p).toString().replace(java.io.File.separatorChar, '/');
  }

  /**
   * Copies one file, adding every write to {@code counters}, and returns the digest of the bytes
   * read from the source (what the copy must hold).
   *
   * @return null when stopped
   */
  public Digest copyFile(Path source, Path target, RunCounters counters) throws IOException {
    Files.createDirectories(target.getParent());
    List<Integer> crcs = new ArrayList<>();
    CRC32C crc = new CRC32C();
    long total = 0;
    try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ);
        FileChannel out =
            FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      while (true) {
        if (stop.getAsBoolean()) {
          return null;
        }
        buffer.clear().limit(chunkBytes);
        int n = readFully(in, buffer);
        if (n <= 0) {
          break;
        }
        buffer.flip();
        crc.reset();
        crc.update(buffer.duplicate());
        crcs.add((int) crc.getValue());
        long t0 = System.nanoTime();
        while (buffer.hasRemaining()) {
          out.write(buffer);
        }
        counters.completed(n, System.nanoTime() - t0);
        total += n;
        if (n < chunkBytes) {
          break;
        }
      }
    }
    return new Digest(total, crcs.stream().mapToInt(Integer::intValue).toArray());
  }

  private static int readFully(FileChannel in, ByteBuffer b) throws IOException {
    int total = 0;
    while (b.hasRemaining()) {
      int n = in.read(b);
      if (n < 0) {
        return total == 0 ? -1 : total;
      }
      total += n;
    }
    return total;
  }

  /**
   * Puts the copy on the drive: one {@code syncfs} of the destination's file system (as a user's
   * sync), or where that is missing an fsync of every file and folder.
   *
   * @return {@code syncfs} or {@code fsync}, the way it was done
   */
  public static String flush(Path root, List<SourceFile> files) throws IOException {
    if (PageCache.syncFileSystem(root)) {
      return "syncfs";
    }
    Set<Path> folders = new HashSet<>();
    for (SourceFile f : files) {
      Path p = root.resolve(f.relative());
      try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
        ch.force(true);
      }
      folders.add(p.getParent());
    }
    folders.add(root);
    for (Path d : folders) {
      try (FileChannel ch = FileChannel.open(d, StandardOpenOption.READ)) {
        ch.force(true);
      } catch (IOException e) {
        // Some file systems refuse to open or sync a folder: its entries are then the kernel's.
      }
    }
    return "fsync";
  }

  /**
   * Reads the copy back, avoiding the page cache where possible, and checks it against the digests:
   * every source file present with its size and chunks, and no file more.
   */
  public Check verify(
      Path copyRoot,
      List<SourceFile> files,
      java.util.Map<String, Digest> digests,
      RunCounters reads)
      throws IOException {
    Tally tally = new Tally();
    Set<String> expected = new HashSet<>();
    // The JDK checks O_DIRECT transfers against the file store's block: the buffer is aligned to
    // 4 KiB, so a file system with larger blocks is read after dropping its cache instead.
    long block = Files.getFileStore(copyRoot).getBlockSize();
    boolean directPossible = block <= 4096 && chunkBytes % block == 0;
    for (SourceFile f : files) {
      expected.add(f.relative());
      Digest d = digests.get(f.relative());
      Path p = copyRoot.resolve(f.relative());
      if (!Files.isRegularFile(p)) {
        tally.problem(p + " is missing");
        continue;
      }
      long size = Files.size(p);
      if (size != d.bytes()) {
        tally.problem(p + " has " + size + " bytes, the source " + d.bytes());
        continue;
      }
      if (!readBack(p, size, d, directPossible, reads, tally)) {
        return new Check(tally.problems, tally.first, tally.cache, tally.bytesRead);
      }
    }
    extraFiles(copyRoot, expected, tally);
    return new Check(
        tally.problems, tally.first, tally.cache == null ? "direct" : tally.cache, tally.bytesRead);
  }

  /** What the read-back found so far: its problems, the first in words, the cache, the bytes. */
  private static final class Tally {
    int problems;
    String first;
    String cache;
    long bytesRead;

    void problem(String what) {
      problems++;
      first = first != null ? first : what;
    }
  }

  /**
   * Reads {@code p} back past the page cache where it can, chunk by chunk against the source's
   * checksums; the first chunk that differs is one problem.
   *
   * @return false when the run was stopped during the read
   */
  private boolean readBack(
      Path p, long size, Digest d, boolean directPossible, RunCounters reads, Tally tally)
      throws IOException {
    CRC32C crc = new CRC32C();
    try (FileChannel in = openUncached(p, directPossible, tally)) {
      int chunk = 0;
      long offset = 0;
      boolean bad = false;
      while (offset < size) {
        if (stop.getAsBoolean()) {
          return false;
        }
        buffer.clear().limit(chunkBytes);
        long t0 = System.nanoTime();
        int n = readAt(in, buffer, offset);
        if (n <= 0) {
          break;
        }
        reads.completed(n, System.nanoTime() - t0);
        tally.bytesRead += n;
        buffer.flip();
        crc.reset();
        crc.update(buffer);
        if (!bad
            && (chunk >= d.chunkCrcs().length || (int) crc.getValue() != d.chunkCrcs()[chunk])) {
          bad = true;
          tally.problem(
              p + " differs from the source in bytes " + offset + " to " + (offset + n - 1));
        }
        offset += n;
        chunk++;
      }
    }
    return true;
  }

  /** {@code p} opened with O_DIRECT, else after dropping its cache; the tally keeps the weakest. */
  private static FileChannel openUncached(Path p, boolean directPossible, Tally tally)
      throws IOException {
    FileChannel ch;
    String mode;
    try {
      if (!directPossible) {
        throw new UnsupportedOperationException("blocks larger than the buffer's alignment");
      }
      ch = FileChannel.open(p, StandardOpenOption.READ, ExtendedOpenOption.DIRECT);
      mode = "direct";
    } catch (IOException | UnsupportedOperationException e) {
      mode = PageCache.drop(p) ? "dropped" : "cached";
      ch = FileChannel.open(p, StandardOpenOption.READ);
    }
    tally.cache = weakest(tally.cache, mode);
    return ch;
  }

  /** Every file in the copy that the source does not have is a problem. */
  private static void extraFiles(Path copyRoot, Set<String> expected, Tally tally)
      throws IOException {
    try (Stream<Path> walk = Files.walk(copyRoot)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
            && !expected.contains(relative(copyRoot, p))) {
          tally.problem(p + " is not in the source");
        }
      }
    }
  }

  /** Reads a chunk at an offset; an O_DIRECT read past the end returns the short tail. */
  private static int readAt(FileChannel in, ByteBuffer b, long offset) throws IOException {
    int total = 0;
    while (b.hasRemaining()) {
      int n = in.read(b, offset + total);
      if (n <= 0) {
        break;
      }
      total += n;
      if (b.position() % 4096 != 0) {
        break; // a short O_DIRECT read: the end of the file
      }
    }
    return total;
  }

  /** The least cache-proof of two modes: one cached file makes the pass's read rate suspect. */
  private static String weakest(String a, String b) {
    if (a == null) {
      return b;
    }
    List<String> order = List.of("direct", "dropped", "cached");
    return order.indexOf(a) >= order.indexOf(b) ? a : b;
  }
}
