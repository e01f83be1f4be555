package dev.sustain.blind;

/**
 * A drive's temperature and the sensor that reports it. The case follows its equilibrium (set by
 * the power the controller burns, so by the rate) with one time constant; the sensor reports whole
 * or tenth degrees with noise, refreshes only every few seconds (SMART is polled), and misses
 * readings.
 */
final class Thermometer {

  private Thermometer() {}

  /** The temperature per interval when it approaches {@code equilibriumC} with {@code tauS}. */
  static double[] follow(double[] equilibriumC, double intervalS, double tauS, double startC) {
    double[] c = new double[equilibriumC.length];
    double k = 1 - Math.exp(-intervalS / tauS);
    double now = startC;
    for (int i = 0; i < c.length; i++) {
      now += (equilibriumC[i] - now) * k;
      c[i] = now;
    }
    return c;
  }

  /**
   * The equilibrium of a drive whose heat is an idle part plus a part proportional to the rate: at
   * {@code fullMBps} it settles {@code fullRiseC} above ambient.
   */
  static double[] equilibriumOfRate(
      double[] mbps, double ambientC, double idleRiseC, double fullRiseC, double fullMBps) {
    double[] eq = new double[mbps.length];
    for (int i = 0; i < eq.length; i++) {
      eq[i] = ambientC + idleRiseC + (fullRiseC - idleRiseC) * Math.min(1.5, mbps[i] / fullMBps);
    }
    return eq;
  }

  /**
   * What the sensor reports: noise up to {@code noiseC} either side, whole degrees when {@code
   * wholeDegrees}, a reading held for {@code refreshIntervals}, a fraction of readings missing and
   * sometimes one long gap. NaN is a missing reading.
   */
  static double[] read(double[] trueC, Sensor sensor, Draw draw) {
    double[] out = new double[trueC.length];
    double held = Double.NaN;
    int gapStart = sensor.gapIntervals > 0 ? draw.between(0, trueC.length - 1) : -1;
    for (int i = 0; i < trueC.length; i++) {
      if (i % sensor.refreshIntervals == 0 || Double.isNaN(held)) {
        double reading = trueC[i] + draw.uniform(-sensor.noiseC, sensor.noiseC);
        held = sensor.wholeDegrees ? Math.round(reading) : Math.round(reading * 10) / 10.0;
      }
      boolean inGap = gapStart >= 0 && i >= gapStart && i < gapStart + sensor.gapIntervals;
      out[i] = inGap || draw.chance(sensor.missingFraction) ? Double.NaN : held;
    }
    return out;
  }

  /** How a sensor reports. */
  record Sensor(
      double noiseC,
      boolean wholeDegrees,
      int refreshIntervals,
      double missingFraction,
      int gapIntervals) {

    /** A sensor drawn over the whole range: noise up to ±1 C, up to 30% missing. */
    static Sensor draw(Draw draw, double intervalS, int samples) {
      double refreshS = draw.pick(1.0, 1.0, 2.0, 5.0);
      int refresh = Math.max(1, (int) Math.round(refreshS / intervalS));
      double missing = draw.chance(0.3) ? 0 : draw.uniform(0, 0.3);
      int gap = draw.chance(0.3) ? draw.between(2, Math.max(3, samples / 20)) : 0;
      return new Sensor(draw.uniform(0, 1), draw.chance(0.6), refresh, missing, gap);
    }

    void describe(Params p) {
      p.add("sensor_noise_C", noiseC)
          .add("sensor_whole_C", Boolean.toString(wholeDegrees))
          .add("sensor_refresh", Integer.toString(refreshIntervals))
          .percent("sensor_missing", missingFraction)
          .add("sensor_gap", Integer.toString(gapIntervals));
    }
  }
}
