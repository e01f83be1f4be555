package dev.sustain.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.engine.IoSlot;
import dev.sustain.engine.QueuedTestEngine;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The submit/reap loop's contract, on a scripted engine and a clock that moves only when the loop
 * waits: what ends a loop (no more work, a stop, a finish, a failure, the deadline, the I/O
 * timeout) and what it abandons. No thread and no real time: a reap that finds nothing costs
 * exactly the wait it was given.
 */
class IoLoopTest {

  private static final long SECOND = 1_000_000_000L;
  private static final BooleanSupplier NEVER = () -> false;

  /** A clock read by the loop, moved by the engine's reaps. */
  private long nowNanos = 1_000 * SECOND;

  /** An engine whose requests complete at the next reap, unless it is told to hang. */
  private final class Scripted extends QueuedTestEngine {
    final ArrayDeque<IoSlot> queued = new ArrayDeque<>();
    boolean hanging;
    boolean onePerReap;
    int submitted;
    final List<Long> submitTimesNanos = new ArrayList<>();

    @Override
    public String name() {
      return "scripted";
    }

    @Override
    public void submit(IoSlot slot) {
      submitted++;
      submitTimesNanos.add(nowNanos);
      queued.add(slot);
    }

    @Override
    public void commit() {
      if (!hanging) {
        done.addAll(queued);
        queued.clear();
      }
    }

    @Override
    public int reap(int minCompletions, long timeoutNanos, CompletionSink sink) {
      if (done.isEmpty()) {
        nowNanos += timeoutNanos; // waited the whole time for nothing
        return 0;
      }
      nowNanos += 1_000_000; // a millisecond per completed batch
      int n = 0;
      while (!done.isEmpty() && (n == 0 || !onePerReap)) {
        IoSlot s = done.poll();
        s.result = s.lengthBytes;
        sink.completed(s);
        n++;
      }
      return n;
    }
  }

  /** A source of {@code count} requests of 4 KiB (or without end for a negative count). */
  private static final class Work implements IoLoop.Source {
    private final long count;
    private long given;

    Work(long count) {
      this.count = count;
    }

    @Override
    public boolean next(IoSlot slot) {
      boolean more = count < 0 || given < count;
      if (more) {
        slot.offsetBytes = given++ * 4096;
        slot.lengthBytes = 4096;
      }
      return more;
    }
  }

  /** Counts completions; the run has failed once {@code failAt} have completed (0: never). */
  private static final class Counting implements IoLoop.Handler {
    private final long failAt;
    long completed;

    Counting(long failAt) {
      this.failAt = failAt;
    }

    @Override
    public void completed(IoSlot slot) {
      completed++;
    }

    @Override
    public boolean failed() {
      return failAt > 0 && completed >= failAt;
    }
  }

  private IoLoop loop(int depth) {
    IoSlot[] slots = new IoSlot[depth];
    for (int i = 0; i < depth; i++) {
      slots[i] = new IoSlot(i);
    }
    return new IoLoop(() -> nowNanos, slots);
  }

  private static IoLoop.Bounds bounds(BooleanSupplier stop, BooleanSupplier finish) {
    return new IoLoop.Bounds(stop, finish, Long.MAX_VALUE, 30 * SECOND, true);
  }

  @Test
  void allTheWorkCompletesAndTheLoopEndsDoneWithNothingAbandoned() throws Exception {
    Scripted engine = new Scripted();
    Counting handler = new Counting(0);
    IoLoop loop = loop(8);

    IoLoop.Ended ended = loop.run(engine, new Work(1000), handler, bounds(NEVER, NEVER));

    assertThat(ended).isEqualTo(IoLoop.Ended.DONE);
    assertThat(handler.completed).isEqualTo(1000);
    assertThat(engine.submitted).isEqualTo(1000);
    assertThat(loop.inFlight()).isZero();
    assertThat(loop.abandoned()).isFalse();
  }

  @Test
  void aDeviceThatStopsAnsweringEndsTheLoopAtTheIoTimeoutAndAbandonsWhatIsInFlight()
      throws Exception {
    Scripted engine = new Scripted();
    engine.hanging = true;
    IoLoop loop = loop(4);
    long start = nowNanos;

    IoLoop.Ended ended = loop.run(engine, new Work(-1), new Counting(0), bounds(NEVER, NEVER));

    assertThat(ended).isEqualTo(IoLoop.Ended.TIMED_OUT);
    assertThat(loop.abandoned()).isTrue();
    assertThat(loop.inFlight()).isEqualTo(4);
    // Ended within one poll of the timeout, not before it.
    assertThat(nowNanos - start).isGreaterThan(30 * SECOND);
    assertThat(nowNanos - start).isLessThanOrEqualTo(30 * SECOND + IoLoop.POLL_NANOS);
  }

  @Test
  void aStopWithRequestsThatNeverCompleteEndsStoppedAfterTheDrainWindow() throws Exception {
    Scripted engine = new Scripted();
    engine.hanging = true;
    IoLoop loop = loop(4);
    long start = nowNanos;

    IoLoop.Ended ended =
        loop.run(engine, new Work(-1), new Counting(0), bounds(() -> nowNanos > start, NEVER));

    assertThat(ended).isEqualTo(IoLoop.Ended.STOPPED);
    assertThat(loop.abandoned()).isTrue();
    assertThat(engine.submitted).as("nothing submitted after the stop").isEqualTo(4);
    long waitedNanos = nowNanos - start;
    assertThat(waitedNanos).isGreaterThan(IoLoop.DRAIN_NANOS);
    assertThat(waitedNanos).isLessThan(IoLoop.DRAIN_NANOS + 3 * IoLoop.POLL_NANOS);
  }

  /**
   * A stop and a finish told once 100 requests have completed both end submitting at once and wait
   * for what is in flight: batches of 8 complete together, so the flag is seen after the 13th, with
   * none in flight. Only the end differs.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(booleans = {true, false})
  void aStopOrAFinishEndsSubmittingAtOnceAndDrainsWhatIsInFlight(boolean stop) throws Exception {
    Scripted engine = new Scripted();
    Counting handler = new Counting(0);
    IoLoop loop = loop(8);
    BooleanSupplier told = () -> handler.completed >= 100;

    IoLoop.Ended ended =
        loop.run(engine, new Work(-1), handler, stop ? bounds(told, NEVER) : bounds(NEVER, told));

    assertThat(ended).isEqualTo(stop ? IoLoop.Ended.STOPPED : IoLoop.Ended.DONE);
    assertThat(loop.abandoned()).isFalse();
    assertThat(loop.inFlight()).isZero();
    assertThat(handler.completed).isEqualTo(engine.submitted).isEqualTo(104);
  }

  @Test
  void nothingIsSubmittedFromTheDeadlineOn() throws Exception {
    Scripted engine = new Scripted();
    IoLoop loop = loop(2);
    long deadline = nowNanos + SECOND;

    IoLoop.Ended ended =
        loop.run(
            engine,
            new Work(-1),
            new Counting(0),
            new IoLoop.Bounds(NEVER, NEVER, deadline, 30 * SECOND, true));

    assertThat(ended).isEqualTo(IoLoop.Ended.DONE);
    assertThat(engine.submitTimesNanos).isNotEmpty().allMatch(t -> t < deadline);
    // A millisecond per batch of 2: about 2000 requests in the second.
    assertThat(engine.submitted).isBetween(1990, 2002);
  }

  @Test
  void aFailureEndsTheLoopAtOnceOrAfterTheDrainAsAsked() throws Exception {
    Scripted quick = new Scripted();
    IoLoop atOnce = loop(4);
    Counting failing = new Counting(1);
    // A failure at the first completion, with three requests completed but not yet reaped.
    quick.onePerReap = true;
    IoLoop.Ended ended =
        atOnce.run(
            quick,
            new Work(-1),
            failing,
            new IoLoop.Bounds(NEVER, NEVER, Long.MAX_VALUE, 30 * SECOND, false));
    assertThat(ended).isEqualTo(IoLoop.Ended.FAILED);
    assertThat(quick.submitted).as("no request submitted after the failure").isEqualTo(4);
    assertThat(atOnce.inFlight()).isEqualTo(3);
    assertThat(atOnce.abandoned()).as("left in flight for the engine's close").isTrue();

    Scripted draining = new Scripted();
    IoLoop drained = loop(4);
    Counting failsLater = new Counting(6);
    ended = drained.run(draining, new Work(-1), failsLater, bounds(NEVER, NEVER));
    assertThat(ended).isEqualTo(IoLoop.Ended.FAILED);
    assertThat(drained.inFlight()).as("the requests in flight were waited for").isZero();
    assertThat(drained.abandoned()).isFalse();
    assertThat(failsLater.completed).isEqualTo(draining.submitted);
  }
}
