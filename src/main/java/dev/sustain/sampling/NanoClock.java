package dev.sustain.sampling;

/** A monotonic clock in nanoseconds; tests substitute a fake one. */
@FunctionalInterface
public interface NanoClock {

  NanoClock SYSTEM = System::nanoTime;

  long nanoTime();
}
