package dev.sustain.device;

import dev.sustain.sampling.TemperatureSensor;
import java.nio.file.Path;
import java.util.OptionalDouble;

/**
 * A drive temperature read from a hwmon {@code tempN_input} file (millidegrees Celsius) on every
 * {@link #read}: cheap, the kernel caches the drive's answer. A missing file, a non-number or a
 * value outside -40..150 °C (a sensor reporting 0 K) reads as empty. Thread-safe.
 */
public final class HwmonTemperatureSensor implements TemperatureSensor {

  static final double MIN_PLAUSIBLE_C = -40;
  static final double MAX_PLAUSIBLE_C = 150;

  private final Path input;
  private final String source;

  public HwmonTemperatureSensor(Path input, String source) {
    this.input = input;
    this.source = source;
  }

  @Override
  public OptionalDouble read() {
    return parseMillidegrees(Sysfs.read(input));
  }

  static OptionalDouble parseMillidegrees(String text) {
    if (text == null) {
      return OptionalDouble.empty();
    }
    try {
      double c = Long.parseLong(text.trim()) / 1000.0;
      return c < MIN_PLAUSIBLE_C || c > MAX_PLAUSIBLE_C
          ? OptionalDouble.empty()
          : OptionalDouble.of(c);
    } catch (NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }

  @Override
  public String source() {
    return source;
  }

  /** The file read, for tests and for the run's metadata. */
  public Path input() {
    return input;
  }
}
