package dev.sustain.sampling;

/** Receives every row as the sampler makes it (CSV file, live progress, live analysis). */
@FunctionalInterface
public interface SampleListener {
  void onSample(SampleRow row);
}
