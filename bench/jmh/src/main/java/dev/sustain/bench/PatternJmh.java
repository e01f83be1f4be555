package dev.sustain.bench;

import dev.sustain.pattern.DataPattern;
import dev.sustain.pattern.PatternSpec;
import dev.sustain.pattern.RandomPool;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What it costs the writer to make one request of data, per way of making verifiable 4 KiB blocks:
 * the product's own pattern ({@code mainPattern}, whatever the build holds), and three ways it could
 * be done, written out here so they can be compared side by side:
 *
 * <ul>
 *   <li>{@code copyPerBlock}: a 32-byte header and a 4064-byte copy from a 16 MiB random pool per
 *       block (the block format up to version 1);
 *   <li>{@code headerOnly}: the slot's buffer is filled once with pool content; per request only
 *       the headers change (offset and check), the header naming the pool region of its content;
 *   <li>{@code crc32c}: the same fixed content, and a CRC32C of it in every header, computed per
 *       request;
 *   <li>{@code poolSlice}: zero-copy slices of a random pool (fio's way; not verifiable).
 * </ul>
 *
 * One operation is one request into one of 32 slot buffers used in turn (queue depth 32), so the
 * buffers' memory traffic is that of a real run. Throughput in requests per second: multiply by the
 * request size for bytes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-XX:+UseSerialGC"})
public class PatternJmh {

  static final int SLOTS = 32;
  static final int BLOCK = 4096;
  static final int HEADER = 32;
  static final long MAGIC = 0x024e494154535553L;
  static final long RUN_ID = 0x5eed5eed5eedL;
  static final int POOL_LONGS = 1 << 21;
  static final ValueLayout.OfLong LONG =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  static final ValueLayout.OfInt INT =
      ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

  @Param({"1048576", "4096"})
  int requestBytes;

  Arena arena;
  MemorySegment[] slots;
  ByteBuffer[] views;
  long[] pool;
  DataPattern main;
  DataPattern poolPattern;
  long offset;
  int next;
  int regions;
  final CRC32C crc = new CRC32C();

  @Setup(Level.Trial)
  public void setUp() {
    arena = Arena.ofShared();
    slots = new MemorySegment[SLOTS];
    views = new ByteBuffer[SLOTS];
    for (int i = 0; i < SLOTS; i++) {
      slots[i] = arena.allocate(requestBytes, BLOCK);
      views[i] = slots[i].asByteBuffer();
    }
    pool = new long[POOL_LONGS + BLOCK / 8];
    SplittableRandom r = new SplittableRandom(RUN_ID);
    for (int i = 0; i < pool.length; i++) {
      pool[i] = r.nextLong();
    }
    main = PatternSpec.RANDOM.create(arena, requestBytes, RUN_ID);
    poolPattern = new RandomPool(arena, requestBytes, RUN_ID);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    arena.close();
  }

  private MemorySegment slot() {
    MemorySegment s = slots[next];
    next = (next + 1) & (SLOTS - 1);
    return s;
  }

  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  static int check(long runId, long offsetBytes, int field) {
    long h = mix(MAGIC ^ mix(runId ^ mix(offsetBytes ^ mix(field))));
    return (int) (h ^ (h >>> 32));
  }

  @Benchmark
  public long mainPattern() {
    MemorySegment m = main.bytesFor(offset, requestBytes, slot());
    offset += requestBytes;
    return m.get(LONG, 16);
  }

  @Benchmark
  public long poolSlice() {
    MemorySegment m = poolPattern.bytesFor(offset, requestBytes, slot());
    offset += requestBytes;
    return m.get(LONG, 16);
  }

  @Benchmark
  public long copyPerBlock() {
    MemorySegment s = slot();
    for (int at = 0; at < requestBytes; at += BLOCK) {
      long off = offset + at;
      int start = (int) (mix(RUN_ID ^ mix(off)) & (POOL_LONGS - 1));
      s.set(LONG, at, MAGIC);
      s.set(LONG, at + 8, RUN_ID);
      s.set(LONG, at + 16, off);
      s.set(LONG, at + 24, BLOCK | ((long) check(RUN_ID, off, BLOCK) << 32));
      MemorySegment.copy(pool, start + 4, s, LONG, at + HEADER, (BLOCK - HEADER) / 8);
    }
    offset += requestBytes;
    return s.get(LONG, 16);
  }

  @Benchmark
  public long headerOnly() {
    MemorySegment s = slot();
    for (int at = 0; at < requestBytes; at += BLOCK) {
      long off = offset + at;
      int field = s.get(INT, at + 24);
      if (s.get(LONG, at) != MAGIC || s.get(LONG, at + 8) != RUN_ID || (field & 0xffff) != BLOCK) {
        // First use of this part of the buffer: content from a region of the pool, once.
        int region = (int) (mix(RUN_ID + ++regions) >>> 48);
        field = BLOCK | (region << 16);
        s.set(LONG, at, MAGIC);
        s.set(LONG, at + 8, RUN_ID);
        s.set(INT, at + 24, field);
        MemorySegment.copy(pool, region * 32 + 4, s, LONG, at + HEADER, (BLOCK - HEADER) / 8);
      }
      s.set(LONG, at + 16, off);
      s.set(INT, at + 28, check(RUN_ID, off, field));
    }
    offset += requestBytes;
    return s.get(LONG, 16);
  }

  @Benchmark
  public long crc32c() {
    int i = next;
    MemorySegment s = slot();
    ByteBuffer view = views[i];
    for (int at = 0; at < requestBytes; at += BLOCK) {
      long off = offset + at;
      if (s.get(LONG, at) != MAGIC) {
        int start = (int) (mix(RUN_ID + ++regions) & (POOL_LONGS - 1));
        s.set(LONG, at, MAGIC);
        s.set(LONG, at + 8, RUN_ID);
        MemorySegment.copy(pool, start + 4, s, LONG, at + HEADER, (BLOCK - HEADER) / 8);
      }
      view.limit(at + BLOCK).position(at + HEADER);
      crc.reset();
      crc.update(view);
      s.set(LONG, at + 16, off);
      s.set(LONG, at + 24, (crc.getValue() & 0xffffffffL) | ((long) check(RUN_ID, off, 0) << 32));
    }
    offset += requestBytes;
    return s.get(LONG, 16);
  }
}
