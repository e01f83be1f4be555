package dev.sustain.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoSlot;
import dev.sustain.engine.QueuedTestEngine;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import dev.sustain.testing.TestJobs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A failed request is judged by its errno: the same number in other words (another kernel, another
 * locale, another engine) gives the same decision, and words that name another error change
 * nothing.
 */
class IoErrorsTest {

  @ParameterizedTest(name = "errno {0}, \"{1}\"")
  @CsvSource(
      delimiter = '|',
      value = {
        "28 | No space left on device",
        "28 | Auf dem Gerät ist kein Speicherplatz mehr verfügbar",
        "28 | Plus d'espace disponible sur le périphérique",
        "28 | ''",
        "5  | No space left on device",
        "5  | Input/output error",
        "22 | No space left on device",
        "0  | No space left on device",
      })
  void aFullDiskIsTheErrnoNotTheWords(int errno, String words) throws Exception {
    boolean expected = errno == Errno.ENOSPC;

    IoSlot thrown = new IoSlot(0);
    thrown.write = true;
    thrown.lengthBytes = 4096;
    thrown.result = -1;
    thrown.failure = new ErrnoException(words, errno);
    assertThat(IoErrors.describe(thrown).noSpace()).as("recorded failure").isEqualTo(expected);

    if (errno != 0) {
      IoSlot kernel = new IoSlot(0);
      kernel.write = true;
      kernel.lengthBytes = 4096;
      kernel.result = -errno;
      assertThat(IoErrors.describe(kernel).noSpace()).as("kernel result").isEqualTo(expected);
    }

    // Through the runner, as a run sees it: the outcome says "full" by the number alone.
    Runner.Outcome outcome =
        new Runner(NanoClock.SYSTEM)
            .run(new FailingEngine(errno, words), job(), new RunCounters(), () -> false);
    assertThat(outcome.end()).isEqualTo(RunStatus.FAILED);
    assertThat(outcome.noSpace()).as(outcome.error()).isEqualTo(expected);
    if (!words.isEmpty()) {
      assertThat(outcome.error()).as("the words are shown to people").contains(words);
    }
  }

  private static Runner.Job job() {
    return TestJobs.writeOf(64 * 4096, 4096, 4, 512);
  }

  /** Completes every request with an ErrnoException of the given errno and words. */
  private static final class FailingEngine extends QueuedTestEngine {
    private final int errno;
    private final String words;

    FailingEngine(int errno, String words) {
      this.errno = errno;
      this.words = words;
    }

    @Override
    public String name() {
      return "failing";
    }

    @Override
    public void submit(IoSlot slot) {
      slot.result = -1;
      slot.failure = new ErrnoException(words, errno);
      done.add(slot);
    }
  }
}
