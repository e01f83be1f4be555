package dev.sustain.device;

import dev.sustain.sampling.IntervalProbe;
import dev.sustain.sampling.TemperatureSensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything a run samples beside its own counters, for one target, ready for the sampler: the
 * drive's temperature sensor, the system CPU probe and the device counter probe, and the resolved
 * device for run.json. Made by {@link DriveSensors#forTarget}; the caller closes it after the run
 * (it stops smartctl polling). Not thread-safe: the sampler's thread uses the probes.
 *
 * @param resolution the device under the target, or null when there is none (tmpfs, overlay)
 * @param whyNoDevice why {@code resolution} is null, for a note in the run; null otherwise
 * @param temperature the temperature sensor; {@link TemperatureSensor#NONE} without a source
 * @param probes the interval probes, CPU first, then the device counters when there is a device
 */
public record RunSensors(
    DeviceResolution resolution,
    String whyNoDevice,
    TemperatureSensor temperature,
    List<IntervalProbe> probes)
    implements AutoCloseable {

  public RunSensors {
    probes = List.copyOf(probes);
  }

  /** run.json's {@code target.device} object, or null without a device. */
  public Map<String, Object> deviceJson() {
    return resolution == null ? null : resolution.device().toJsonMap();
  }

  @Override
  public void close() {
    List<RuntimeException> failures = new ArrayList<>();
    try {
      temperature.close();
    } catch (RuntimeException e) {
      failures.add(e);
    }
    for (IntervalProbe p : probes) {
      try {
        p.close();
      } catch (RuntimeException e) {
        failures.add(e);
      }
    }
    if (!failures.isEmpty()) {
      throw failures.getFirst();
    }
  }
}
