package dev.sustain.device;

import dev.sustain.sampling.TemperatureSensor;
import java.time.Duration;
import java.util.OptionalDouble;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A drive temperature polled through {@code smartctl -j -A} on a background daemon thread at a slow
 * cadence (each call sends a command to the drive and takes tens of milliseconds, more through USB
 * bridges). {@link #read} never blocks: it returns the last reading, or empty when there is none
 * younger than three cadences, so a dead source is never carried forward as a made-up number.
 * Thread-safe.
 */
public final class SmartctlTemperatureSensor implements TemperatureSensor {

  /** The default polling cadence: slow next to a 1 s sampling interval, on purpose. */
  public static final Duration DEFAULT_CADENCE = Duration.ofSeconds(10);

  private final Supplier<OptionalDouble> poll;
  private final long cadenceNanos;
  private final LongSupplier nanoClock;
  private final ScheduledExecutorService executor;
  private volatile double lastCelsius = Double.NaN;
  private volatile long lastNanos;

  /**
   * @param poll one smartctl reading (blocking); empty when smartctl gave none
   * @param start false in tests, which call {@link #pollNow} themselves
   */
  SmartctlTemperatureSensor(
      Supplier<OptionalDouble> poll, Duration cadence, LongSupplier nanoClock, boolean start) {
    this.poll = poll;
    this.cadenceNanos = cadence.toNanos();
    this.nanoClock = nanoClock;
    if (start) {
      executor =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "sustain-smartctl-temp");
                t.setDaemon(true);
                return t;
              });
      executor.scheduleWithFixedDelay(this::pollNow, 0, cadence.toMillis(), TimeUnit.MILLISECONDS);
    } else {
      executor = null;
    }
  }

  /** Polls {@code smartctl} for this device every {@code cadence}, starting now. */
  public static SmartctlTemperatureSensor start(
      Smartctl smartctl, String devicePath, String deviceType, Duration cadence) {
    return new SmartctlTemperatureSensor(
        () -> {
          SmartctlReport r = smartctl.attributes(devicePath, deviceType);
          return r == null ? OptionalDouble.empty() : r.temperature();
        },
        cadence,
        System::nanoTime,
        true);
  }

  void pollNow() {
    OptionalDouble v;
    try {
      v = poll.get();
    } catch (RuntimeException e) {
      v = OptionalDouble.empty();
    }
    if (v.isPresent()
        && v.getAsDouble() >= HwmonTemperatureSensor.MIN_PLAUSIBLE_C
        && v.getAsDouble() <= HwmonTemperatureSensor.MAX_PLAUSIBLE_C) {
      lastNanos = nanoClock.getAsLong();
      lastCelsius = v.getAsDouble();
    }
  }

  @Override
  public OptionalDouble read() {
    double c = lastCelsius;
    if (Double.isNaN(c) || nanoClock.getAsLong() - lastNanos > 3 * cadenceNanos) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(c);
  }

  @Override
  public String source() {
    return "smartctl";
  }

  @Override
  public void close() {
    if (executor != null) {
      executor.shutdownNow();
    }
  }
}
