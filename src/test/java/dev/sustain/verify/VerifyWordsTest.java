package dev.sustain.verify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VerifyWordsTest {

  private static final long MIB = 1 << 20;
  private static final long GIB = 1L << 30;

  @Test
  void aLargeWrapNamesTheRealCapacity() {
    BadExtentSet bad = new BadExtentSet();
    // 64 GiB claimed, 16 GiB real: the first 48 GiB read back data from 16, 32 or 48 GiB on.
    bad.add(0, 16 * GIB, BadKind.MISPLACED, 48 * GIB);
    bad.add(16 * GIB, 16 * GIB, BadKind.MISPLACED, 48 * GIB);
    bad.add(32 * GIB, 16 * GIB, BadKind.MISPLACED, 48 * GIB);
    assertThat(VerifyWords.explain(bad, 64 * GIB))
        .singleElement()
        .asString()
        .contains("really holds about 16 GiB (17.2 GB)");
  }

  @Test
  void aFewStrayBlocksAreAMappingFaultNotFakeCapacity() {
    BadExtentSet bad = new BadExtentSet();
    bad.add(7 * MIB, 64 << 10, BadKind.MISPLACED, 300 * MIB);
    assertThat(VerifyWords.explain(bad, 1024 * MIB))
        .singleElement()
        .asString()
        .contains("64 KiB of this run's data at the wrong offsets")
        .doesNotContain("fake");
  }

  @Test
  void eachKindGetsItsSentence() {
    BadExtentSet bad = new BadExtentSet();
    bad.add(0, 4096, BadKind.CORRUPTED, -1);
    bad.add(8192, 4096, BadKind.UNREADABLE, -1);
    bad.add(MIB, MIB, BadKind.MISSING, -1);
    assertThat(VerifyWords.explain(bad, 2 * MIB))
        .hasSize(3)
        .anySatisfy(s -> assertThat(s).contains("without any I/O error"))
        .anySatisfy(s -> assertThat(s).contains("I/O errors"))
        .anySatisfy(s -> assertThat(s).contains("truncated"));
    assertThat(VerifyWords.extent(new BadExtent(MIB, 4096, BadKind.MISPLACED, 3 * MIB)))
        .isEqualTo(
            "at 1 MiB (1048576), 4 KiB: misplaced, holds the data written at 3 MiB (3145728)");
  }
}
