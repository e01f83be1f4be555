package dev.sustain.testing;

import dev.sustain.sampling.CpuClock;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.SampleRow;
import dev.sustain.sampling.Sampler;
import dev.sustain.sampling.TemperatureSensor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one way a test drives a {@link Sampler} by hand: on a clock that moves only when the test
 * moves it, with the counters its requests complete into and every row it made, in order.
 *
 * @param clock the sampler's clock (and its CPU clock: half a core busy, always)
 * @param counters what completed requests are counted into
 * @param sampler the sampler, not begun, with {@code rows} listening
 * @param rows every row the sampler made
 */
public record SamplerRig(
    FakeClock clock, RunCounters counters, Sampler sampler, List<SampleRow> rows) {

  /** A sampler taking a row every {@code intervalNanos}, without sensors or probes. */
  public static SamplerRig every(long intervalNanos) {
    FakeClock clock = new FakeClock();
    RunCounters counters = new RunCounters();
    Sampler sampler =
        new Sampler(clock, clock, counters, TemperatureSensor.NONE, List.of(), intervalNanos);
    List<SampleRow> rows = new ArrayList<>();
    sampler.addListener(rows::add);
    return new SamplerRig(clock, counters, sampler, rows);
  }

  /**
   * The clock moved on by {@code nanos}, in which requests of {@code bytes} completed (their
   * latency {@code latencyNanos}), then the row the sampler takes.
   */
  public SampleRow after(long nanos, long bytes, long latencyNanos) {
    clock.advance(nanos);
    counters.completed(bytes, latencyNanos);
    return sampler.sample(true);
  }

  /** A clock that moves only when told to. */
  public static final class FakeClock implements NanoClock, CpuClock {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    @Override
    public long nanoTime() {
      return now.get();
    }

    @Override
    public long cpuNanos() {
      return now.get() / 2; // half a core busy, always
    }

    /** Moves the clock on by {@code nanos}. */
    public void advance(long nanos) {
      now.addAndGet(nanos);
    }
  }
}
