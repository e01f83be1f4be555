package dev.sustain.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every errno Linux has is named by its symbol and meaning, never a bare number. */
class ErrnoTest {

  /** Numbers Linux leaves unused (41) or gives only to an alias (58, EDEADLOCK). */
  private static final Set<Integer> UNUSED = Set.of(41, 58);

  @Test
  void everyLinuxErrnoHasItsSymbolAndMeaning() {
    for (int e = 1; e <= 133; e++) {
      if (UNUSED.contains(e)) {
        continue;
      }
      assertThat(Errno.name(e)).as("errno %d", e).matches("E[A-Z0-9]+");
      assertThat(Errno.describe(-e)).as("errno %d", e).endsWith("(" + Errno.name(e) + ")");
    }
    assertThat(Errno.describe(134)).isEqualTo("errno 134");
  }

  @Test
  void aBusyDeviceReadsAsInUse() {
    // A device turned into swap during a write fails the write with ETXTBSY: "Text file busy"
    // would say nothing of it.
    assertThat(Errno.describe(26)).isEqualTo("In use by another program (ETXTBSY)");
    assertThat(Errno.describe(Errno.EBUSY)).isEqualTo("Device or resource busy (EBUSY)");
    assertThat(Errno.describe(Errno.ENOSPC)).isEqualTo("No space left on device (ENOSPC)");
  }
}
