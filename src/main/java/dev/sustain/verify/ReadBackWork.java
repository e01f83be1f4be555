package dev.sustain.verify;

import dev.sustain.engine.IoEngine;
import dev.sustain.run.RunLifecycle;
import dev.sustain.run.SamplingSession;
import dev.sustain.sampling.NanoClock;
import java.io.IOException;
import java.util.function.BooleanSupplier;

/**
 * A read-back's requests inside its {@link RunLifecycle}: the file read at depth through the engine
 * ({@link ReadBack} is the loop's source and handler), each block checked when verifying. It keeps
 * the outcome, whose bytes, checks and bad extents the result needs.
 */
final class ReadBackWork implements RunLifecycle.Work {

  private final IoEngine engine;
  private final ReadBack.Job job;
  private final BooleanSupplier stop;
  private ReadBack.Outcome outcome;

  ReadBackWork(IoEngine engine, ReadBack.Job job, BooleanSupplier stop) {
    this.engine = engine;
    this.job = job;
    this.stop = stop;
  }

  @Override
  public RunLifecycle.End drive(SamplingSession session) throws IOException {
    outcome = new ReadBack(NanoClock.SYSTEM).run(engine, job, session.counters(), stop);
    return new RunLifecycle.End(outcome.end(), outcome.error());
  }

  /** How the reads ended, once {@link #drive} has returned. */
  ReadBack.Outcome outcome() {
    return outcome;
  }
}
