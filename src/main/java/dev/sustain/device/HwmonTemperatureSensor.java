package dev.sustain.device;

import dev.sustain.sampling.TemperatureSensor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalDouble;
import java.util.function.LongSupplier;

/**
 * A drive temperature read from a hwmon {@code tempN_input} file (millidegrees Celsius). Each read
 * of that file makes the kernel ask the drive (an NVMe Get Log Page; for drivetemp an ATA command
 * that drains a SATA drive's command queue), so readings are kept for {@link #MIN_REREAD} and
 * shorter sampling intervals get the kept value. A missing file, a non-number or a value outside
 * -40..150 °C (a sensor reporting 0 K) reads as empty. Thread-safe.
 */
public final class HwmonTemperatureSensor implements TemperatureSensor {

  static final double MIN_PLAUSIBLE_C = -40;
  static final double MAX_PLAUSIBLE_C = 150;

  /** Temperatures change over seconds; asking the drive more often only disturbs the run. */
  public static final Duration MIN_REREAD = Duration.ofSeconds(1);

  private final Path input;
  private final String source;
  private final LongSupplier nanoClock;
  private final long minRereadNanos;
  private OptionalDouble last = OptionalDouble.empty();
  private long lastNanos;
  private boolean readOnce;

  public HwmonTemperatureSensor(Path input, String source) {
    this(input, source, System::nanoTime, MIN_REREAD);
  }

  HwmonTemperatureSensor(Path input, String source, LongSupplier nanoClock, Duration minReread) {
    this.input = input;
    this.source = source;
    this.nanoClock = nanoClock;
    this.minRereadNanos = minReread.toNanos();
  }

  @Override
  public synchronized OptionalDouble read() {
    long now = nanoClock.getAsLong();
    if (!readOnce || now - lastNanos >= minRereadNanos) {
      last = parseMillidegrees(Sysfs.read(input));
      lastNanos = now;
      readOnce = true;
    }
    return last;
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
