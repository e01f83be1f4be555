package dev.sustain.blind;

import static dev.sustain.blind.Curves.THERMAL;

import java.util.List;

/**
 * Drives that heat: a controller that steps its clock down in stages and climbs back once cool (the
 * passive Orico: 863, 700, 445, 195, then 695 MB/s), one that throttles and recovers at a steady
 * period, a late sawtooth of short deep dips, and a stick that steps down at a temperature
 * threshold (100 to 80 MB/s at 45 C).
 */
final class ThermalCurves {

  private ThermalCurves() {}

  /** Stages down after an onset, the lowest held a while, then back up while still writing. */
  static BlindCurve stages(long seed, Draw draw) {
    Params p = new Params();
    double burstMBps = draw.logUniform(80, 3500);
    int stages = draw.between(2, 4);
    double[] levels = new double[stages];
    double level = burstMBps;
    double smallestStep = 1;
    for (int i = 0; i < stages; i++) {
      double ratio = draw.uniform(0.5, 0.85);
      level = Math.max(0.1 * burstMBps, level * ratio);
      smallestStep = Math.min(smallestStep, 1 - ratio);
      levels[i] = level;
    }
    double spread = Curves.noise(draw, Math.max(0.006, smallestStep / 3));
    double onsetS = draw.chance(0.7) ? draw.uniform(20, 120) : draw.uniform(120, 900);
    double plannedS = onsetS + stages * 60 + 400;
    double intervalS = Curves.intervalFor(draw, plannedS);
    Timeline t = new Timeline().hold(onsetS, burstMBps, spread);
    String stageText = stepDown(t, levels, burstMBps, spread, 4 * intervalS, draw);
    double previous = levels[stages - 1];
    double recoveredMBps = burstMBps * draw.uniform(0.6, 1.0);
    double recoveredS = Math.max(draw.uniform(30, 300), 8 * intervalS);
    t.ramp(draw.uniform(0, 5), previous, recoveredMBps, spread)
        .hold(recoveredS, recoveredMBps, spread);
    boolean again = draw.chance(0.5);
    if (again) {
      t.hold(Math.max(draw.uniform(30, 200), 8 * intervalS), levels[stages - 1], spread);
    }
    p.add("burst_MBps", burstMBps)
        .add("onset_s", onsetS)
        .add("stages", stageText)
        .add("recovered_MBps", recoveredMBps)
        .add("recovered_s", recoveredS)
        .add("throttles_again", Boolean.toString(again))
        .percent("noise", spread);
    Sampler.Samples s = Curves.sample(t, intervalS, draw, p);
    double[] tempC = draw.chance(0.5) ? heatOf(s, burstMBps, draw, p) : null;
    return Curves.curve(
        "thermal-stages",
        seed,
        p,
        s,
        tempC,
        null,
        List.of(THERMAL),
        List.of(burstTruth(burstMBps, spread, onsetS / intervalS)));
  }

  /**
   * Appends the stages down, each at least {@code minStageS}, the last held longest; returns them
   * in words (level@seconds).
   */
  private static String stepDown(
      Timeline t, double[] levels, double fromMBps, double spread, double minStageS, Draw draw) {
    double previous = fromMBps;
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < levels.length; i++) {
      double stageS = i == levels.length - 1 ? draw.uniform(20, 200) : draw.uniform(8, 90);
      stageS = Math.max(stageS, minStageS);
      double rampS = draw.uniform(0, Math.min(5, stageS / 4));
      t.ramp(rampS, previous, levels[i], spread).hold(stageS, levels[i], spread);
      previous = levels[i];
      text.append(i == 0 ? "" : "/").append(Truth.fmt(levels[i]));
      text.append('@').append(Truth.fmt(stageS)).append('s');
    }
    return text.toString();
  }

  /**
   * Long regular cycles: the burst held from an onset (0 to late), then low for part of a steady
   * period and back at full speed for the rest, again and again (heats, throttles, cools, resumes):
   * periods 20-400 s, depths 5-80%.
   */
  static BlindCurve cycles(long seed, Draw draw) {
    Params p = new Params();
    double burstMBps = draw.logUniform(100, 3500);
    double periodS = draw.logUniform(20, 400);
    double depth = draw.uniform(0.05, 0.80);
    double lowFraction = draw.uniform(0.2, 0.6);
    int cycles = draw.between(3, 8);
    double tailS = draw.uniform(0, periodS);
    double cyclingS = cycles * periodS + tailS;
    double onsetShare = draw.chance(0.2) ? 0 : draw.uniform(0.02, 0.6);
    double onsetS = onsetShare / (1 - onsetShare) * cyclingS;
    double intervalS = Curves.intervalFor(draw, onsetS + cyclingS);
    if (lowFraction * periodS < 3 * intervalS) {
      intervalS = Math.max(0.25, Math.floor(lowFraction * periodS / 3 * 100) / 100);
    }
    double spread = Curves.noise(draw, depth / 2.5);
    double lowMBps = burstMBps * (1 - depth);
    double rampS = draw.uniform(0, Math.min(10, 0.1 * periodS));
    Timeline t = new Timeline().hold(onsetS, burstMBps, spread);
    for (int c = 0; c < cycles; c++) {
      double thisPeriodS = periodS * (1 + draw.uniform(-0.03, 0.03));
      t.ramp(rampS, burstMBps, lowMBps, spread)
          .hold(lowFraction * thisPeriodS - rampS, lowMBps, spread);
      t.ramp(rampS, lowMBps, burstMBps, spread)
          .hold((1 - lowFraction) * thisPeriodS - rampS, burstMBps, spread);
    }
    // The run ends inside a cycle: low first, then what is left at full speed.
    double tailLowS = Math.min(tailS, lowFraction * periodS);
    t.hold(tailLowS, lowMBps, spread).hold(tailS - tailLowS, burstMBps, spread);
    double periodMeanMBps = burstMBps * (1 - depth * lowFraction);
    p.add("burst_MBps", burstMBps)
        .add("onset_s", onsetS)
        .add("period_s", periodS)
        .percent("depth", depth)
        .percent("time_low", lowFraction)
        .add("cycles", Integer.toString(cycles))
        .add("ramp_s", rampS)
        .percent("noise", spread);
    Sampler.Samples s = Curves.sample(t, intervalS, draw, p);
    double[] tempC = draw.chance(0.4) ? heatOf(s, burstMBps, draw, p) : null;
    double highRunS = onsetS + (1 - lowFraction) * periodS;
    return Curves.curve(
        "thermal-cycles",
        seed,
        p,
        s,
        tempC,
        null,
        List.of(THERMAL),
        List.of(
            burstTruth(burstMBps, spread, highRunS / intervalS),
            Truth.either("floor_MBps", periodMeanMBps, lowMBps, 0.08 * periodMeanMBps)));
  }

  /**
   * The burst held for a long time, then short deep dips at a steady period with a slightly
   * throttled level between them (1800 MB/s for 500 s, then dips every 45 s, 1650 between).
   */
  static BlindCurve lateSawtooth(long seed, Draw draw) {
    Params p = new Params();
    double burstMBps = draw.logUniform(200, 3500);
    double betweenMBps = burstMBps * draw.uniform(0.85, 1.0);
    double dipMBps = burstMBps * draw.uniform(0.05, 0.6);
    double periodS = draw.uniform(20, 120);
    int dips = draw.between(4, 14);
    double onsetShare = draw.uniform(0.3, 0.7);
    double dipS = draw.uniform(1, Math.min(10, 0.2 * periodS));
    // The longest the run can be once the dip is stretched to two 5 s intervals.
    double roughS = Math.max(periodS, 50) * dips / (1 - onsetShare);
    double intervalS = Curves.intervalFor(draw, roughS);
    dipS = Math.max(dipS, 2 * intervalS);
    periodS = Math.max(periodS, 5 * dipS);
    double sawS = dips * periodS;
    double onsetS = onsetShare / (1 - onsetShare) * sawS;
    double spread = Curves.noise(draw, (1 - dipMBps / betweenMBps) / 3);
    Timeline t = new Timeline().hold(onsetS, burstMBps, spread);
    for (int i = 0; i < dips; i++) {
      double thisPeriodS = periodS * (1 + draw.uniform(-0.03, 0.03));
      t.hold(dipS, dipMBps, spread).hold(thisPeriodS - dipS, betweenMBps, spread);
    }
    double periodMeanMBps = (dipMBps * dipS + betweenMBps * (periodS - dipS)) / periodS;
    p.add("burst_MBps", burstMBps)
        .add("onset_s", onsetS)
        .add("between_MBps", betweenMBps)
        .add("dip_MBps", dipMBps)
        .add("dip_s", dipS)
        .add("period_s", periodS)
        .add("dips", Integer.toString(dips))
        .percent("noise", spread);
    Sampler.Samples s = Curves.sample(t, intervalS, draw, p);
    return Curves.curve(
        "late-sawtooth",
        seed,
        p,
        s,
        null,
        null,
        List.of(THERMAL),
        List.of(
            burstTruth(burstMBps, spread, onsetS / intervalS),
            Truth.either("floor_MBps", periodMeanMBps, betweenMBps, 0.06 * periodMeanMBps)));
  }

  /**
   * A stick that steps down when its sensor reaches a threshold and holds its temperature there:
   * mostly a modest step (100 to 80 MB/s at 45 C), sometimes a deep one (BrandX: to 20 MB/s). The
   * temperature rises toward an equilibrium above the threshold until the step, then bends: it
   * creeps toward a level near the threshold, at a fraction of the slope it had.
   */
  static BlindCurve temperatureStep(long seed, Draw draw) {
    Params p = new Params();
    double burstMBps = draw.logUniform(20, 1000);
    boolean deep = draw.chance(0.25);
    double stepFraction = deep ? draw.uniform(0.15, 0.35) : draw.uniform(0.6, 0.9);
    double durationS = draw.uniform(300, 3600);
    double stepAtS = draw.uniform(0.15, 0.6) * durationS;
    double intervalS = Curves.intervalFor(draw, durationS);
    double spread = Curves.noise(draw, (1 - stepFraction) / 3);
    Timeline t =
        new Timeline()
            .hold(stepAtS, burstMBps, spread)
            .hold(durationS - stepAtS, burstMBps * stepFraction, spread);
    Sampler.Samples s = Curves.sample(t, intervalS, draw, p);
    double[] trueC = new double[s.size()];
    double thresholdC = stepTemperature(s, stepAtS, draw, p, trueC);
    Thermometer.Sensor sensor = Thermometer.Sensor.draw(draw, intervalS, s.size());
    sensor.describe(p);
    double[] tempC = Thermometer.read(trueC, sensor, draw);
    p.add("burst_MBps", burstMBps)
        .percent("step_to", stepFraction)
        .add("step_at_s", stepAtS)
        .add("threshold_C", thresholdC)
        .percent("noise", spread);
    double floorMBps = burstMBps * stepFraction;
    return Curves.curve(
        "temp-step",
        seed,
        p,
        s,
        tempC,
        null,
        List.of(THERMAL),
        List.of(
            burstTruth(burstMBps, spread, stepAtS / intervalS),
            Truth.of("throttle_temp_C", thresholdC, 3.0),
            Truth.of(
                "floor_MBps",
                floorMBps,
                Curves.levelTolerance(floorMBps, spread, (durationS - stepAtS) / intervalS))));
  }

  /**
   * Fills {@code trueC} with a temperature that crosses a threshold at {@code stepAtS} and then
   * bends; returns the threshold.
   */
  private static double stepTemperature(
      Sampler.Samples s, double stepAtS, Draw draw, Params p, double[] trueC) {
    double ambientC = draw.uniform(18, 32);
    double startC = ambientC + draw.uniform(0, 8);
    double thresholdC = draw.uniform(Math.max(startC + 8, 40), 75);
    // Where the drive would have settled without throttling: well above the threshold, or the
    // threshold would hardly matter and the bend would be too slight to tell from the approach.
    double riseAboveC = draw.uniform(8, 30);
    double eqBeforeC = thresholdC + riseAboveC;
    double tauBeforeS = stepAtS / Math.log((eqBeforeC - startC) / riseAboveC);
    double eqAfterC = thresholdC + riseAboveC * draw.uniform(-0.2, 0.25);
    double tauAfterS = tauBeforeS * draw.uniform(1, 2);
    for (int i = 0; i < s.size(); i++) {
      double atS = s.timeS()[i];
      trueC[i] =
          atS <= stepAtS
              ? eqBeforeC - (eqBeforeC - startC) * Math.exp(-atS / tauBeforeS)
              : eqAfterC + (thresholdC - eqAfterC) * Math.exp(-(atS - stepAtS) / tauAfterS);
    }
    p.add("ambient_C", ambientC)
        .add("start_C", startC)
        .add("tau_s", tauBeforeS)
        .add("eq_before_C", eqBeforeC)
        .add("eq_after_C", eqAfterC);
    return thresholdC;
  }

  /** A sensor's readings of a drive heated by its own rate. */
  private static double[] heatOf(Sampler.Samples s, double fullMBps, Draw draw, Params p) {
    double ambientC = draw.uniform(20, 30);
    double[] eq =
        Thermometer.equilibriumOfRate(
            s.mbps(), ambientC, draw.uniform(5, 10), draw.uniform(30, 50), fullMBps);
    double tauS = draw.uniform(20, 120);
    double[] trueC = Thermometer.follow(eq, s.intervalS(), tauS, ambientC + draw.uniform(0, 10));
    Thermometer.Sensor sensor = Thermometer.Sensor.draw(draw, s.intervalS(), s.size());
    p.add("heat_tau_s", tauS);
    sensor.describe(p);
    return Thermometer.read(trueC, sensor, draw);
  }

  private static Truth burstTruth(double burstMBps, double spread, double samples) {
    return Truth.of("burst_MBps", burstMBps, Curves.levelTolerance(burstMBps, spread, samples));
  }
}
