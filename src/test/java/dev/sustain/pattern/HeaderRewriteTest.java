package dev.sustain.pattern;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Block format 2: a request buffer is filled once and afterwards only its headers change, yet every
 * block still checks on its own, at its own offset and nowhere else.
 */
class HeaderRewriteTest {

  private static final int BLOCK = BlockFormat.BLOCK_BYTES;

  /** The buffer with every header blanked: what must not change between requests. */
  private static byte[] contentOnly(MemorySegment buffer) {
    byte[] b = buffer.toArray(ValueLayout.JAVA_BYTE);
    for (int at = 0; at < b.length; at += BLOCK) {
      java.util.Arrays.fill(b, at, at + BlockFormat.HEADER_BYTES, (byte) 0);
    }
    return b;
  }

  @ParameterizedTest(name = "compress {0}%")
  @ValueSource(ints = {0, 50})
  void aPreparedBufferGetsNewHeadersAndKeepsItsContent(int percent) {
    try (Arena arena = Arena.ofConfined()) {
      VerifiablePattern p = new VerifiablePattern(0xabcL, percent);
      MemorySegment buf = arena.allocate(64 * BLOCK, BLOCK);
      p.prepare(buf);
      byte[] prepared = contentOnly(buf);
      long a = 3L << 30;
      long b = 5L << 20;
      p.bytesFor(a, 64 * BLOCK, buf);
      assertThat(contentOnly(buf)).isEqualTo(prepared);
      p.bytesFor(b, 64 * BLOCK, buf);
      assertThat(contentOnly(buf)).isEqualTo(prepared);
      for (int i = 0; i < 64; i++) {
        long at = (long) i * BLOCK;
        assertThat(p.check(b + at, buf, at)).as("block %d", i).isEqualTo(BlockVerdict.OK);
        BlockVerdict elsewhere = p.check(a + at, buf, at);
        assertThat(elsewhere.kind()).isEqualTo(BlockVerdict.Kind.MISPLACED);
        assertThat(elsewhere.actualOffsetBytes()).isEqualTo(b + at);
      }
    }
  }

  /**
   * Requests of random lengths at random offsets through a few buffers used in turn, some prepared
   * and some not, as the runner hands them out: after every request each of its blocks checks at
   * its own offset, and a block's content region is never shared within a buffer.
   */
  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 42, 1234567})
  void everyRequestChecksWhateverTheBufferHeldBefore(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    try (Arena arena = Arena.ofConfined()) {
      VerifiablePattern p = new VerifiablePattern(r.nextLong(), r.nextBoolean() ? 0 : 25);
      MemorySegment[] buffers = new MemorySegment[4];
      for (int i = 0; i < buffers.length; i++) {
        buffers[i] = arena.allocate(32 * BLOCK, BLOCK);
        if (i % 2 == 0) {
          p.prepare(buffers[i]);
        }
      }
      for (int request = 0; request < 200; request++) {
        MemorySegment buf = buffers[request % buffers.length];
        int blocks = 1 + r.nextInt(32);
        long offset = (long) r.nextInt(1 << 20) * BLOCK;
        MemorySegment data = p.bytesFor(offset, blocks * BLOCK, buf);
        Set<Integer> regions = new HashSet<>();
        for (int i = 0; i < blocks; i++) {
          long at = (long) i * BLOCK;
          assertThat(p.check(offset + at, data, at))
              .as("seed %d request %d block %d", seed, request, i)
              .isEqualTo(BlockVerdict.OK);
          regions.add(BlockFormat.readHeader(data, at).region());
        }
        assertThat(regions).as("seed %d request %d", seed, request).hasSize(blocks);
      }
    }
  }
}
