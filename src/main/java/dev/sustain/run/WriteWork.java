package dev.sustain.run;

import dev.sustain.engine.IoEngine;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.SamplesCsv;
import java.io.IOException;
import java.util.function.BooleanSupplier;

/**
 * A write run's requests inside its {@link RunLifecycle}: the job, rehearsed before the clock,
 * driven until its end, then flushed in rows of their own. It keeps the outcome, whose bytes and
 * lack of room the run's words need after the end.
 */
final class WriteWork implements RunLifecycle.Work {

  private final Runner runner;
  private final Runner.Prepared prepared;
  private final RunCounters counters;
  private final IoEngine engine;
  private final BooleanSupplier stop;
  private final BooleanSupplier floorHeld;
  private Runner.Outcome outcome;

  /**
   * @param stop polled: true ends the run as interrupted
   * @param floorHeld polled: true ends an {@code --until floor} run, complete
   */
  WriteWork(
      Runner runner,
      Runner.Prepared prepared,
      RunCounters counters,
      IoEngine engine,
      BooleanSupplier stop,
      BooleanSupplier floorHeld) {
    this.runner = runner;
    this.prepared = prepared;
    this.counters = counters;
    this.engine = engine;
    this.stop = stop;
    this.floorHeld = floorHeld;
  }

  @Override
  public RunLifecycle.End drive(SamplingSession session) throws IOException {
    outcome = runner.run(prepared, counters, stop, floorHeld);
    if (outcome.end() != RunStatus.COMPLETE) {
      return new RunLifecycle.End(outcome.end(), outcome.error());
    }
    // The data is not written until it is on the drive: the flush is part of the result, in rows
    // of its own (the analysis reads it as flush_s, never as stalls).
    session.phase(SamplesCsv.FLUSH);
    try {
      engine.sync();
    } catch (IOException e) {
      return new RunLifecycle.End(RunStatus.FAILED, "flush (fsync) failed: " + e.getMessage());
    }
    return new RunLifecycle.End(outcome.end(), outcome.error());
  }

  /** How the requests ended, once {@link #drive} has returned. */
  Runner.Outcome outcome() {
    return outcome;
  }
}
