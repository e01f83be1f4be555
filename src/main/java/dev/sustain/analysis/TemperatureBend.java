package dev.sustain.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * The bend of a temperature series: the best continuous two-line (hinge) fit of temperature against
 * time, found over every possible bend in one pass with prefix sums (O(n)). A drive heats while it
 * writes fast; a throttle caps its power, so the temperature stops rising at the very moment the
 * rate steps down, and from then on creeps, wanders or falls. A cache cliff happens at a byte
 * count, whatever the temperature: it keeps rising as before, or it had levelled off long before.
 *
 * <p>The step is thermal when the best bend falls at it (within {@link Limits#atStepFraction} of
 * the time the temperature rose, and at least {@link Limits#minSeconds} or three intervals: a rise
 * that flattens as it nears the threshold places the best bend a little early), or among the bends
 * a fit with a flattening rise (a parabola before the bend) cannot tell from its best within noise
 * ({@link Limits#rangeNoise}, {@link HingeFit}), and the two lines that meet at the step show that
 * the temperature rose at least {@link Limits#minRiseC} before it and then at most {@link
 * Limits#slopeAfterFraction} of that slope, explain the series far better than one line, and keep
 * the readings after it near the line (their {@link Limits#spreadPercentile} distance, not the
 * largest). The throttle's temperature is the curved fit's value at the step. None of this depends
 * on how cold the run started or how long it ran after. Its words say the throttle's temperature,
 * or why a drop was not heat. Immutable.
 *
 * @param limits the numbers a bend is read by
 */
record TemperatureBend(TemperatureBend.Limits limits)
    implements Detector<Findings.TemperatureBend, TemperatureBend.Limits> {

  /**
   * The numbers a bend is read by.
   *
   * @param minF the hinge must cut one line's squared error by this many times the noise, at least
   *     (25): a temperature that bends, not one line's noise
   * @param minReadings temperature readings on each side of a bend, at least (5): fewer fit any two
   *     lines
   * @param minRiseC the temperature must rise at least this much before the bend to speak of heat
   *     (3 °C): a cool drive's sensor wanders by a degree or two
   * @param modestMinRiseC ... and this much before a step whose size alone says nothing (a modest
   *     step, no cache's end), °C: twice the least rise. There the temperature carries the whole
   *     finding, and a rise of 3 °C read in whole degrees is three or four readings' steps, which a
   *     rise that levelled off a minute before the step and a bend at it fit alike; at 6 °C the
   *     readings bend where the temperature did
   * @param slopeAfterFraction after a thermal step the temperature rises at most this fraction of
   *     its mean slope before (a half; it may creep, wander or fall): the throttle holds it, a
   *     cache cliff leaves it rising as before
   * @param atStepFraction the best bend falls at the step when it is within this fraction of the
   *     time the temperature rose before the step (a quarter: a rise that flattens as it nears the
   *     threshold, as a heating body's does, places the best two-line bend up to a fifth early, and
   *     coarse readings add an interval), or {@code minSeconds}. A temperature that stopped rising
   *     long before the step (for half a minute and 40% of the rise) is not what the step obeyed
   * @param minSeconds ... never closer than this many seconds (10, or 3 intervals)
   * @param rangeNoise or the step falls among the bends the temperature cannot tell from its best
   *     one, fitted with a rise that may flatten before the bend: those whose squared error exceeds
   *     the best's by at most this many times the noise variance (6.63, the 99% point of chi-square
   *     with one degree of freedom: the bend's place is the one parameter that moves). A heating
   *     body's rise flattens toward its equilibrium, which puts two straight lines' bend early by
   *     more than {@code atStepFraction} when the equilibrium is near, and sensor noise moves it
   *     further
   * @param spreadPercentile the temperature after the bend stays near its line: this percentile of
   *     the distance from it (0.9: a high percentile, not the maximum, so one odd reading does not
   *     decide) ...
   * @param spreadMaxC ... within this many °C (3), or {@code spreadOfRise} of the rise if that is
   *     more
   * @param spreadOfRise see {@code spreadMaxC}: a quarter of the rise, for a drive that heated far
   */
  public record Limits(
      double minF,
      int minReadings,
      double minRiseC,
      double modestMinRiseC,
      double slopeAfterFraction,
      double atStepFraction,
      double minSeconds,
      double rangeNoise,
      double spreadPercentile,
      double spreadMaxC,
      double spreadOfRise) {

    /** The limits the analysis reads every curve by. */
    public static final Limits DEFAULT =
        new Limits(25, 5, 3.0, 6.0, 0.5, 0.25, 10, 6.63, 0.9, 3.0, 0.25);
  }

  /**
   * The bend compared with the cliff the rule list found, or with the step it read as one; null
   * without a cliff or without enough readings.
   */
  @Override
  public Findings.TemperatureBend find(Reading r) {
    return r.cliff() == null ? null : find(r.curve(), r.cliff().seconds(), false);
  }

  /**
   * The bend compared with a step whose size alone says nothing (a modest step, no cache's end):
   * thermal only after a rise of at least {@link Limits#modestMinRiseC}.
   */
  Findings.TemperatureBend modest(Curve c, double stepSeconds) {
    return find(c, stepSeconds, true);
  }

  private Findings.TemperatureBend find(Curve c, double stepSeconds, boolean modest) {
    double[][] readings = readings(c);
    if (readings == null) {
      return null;
    }
    double[] t = readings[0];
    double[] y = readings[1];
    int m = t.length;
    // Centred and scaled times keep the sums of squares well conditioned for day-long runs.
    double t0 = t[0];
    double span = Math.max(t[m - 1] - t0, 1e-9);
    double[] u = Arrays.stream(t).map(v -> (v - t0) / span).toArray();
    HingeFit.Sums sums = HingeFit.Sums.of(u, y);
    int bestK = sums.bestHinge(limits.minReadings());
    if (bestK < 0 || Double.isNaN(stepSeconds)) {
      return null;
    }
    double bendSeconds = t[bestK];
    // The lines that meet at the step itself: their slopes, and the temperature where they meet.
    int k = stepReading(t, stepSeconds);
    double[] at = sums.hinge(k);
    if (at == null) {
      return null;
    }
    double atC = at[0];
    double before = at[1] / span; // °C per second
    double afterSlope = (at[1] + at[2]) / span;
    double startC = at[0] - at[1] * u[k];
    double rise = atC - startC;
    double spread = spreadAfter(t, y, k, atC, afterSlope);
    double rss = Math.max(at[3], 1e-12);
    double f = (sums.lineRss() - rss) / (rss / Math.max(1, m - 3));
    double window =
        Math.max(
            Math.max(3 * c.interval, limits.minSeconds()),
            limits.atStepFraction() * (stepSeconds - t0));
    double[] range = HingeFit.curvedRange(u, y, t, k, limits.minReadings(), limits.rangeNoise());
    double resolution = Math.max(3 * c.interval, limits.minSeconds());
    // Two lines place the bend early on a rise that flattens, the parabola late (its curvature is
    // the same all along, a heating body's fades as it nears its equilibrium): the bend lies
    // between the two, with the noise of each.
    boolean inRange =
        range != null
            && stepSeconds >= Math.min(range[0], bendSeconds) - resolution
            && stepSeconds <= range[1] + resolution;
    boolean thermal =
        (Math.abs(bendSeconds - stepSeconds) <= window || inRange)
            && rise >= (modest ? limits.modestMinRiseC() : limits.minRiseC())
            && before > 0
            && afterSlope <= limits.slopeAfterFraction() * before
            && f >= limits.minF()
            && spread <= Math.max(limits.spreadMaxC(), limits.spreadOfRise() * rise);
    // The temperature at the step: the curve's value there follows a rise that flattens (two
    // lines overshoot it at a rounded corner).
    double throttleC = range != null && !Double.isNaN(range[2]) ? range[2] : atC;
    return new Findings.TemperatureBend(
        startC, throttleC, bendSeconds, before * 60, afterSlope * 60, spread, stepSeconds, thermal);
  }

  /**
   * The last reading at or before the step, kept {@link Limits#minReadings} from either end so that
   * a hinge there has readings on both sides.
   */
  private int stepReading(double[] t, double stepSeconds) {
    int m = t.length;
    int k = 0;
    while (k + 1 < m && t[k + 1] <= stepSeconds) {
      k++;
    }
    return Math.max(limits.minReadings() - 1, Math.min(m - limits.minReadings() - 1, k));
  }

  /**
   * The readings with a temperature: {times (each interval's end), °C}, or null without a sensor or
   * with too few readings for a bend with {@link Limits#minReadings} on each side.
   */
  private double[][] readings(Curve c) {
    if (!c.s.hasTemperature()) {
      return null;
    }
    double[] t = new double[c.n];
    double[] y = new double[c.n];
    int m = 0;
    for (int i = 0; i < c.n; i++) {
      double temp = c.s.tempC(i);
      if (!Double.isNaN(temp)) {
        t[m] = c.endOf(i);
        y[m] = temp;
        m++;
      }
    }
    if (m < 2 * limits.minReadings() + 1) {
      return null;
    }
    return new double[][] {Arrays.copyOf(t, m), Arrays.copyOf(y, m)};
  }

  /**
   * How far the readings after reading k lie from the line after the bend: their {@link
   * Limits#spreadPercentile} distance, not the largest (one odd reading is not a wander).
   */
  private double spreadAfter(double[] t, double[] y, int k, double atC, double slope) {
    int m = t.length;
    double[] distance = new double[m - k - 1];
    for (int i = k + 1; i < m; i++) {
      double fit = atC + slope * (t[i] - t[k]);
      distance[i - k - 1] = Math.abs(y[i] - fit);
    }
    return Stats.quantile(distance, limits.spreadPercentile());
  }

  @Override
  public Findings.TemperatureBend in(Findings f) {
    return f.bend();
  }

  /**
   * At a throttle's step, the temperature it stepped at; at a drop it did not bend at, why the drop
   * is not heat.
   */
  @Override
  public List<Words> evidence(Findings.TemperatureBend t, Analysis a) {
    if (!t.thermal()) {
      return List.of(
          Words.of(
              "The temperature did not bend at the drop ({slope} before its bend at {time},"
                  + " {slope} after): the drop is not heat.",
              t.beforeCPerMinute(),
              t.bendSeconds(),
              t.afterCPerMinute()));
    }
    return List.of(
        Words.of(
            "The rate stepped down to {rate} at {time} just as the temperature, having risen"
                + " from {.0} to {.0} °C ({slope}), stopped rising ({slope} after, within {.1} °C"
                + " of that line): a throttle at {.0} °C.",
            a.findings().cliff().firstLevelMBps(),
            t.stepSeconds(),
            t.startC(),
            t.bendC(),
            t.beforeCPerMinute(),
            t.afterCPerMinute(),
            t.spreadC(),
            t.bendC()));
  }
}
