package dev.sustain.pattern;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** What a compressing controller would see: gzip (deflate) ratios of the patterns' data. */
class CompressionTest {

  private static final int BYTES = 8 << 20;

  private static double gzipRatio(PatternSpec spec) throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      DataPattern p = spec.create(arena, 1 << 20, 0xfeedL);
      MemorySegment slot = arena.allocate(1 << 20, 4096);
      ByteArrayOutputStream sink = new ByteArrayOutputStream(BYTES + (1 << 20));
      try (GZIPOutputStream gz = new GZIPOutputStream(sink, 1 << 16)) {
        for (long off = 0; off < BYTES; off += 1 << 20) {
          MemorySegment data = p.bytesFor(off, 1 << 20, slot);
          gz.write(data.toArray(ValueLayout.JAVA_BYTE));
        }
      }
      return sink.size() / (double) BYTES;
    }
  }

  @Test
  void randomDoesNotShrink() throws IOException {
    // The 32-byte headers are all the structure there is: at most a percent to find.
    assertThat(gzipRatio(PatternSpec.RANDOM)).isGreaterThan(0.99);
  }

  @Test
  void compress50ShrinksToAboutHalf() throws IOException {
    assertThat(gzipRatio(Patterns.parse("compress:50"))).isBetween(0.48, 0.53);
  }

  @Test
  void compress75ShrinksToAboutAQuarter() throws IOException {
    assertThat(gzipRatio(Patterns.parse("compress:75"))).isBetween(0.23, 0.28);
  }

  @Test
  void zerosAlmostVanish() throws IOException {
    assertThat(gzipRatio(PatternSpec.ZEROS)).isLessThan(0.01);
  }
}
