package dev.sustain.pattern;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** --pattern pool: incompressible, free to produce, and honest that it cannot be verified. */
class PoolPatternTest {

  @Test
  void poolIsParsedAndIsNotVerifiable() {
    PatternSpec spec = Patterns.parse("pool");
    assertThat(spec.name()).isEqualTo("pool");
    assertThat(spec.verifiable()).isFalse();
    assertThat(spec.checker(42)).isNull();
  }

  @Test
  void poolDataDoesNotCompressAndNeighboursDiffer() throws Exception {
    try (Arena arena = Arena.ofConfined()) {
      DataPattern p = Patterns.parse("pool").create(arena, 1 << 20, 7);
      MemorySegment slot = arena.allocate(1 << 20, 4096);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] first = null;
      try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
        for (int i = 0; i < 8; i++) {
          byte[] bytes =
              p.bytesFor((long) i << 20, 1 << 20, slot)
                  .toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
          if (first == null) {
            first = bytes;
          } else {
            assertThat(bytes).isNotEqualTo(first);
          }
          gz.write(bytes);
        }
      }
      assertThat(out.size()).isGreaterThan((int) (0.99 * (8 << 20)));
    }
  }
}
