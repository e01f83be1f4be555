package dev.sustain.pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class VerifiablePatternTest {

  private static final int BLOCK = BlockFormat.BLOCK_BYTES;

  /** Each test's buffers: freed when it ends. */
  private final Arena arena = Arena.ofConfined();

  @AfterEach
  void free() {
    arena.close();
  }

  @Test
  void everyBlockWrittenChecksOkAtItsOwnOffset() {
    VerifiablePattern p = new VerifiablePattern(0x1234L, 0);
    MemorySegment buf = arena.allocate(64 * BLOCK, BLOCK);
    long base = 7L << 30;
    MemorySegment data = p.bytesFor(base, 64 * BLOCK, buf);
    assertThat(data.byteSize()).isEqualTo(64 * BLOCK);
    for (int i = 0; i < 64; i++) {
      assertThat(p.check(base + (long) i * BLOCK, data, (long) i * BLOCK))
          .isEqualTo(BlockVerdict.OK);
    }
  }

  @Test
  void headerIsReadableAndNamesItsOffset() {
    VerifiablePattern p = new VerifiablePattern(-5L, 50);
    MemorySegment buf = arena.allocate(BLOCK, BLOCK);
    p.bytesFor(123L * BLOCK, BLOCK, buf);
    // "SUSTAIN" in ASCII at the start: a hex dump of a bad drive shows where a block came from.
    byte[] magic = buf.asSlice(0, 7).toArray(ValueLayout.JAVA_BYTE);
    assertThat(new String(magic, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("SUSTAIN");
    BlockFormat.Header h = BlockFormat.readHeader(buf, 0);
    assertThat(h.version()).isEqualTo(2);
    assertThat(h.runId()).isEqualTo(-5L);
    assertThat(h.offsetBytes()).isEqualTo(123L * BLOCK);
    assertThat(h.payloadBytes()).isEqualTo(2048);
    assertThat(h.region()).isBetween(0, BlockFormat.REGIONS_WRITTEN - 1);
  }

  @Test
  void aBlockMovedToAnotherOffsetIsMisplacedAndSaysWhereItBelongs() {
    VerifiablePattern p = new VerifiablePattern(99, 0);
    MemorySegment buf = arena.allocate(BLOCK, BLOCK);
    p.bytesFor(16L << 30, BLOCK, buf);
    BlockVerdict v = p.check(0, buf);
    assertThat(v.kind()).isEqualTo(BlockVerdict.Kind.MISPLACED);
    assertThat(v.actualOffsetBytes()).isEqualTo(16L << 30);
  }

  @Test
  void noiseAndOneFlippedBitAreCorrupted() {
    VerifiablePattern p = new VerifiablePattern(7, 0);
    MemorySegment buf = arena.allocate(BLOCK, BLOCK);

    SplittableRandom r = new SplittableRandom(1);
    for (int i = 0; i < BLOCK / 8; i++) {
      buf.setAtIndex(ValueLayout.JAVA_LONG, i, r.nextLong());
    }
    assertThat(p.check(0, buf)).isEqualTo(BlockVerdict.CORRUPTED); // noise

    for (int bit : new int[] {0, 8 * 20, 8 * 40 + 3, 8 * 4095 + 7}) {
      // A fresh buffer each time: a buffer already holding blocks gets new headers only.
      buf = arena.allocate(BLOCK, BLOCK);
      p.bytesFor(0, BLOCK, buf);
      assertThat(p.check(0, buf)).isEqualTo(BlockVerdict.OK);
      int at = bit / 8;
      buf.set(
          ValueLayout.JAVA_BYTE,
          at,
          (byte) (buf.get(ValueLayout.JAVA_BYTE, at) ^ (1 << (bit % 8))));
      assertThat(p.check(0, buf)).as("bit %d flipped", bit).isEqualTo(BlockVerdict.CORRUPTED);
    }
  }

  @Test
  void anotherRunsIntactBlockIsOverwrittenNotMisplaced() {
    MemorySegment buf = arena.allocate(BLOCK, BLOCK);
    new VerifiablePattern(1, 0).bytesFor(0, BLOCK, buf);
    assertThat(new VerifiablePattern(2, 0).check(0, buf)).isEqualTo(BlockVerdict.OVERWRITTEN);
    // A random block read where compress:50 data was expected: another layout's block.
    assertThat(new VerifiablePattern(1, 50).check(0, buf)).isEqualTo(BlockVerdict.OVERWRITTEN);
    // Another run's header whose check fails is not an intact block: corrupted.
    buf.set(ValueLayout.JAVA_BYTE, 20, (byte) (buf.get(ValueLayout.JAVA_BYTE, 20) ^ 4));
    assertThat(new VerifiablePattern(2, 0).check(0, buf)).isEqualTo(BlockVerdict.CORRUPTED);
  }

  @Test
  void zerosAndOnesWithoutAHeaderAreBlankAndAnythingElseIsNot() {
    VerifiablePattern p = new VerifiablePattern(7, 0);
    MemorySegment buf = arena.allocate(BLOCK, BLOCK);
    assertThat(p.check(0, buf)).isEqualTo(BlockVerdict.BLANK); // never written: zeros
    buf.fill((byte) 0xff);
    assertThat(p.check(0, buf)).isEqualTo(BlockVerdict.BLANK); // erased flash: ones
    // One byte off anywhere, even the last, is data, not blank space.
    for (int at : new int[] {0, 7, 8, 2048, BLOCK - 1}) {
      for (byte fill : new byte[] {0, (byte) 0xff}) {
        buf.fill(fill);
        buf.set(ValueLayout.JAVA_BYTE, at, (byte) 0x5a);
        assertThat(p.check(0, buf))
            .as("0x%02x but byte %d", fill, at)
            .isEqualTo(BlockVerdict.CORRUPTED);
      }
    }
    // Half zeros, half ones: not one fill, so not blank.
    buf.fill((byte) 0);
    buf.asSlice(BLOCK / 2).fill((byte) 0xff);
    assertThat(p.check(0, buf)).isEqualTo(BlockVerdict.CORRUPTED);
    // This run's header over a zeroed rest (a torn write) is corrupted, not blank.
    p.bytesFor(0, BLOCK, buf);
    buf.asSlice(BlockFormat.HEADER_BYTES).fill((byte) 0);
    assertThat(p.check(0, buf)).isEqualTo(BlockVerdict.CORRUPTED);
  }

  @Test
  void compressibleBlocksHaveAZeroTailThatIsChecked() {
    VerifiablePattern p = new VerifiablePattern(3, 50);
    MemorySegment buf = arena.allocate(BLOCK, BLOCK);
    p.bytesFor(4096, BLOCK, buf);
    for (int i = 2048; i < BLOCK; i++) {
      assertThat(buf.get(ValueLayout.JAVA_BYTE, i)).isZero();
    }
    assertThat(p.check(4096, buf)).isEqualTo(BlockVerdict.OK);
    buf.set(ValueLayout.JAVA_BYTE, 4000, (byte) 1);
    assertThat(p.check(4096, buf)).isEqualTo(BlockVerdict.CORRUPTED);
  }

  @Test
  void everyBlockIsDifferentSoNothingDeduplicates() {
    VerifiablePattern p = new VerifiablePattern(11, 0);
    MemorySegment buf = arena.allocate(256 * BLOCK, BLOCK);
    p.bytesFor(0, 256 * BLOCK, buf);
    Set<Long> contentStarts = new HashSet<>();
    for (int i = 0; i < 256; i++) {
      contentStarts.add(buf.get(ValueLayout.JAVA_LONG_UNALIGNED, (long) i * BLOCK + 32));
    }
    assertThat(contentStarts).hasSize(256);
  }

  @Test
  void forHeaderRecognisesTheLayoutOfAnyRun() {
    for (int percent : new int[] {0, 1, 50, 99, 100}) {
      MemorySegment buf = arena.allocate(BLOCK, BLOCK);
      new VerifiablePattern(42, percent).bytesFor(8192, BLOCK, buf);
      VerifiablePattern c = VerifiablePattern.forHeader(BlockFormat.readHeader(buf, 0));
      assertThat(c.compressPercent()).isEqualTo(percent);
      assertThat(c.check(8192, buf)).isEqualTo(BlockVerdict.OK);
    }
  }

  @Test
  void refusesRequestsThatAreNotWholeBlocks() {
    VerifiablePattern p = new VerifiablePattern(1, 0);
    MemorySegment buf = arena.allocate(2 * BLOCK, BLOCK);
    assertThatThrownBy(() -> p.bytesFor(512, BLOCK, buf))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("4 KiB");
    assertThatThrownBy(() -> p.bytesFor(0, 1000, buf)).isInstanceOf(IllegalArgumentException.class);
  }
}
