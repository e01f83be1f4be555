package dev.sustain.sampling;

import java.util.OptionalDouble;

/**
 * The drive's temperature in degrees Celsius, as last read. Implementations that are slow to read
 * (smartctl) refresh in the background and return their latest value; {@link #read} never blocks
 * the sampler for long. Empty when no source exists: never a made-up number.
 */
public interface TemperatureSensor extends AutoCloseable {

  /** No sensor: every read is empty. */
  TemperatureSensor NONE = OptionalDouble::empty;

  OptionalDouble read();

  /** Where the value comes from, e.g. {@code hwmon:nvme Composite}, {@code smartctl}; or none. */
  default String source() {
    return "none";
  }

  @Override
  default void close() {}
}
