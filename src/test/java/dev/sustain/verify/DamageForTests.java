package dev.sustain.verify;

import dev.sustain.pattern.VerifiablePattern;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;

/** Writes verifiable files and damages them in known places, for tests. */
public final class DamageForTests {

  private DamageForTests() {}

  /** Writes {@code bytes} of {@code pattern} data to a new file, as a write run would. */
  public static void write(Path file, VerifiablePattern pattern, long bytes) throws IOException {
    write(file, pattern, bytes, StandardOpenOption.CREATE_NEW);
  }

  /** Writes over an existing file or a block device. */
  public static void writeExisting(Path file, VerifiablePattern pattern, long bytes)
      throws IOException {
    write(file, pattern, bytes, StandardOpenOption.WRITE);
  }

  private static void write(
      Path file, VerifiablePattern pattern, long bytes, StandardOpenOption how) throws IOException {
    int chunk = 1 << 20;
    try (Arena arena = Arena.ofConfined();
        FileChannel ch = FileChannel.open(file, how, StandardOpenOption.WRITE)) {
      MemorySegment buf = arena.allocate(chunk, 4096);
      for (long off = 0; off < bytes; off += chunk) {
        int len = (int) Math.min(chunk, bytes - off);
        ByteBuffer b = pattern.bytesFor(off, len, buf).asByteBuffer();
        while (b.hasRemaining()) {
          ch.write(b, off + b.position());
        }
      }
      ch.force(true);
    }
  }

  public static void zero(Path file, long offset, int length) throws IOException {
    put(file, offset, new byte[length]);
  }

  public static void noise(Path file, long offset, int length, long seed) throws IOException {
    byte[] b = new byte[length];
    new SplittableRandom(seed).nextBytes(b);
    put(file, offset, b);
  }

  /** Copies {@code length} bytes from {@code from} over {@code to}: data in the wrong place. */
  public static void copy(Path file, long from, long to, int length) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer b = ByteBuffer.allocate(length);
      ch.read(b, from);
      put(file, to, b.array());
    }
  }

  public static void truncate(Path file, long size) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.truncate(size);
    }
  }

  public static void put(Path file, long offset, byte[] bytes) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.wrap(bytes);
      while (b.hasRemaining()) {
        ch.write(b, offset + b.position());
      }
      ch.force(true);
    }
  }
}
