package dev.sustain.blind;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;

/**
 * The drive classes of the blind family, each with its generator. The spinning disks come twice:
 * told {@code --media hdd} (a run folder knows it from its device), and told nothing (a plain CSV
 * from another tool).
 */
enum DriveClass {
  FLAT("flat", SsdCurves::flat),
  CACHE_CLIFF("cache-cliff", SsdCurves::cacheCliff),
  NOISY_FLOOR("noisy-floor", SsdCurves::noisyFloor),
  THERMAL_STAGES("thermal-stages", ThermalCurves::stages),
  THERMAL_CYCLES("thermal-cycles", ThermalCurves::cycles),
  LATE_SAWTOOTH("late-sawtooth", ThermalCurves::lateSawtooth),
  TEMP_STEP("temp-step", ThermalCurves::temperatureStep),
  GC_ERRATIC("gc-erratic", StarvedCurves::gcErratic),
  RUNS_BACKWARDS("runs-backwards", StarvedCurves::runsBackwards),
  SMR_STALLS("smr-stalls", (seed, draw) -> HddCurves.smrStalls(seed, draw, "hdd")),
  SMR_STALLS_NO_MEDIA("smr-stalls-no-media", (seed, draw) -> HddCurves.smrStalls(seed, draw, null)),
  HDD_ZONED("hdd-zoned", (seed, draw) -> HddCurves.zoned(seed, draw, "hdd")),
  HDD_ZONED_NO_MEDIA("hdd-zoned-no-media", (seed, draw) -> HddCurves.zoned(seed, draw, null));

  private final String word;
  private final BiFunction<Long, Draw, BlindCurve> generator;

  DriveClass(String word, BiFunction<Long, Draw, BlindCurve> generator) {
    this.word = word;
    this.generator = generator;
  }

  String word() {
    return word;
  }

  /**
   * The curve of {@code seed}: each class draws from its own stream (the seed mixed with the
   * class's name), so a class's curves do not change when another class draws differently.
   */
  BlindCurve generate(long seed) {
    long mixed = seed * 0x9E3779B97F4A7C15L + word.hashCode();
    return generator.apply(seed, new Draw(new SplittableRandom(mixed)));
  }

  /** The classes {@code -Dsustain.blindClass=a,b} names, or all of them. */
  static List<DriveClass> selected() {
    String only = System.getProperty("sustain.blindClass", "").strip();
    if (only.isEmpty()) {
      return List.of(values());
    }
    List<String> words = Arrays.stream(only.split(",")).map(String::strip).toList();
    return Arrays.stream(values()).filter(c -> words.contains(c.word)).toList();
  }

  @Override
  public String toString() {
    return word;
  }
}
