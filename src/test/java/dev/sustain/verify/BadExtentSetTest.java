package dev.sustain.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BadExtentSetTest {

  private static final long K4 = 4096;

  @Test
  void adjacentBlocksOfOneKindMergeInAnyOrder() {
    List<Long> order = new ArrayList<>();
    for (long i = 10; i < 20; i++) {
      order.add(i);
    }
    Collections.shuffle(order, new Random(3));
    BadExtentSet set = new BadExtentSet();
    for (long i : order) {
      set.add(i * K4, K4, BadKind.CORRUPTED, -1);
    }
    assertThat(set.extents())
        .containsExactly(new BadExtent(10 * K4, 10 * K4, BadKind.CORRUPTED, -1));
    assertThat(set.bytes(BadKind.CORRUPTED)).isEqualTo(10 * K4);
  }

  @Test
  void differentKindsAndGapsStayApart() {
    BadExtentSet set = new BadExtentSet();
    set.add(0, K4, BadKind.CORRUPTED, -1);
    set.add(K4, K4, BadKind.UNREADABLE, -1);
    set.add(3 * K4, K4, BadKind.UNREADABLE, -1);
    assertThat(set.extents())
        .containsExactly(
            new BadExtent(0, K4, BadKind.CORRUPTED, -1),
            new BadExtent(K4, K4, BadKind.UNREADABLE, -1),
            new BadExtent(3 * K4, K4, BadKind.UNREADABLE, -1));
    assertThat(set.totalBytes()).isEqualTo(3 * K4);
  }

  @Test
  void misplacedBlocksMergeOnlyWhenTheyMovedTogether() {
    BadExtentSet set = new BadExtentSet();
    long wrap = 1L << 30;
    set.add(0, K4, BadKind.MISPLACED, wrap);
    set.add(K4, K4, BadKind.MISPLACED, wrap + K4); // same shift: joins
    set.add(2 * K4, K4, BadKind.MISPLACED, 77 * K4); // another source: apart
    assertThat(set.extents())
        .containsExactly(
            new BadExtent(0, 2 * K4, BadKind.MISPLACED, wrap),
            new BadExtent(2 * K4, K4, BadKind.MISPLACED, 77 * K4));
  }

  @Test
  void aBridgingBlockJoinsBothNeighbours() {
    BadExtentSet set = new BadExtentSet();
    set.add(0, K4, BadKind.CORRUPTED, -1);
    set.add(2 * K4, K4, BadKind.CORRUPTED, -1);
    set.add(K4, K4, BadKind.CORRUPTED, -1);
    assertThat(set.extents()).containsExactly(new BadExtent(0, 3 * K4, BadKind.CORRUPTED, -1));
  }

  @Test
  void beyondTheCapBytesAreStillCounted() {
    BadExtentSet set = new BadExtentSet(3);
    for (int i = 0; i < 10; i++) {
      set.add(i * 2 * K4, K4, BadKind.CORRUPTED, -1);
    }
    assertThat(set.extents()).hasSize(3);
    assertThat(set.droppedExtents()).isEqualTo(7);
    assertThat(set.bytes(BadKind.CORRUPTED)).isEqualTo(10 * K4);
    // A block next to a kept extent still merges once the cap is reached.
    set.add(K4, K4, BadKind.CORRUPTED, -1);
    assertThat(set.extents().get(0)).isEqualTo(new BadExtent(0, 3 * K4, BadKind.CORRUPTED, -1));
  }
}
