package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A translation layer short of free blocks (no TRIM): the drive collects garbage while it writes,
 * so its rate swings between low and full at irregular times with much of the time low (the
 * Kingston's 0/256/937 MB/s min/median/max), or it starts slow and speeds up as the overwrite frees
 * blocks (nothing thermal or cache-related starts slow). Its words say which, and why a climb back
 * was not heat. Immutable.
 *
 * <ul>
 *   <li>swings ({@link ErraticSwings}): at least {@link Limits#minSwings} climbs from a low segment
 *       to a high one (change-point segments, so that noise around a middle level is not a swing),
 *       at least {@link Limits#minSideFraction} of the time on each side, swings in both halves of
 *       the run. High is within {@link Thresholds#SWING_HIGH} (or 2 noise sigmas) of the high level
 *       (p95); low is as far below it as a dip ({@link Thresholds#DIP_ENTER} or {@link
 *       Thresholds#DIP_NOISE_SIGMAS} sigmas), at any depth above zero. A stall level between two
 *       fast visits is a low visit: a starved drive may accept nothing while it collects. A swing
 *       is between two levels: its low side is {@link Thresholds#SWING_SPREAD_SIGMAS} sigmas below
 *       its high side, and below the level the climb reached by as many of that level's own sigmas
 *       when it is a noisier level than the run ({@link #leftItsLevel}).
 *   <li>deep swings: the same, low below {@link Limits#deepLow} of the high level and high above
 *       {@link Limits#deepHigh} of it (a starved drive nearly stops, then writes at whatever speed
 *       its freed blocks allow).
 *   <li>slow start: the first lasting level begins within {@link Limits#slowStartRunFraction} of
 *       the run, lasts that fraction and {@link Limits#slowStartMinSamples} intervals, and is below
 *       {@link Limits#slowStartFraction} of a later lasting level; or the run swings first, or
 *       began slow ({@link #beganSlow}), and then speeds up to a lasting level ({@link
 *       #swingingStart}).
 * </ul>
 *
 * @param limits the numbers a starved drive is read by
 */
record ErraticDetector(ErraticDetector.Limits limits)
    implements Detector<Findings.Erratic, ErraticDetector.Limits> {

  /**
   * The numbers a starved translation layer is read by.
   *
   * @param highQuantile the high level of a swinging drive is this quantile of its write intervals
   *     (the 95th percentile): its full speed, read past the odd fast interval
   * @param minSwings swings need at least this many climbs from low to high (3): one or two are a
   *     throttle's drop and climb back, or a slow start, which have rules of their own
   * @param minSideFraction ... with at least this fraction of the time low and as much high ({@link
   *     Thresholds#MIN_SWING_SIDE_FRACTION}, which the cycles read too)
   * @param minLowSeconds a swing's low lasts at least this long, seconds ({@link
   *     Thresholds#MIN_SWING_SECONDS}): a drive collecting garbage is slow for seconds at a time, a
   *     single odd interval is an outlier
   * @param spreadMinRequests a swing's two levels are told apart by their spreads only when the
   *     high side completes at least this many whole requests an interval (20, when the run
   *     recorded its requests): below it the count's own noise (up to a request, {@link
   *     Thresholds#QUANTUM_SIGMA_REQUESTS}) is over 5% of the level, and a piece across visits of a
   *     few requests each spreads by its counts, so its spread is no level's
   * @param deepLow a deep swing's low is below this fraction of the high level (a quarter): while
   *     it collects garbage a starved drive writes next to nothing (the Kingston's 0 MB/s minimum,
   *     256 median against 937 maximum), and a throttle's stage (20-80% of the level) or a noisy
   *     floor's spread lies above it
   * @param deepHigh ... and its high above this fraction (a half): between collections it writes as
   *     fast as the blocks it freed allow, which differs from one collection to the next, so a
   *     climb from nearly stopped to half speed is a swing though it stops short of the high level
   * @param slowStartFraction a slow start is below this fraction of a later lasting level ({@link
   *     Thresholds#SLOW_START_FRACTION}, which the throttle's recovery reads too)
   * @param slowStartRunFraction ... lasts this fraction of the run at least and begins within its
   *     first such fraction (5%): long enough that it is no start-up ramp
   * @param slowStartMinSamples ... and has at least this many intervals (10): a level's mean, not a
   *     few odd intervals
   */
  public record Limits(
      double highQuantile,
      int minSwings,
      double minSideFraction,
      double minLowSeconds,
      double spreadMinRequests,
      double deepLow,
      double deepHigh,
      double slowStartFraction,
      double slowStartRunFraction,
      int slowStartMinSamples) {

    /** The limits the analysis reads every curve by. */
    public static final Limits DEFAULT =
        new Limits(
            0.95,
            3,
            Thresholds.MIN_SWING_SIDE_FRACTION,
            Thresholds.MIN_SWING_SECONDS,
            20,
            0.25,
            0.5,
            Thresholds.SLOW_START_FRACTION,
            0.05,
            10);
  }

  /** Swings or a slow start, or null. */
  @Override
  public Findings.Erratic find(Reading r) {
    Curve c = r.curve();
    double[] kept = new double[c.n - c.from];
    int m = 0;
    for (int i = c.from; i < c.n; i++) {
      if (!c.stall(i)) {
        kept[m++] = c.r[i];
      }
    }
    if (m == 0) {
      return null;
    }
    double high = Stats.quantile(Arrays.copyOf(kept, m), limits.highQuantile());
    // Near full speed and as far below it as a dip; or, deep: nearly stopped and back at half
    // speed or more (see Limits.deepLow).
    ErraticSwings.Swings near =
        ErraticSwings.count(c, high * c.dipLine(), high * c.highLine(), limits);
    ErraticSwings.Swings deep =
        ErraticSwings.count(c, high * limits.deepLow(), high * limits.deepHigh(), limits);
    ErraticSwings.Swings found = near.swinging(limits) || !deep.swinging(limits) ? near : deep;
    boolean swinging = found.swinging(limits);
    Segment slow = slowStart(c);
    double later = slow == null ? Double.NaN : laterBest(c, slow);
    if (slow == null && !swinging) {
      Segment speedsUp = swingingStart(c, high);
      if (speedsUp != null) {
        slow = Segment.of(c.s, c.from, speedsUp.startIndex());
        later = speedsUp.meanMBps();
      }
    }
    if (!swinging && slow == null) {
      return null;
    }
    return new Findings.Erratic(
        swinging ? found.count() : 0,
        high,
        found.lowFraction(),
        found.highFraction(),
        found.lowLineMBps(),
        found.highLineMBps(),
        swinging ? found.shortestGapSeconds() : Double.NaN,
        swinging ? found.longestGapSeconds() : Double.NaN,
        slow,
        later);
  }

  private Segment slowStart(Curve c) {
    List<Segment> lasting = c.plateaus.stream().filter(c::lastingLevel).toList();
    if (lasting.size() < 2) {
      return null;
    }
    Segment first = lasting.getFirst();
    double duration = c.judgedSeconds();
    if (first.startSeconds() - c.s.startSeconds(c.from) > limits.slowStartRunFraction() * duration
        || first.durationSeconds() < Math.max(c.lasting, limits.slowStartRunFraction() * duration)
        || first.sampleCount() < limits.slowStartMinSamples()) {
      return null;
    }
    return first.meanMBps() < limits.slowStartFraction() * laterBest(c, first) ? first : null;
  }

  /**
   * The lasting level a slow, swinging start speeds up to, or null: the drive swung ({@link
   * Limits#minSwings} climbs, near or deep) up to it, and wrote on average below {@link
   * Limits#slowStartFraction} of it, for {@link Limits#slowStartRunFraction} of the run at least;
   * the level lasts that long too. A drive short of free blocks collects garbage until the
   * overwrite has freed enough of them, then writes at full speed (the nearly full drive of the
   * field reports: 250 s slow and erratic, then 250 s fast); a throttle steps down and a cache runs
   * out, and neither starts by swinging low. The climbs counted include the one out of a slow first
   * stretch and the one onto the level: the drive was collecting from the first second, and its
   * last collection ends where it speeds up. A run that began slow needs no count ({@link
   * #beganSlow}).
   */
  private Segment swingingStart(Curve c, double high) {
    double least = Math.max(c.lasting, limits.slowStartRunFraction() * c.judgedSeconds());
    for (Segment p : c.plateaus) {
      if (!c.lastingLevel(p)
          || p.durationSeconds() < least
          || c.startOf(p.startIndex()) - c.startOf(c.from) < least
          || !(c.meanMBps(c.from, p.startIndex()) < limits.slowStartFraction() * p.meanMBps())) {
        continue;
      }
      int end = p.startIndex() + 1;
      if (beganSlow(c, p)
          || ErraticSwings.count(c, high * c.dipLine(), high * c.highLine(), end, 1, limits).count()
              >= limits.minSwings()
          || ErraticSwings.count(
                      c, high * limits.deepLow(), high * limits.deepHigh(), end, 1, limits)
                  .count()
              >= limits.minSwings()) {
        return p;
      }
    }
    return null;
  }

  /**
   * Whether the run began slow, below {@link Limits#slowStartFraction} of the level {@code p} it
   * speeds up to: its first level, where the start-up ramp ends, lasted and was that slow. A drive
   * starts cool and with its cache empty, so heat and a full cache only slow it from the speed it
   * starts at; a run that opens at a fraction of a speed it reaches later was slowed by something
   * it cleared while writing, a translation layer collecting garbage. Then the start needs no count
   * of swings (two slow visits each way have only two climbs): the swings guard a start that opened
   * fast, a throttle's drop and climb back.
   */
  private boolean beganSlow(Curve c, Segment p) {
    Segment first = c.plateaus.getFirst();
    return first.startIndex() < p.startIndex()
        && c.lastingLevel(first)
        && first.meanMBps() < limits.slowStartFraction() * p.meanMBps();
  }

  private static double laterBest(Curve c, Segment first) {
    double best = 0;
    for (Segment p : c.plateaus) {
      if (p.startIndex() > first.startIndex() && c.lastingLevel(p)) {
        best = Math.max(best, p.meanMBps());
      }
    }
    return best;
  }

  @Override
  public Findings.Erratic in(Findings f) {
    return f.erratic();
  }

  @Override
  public Words headline(Findings.Erratic x, Analysis a) {
    return x.swinging()
        ? Words.of(
            "erratic between about {mbps} and {rate}: short of free blocks (no TRIM)",
            a.floorMBps(),
            a.burstMBps())
        : Words.of(
            "starts slow at {rate}, then {rate}: short of free blocks (no TRIM)",
            x.slowStart().meanMBps(),
            x.laterMBps());
  }

  /** Its swings or its slow start, and why a climb back was not heat. */
  @Override
  public List<Words> evidence(Findings.Erratic x, Analysis a) {
    List<Words> e = new ArrayList<>();
    if (x.swinging()) {
      // "Irregular" only of climbs whose spacings spread: the spacings are printed either way.
      e.add(
          Words.of(
              "Swung {} times between low (below {rate}) and high (above {rate})"
                  + (x.irregular() ? " at irregular times" : "")
                  + ", the climbs {time} to {time} apart: low {pct} of the time, high {pct};"
                  + " min/median/max {mbps}/{mbps}/{mbps} MB/s.",
              x.swings(),
              x.lowLineMBps(),
              x.highLineMBps(),
              x.shortestGapSeconds(),
              x.longestGapSeconds(),
              x.lowFraction(),
              x.highFraction(),
              a.minMBps(),
              a.medianMBps(),
              a.maxMBps()));
    }
    if (x.slowStart() != null) {
      e.add(
          Words.of(
              "Started slow at {rate} for {time}, then reached {rate}: neither a cache nor"
                  + " heat starts slow and speeds up.",
              x.slowStart().meanMBps(),
              x.slowStart().durationSeconds(),
              x.laterMBps()));
    }
    e.add(Words.of("A translation layer short of free blocks collects garbage while it writes."));
    if (a.findings().recovery() != null) {
      // Say why the climb back was not read as heat: what a cooled controller does.
      e.add(
          x.swinging()
              ? Words.of(
                  "Not a throttle that cooled: a controller climbs back once, to a level it"
                      + " holds, while this drive climbed back {} times"
                      + (x.irregular() ? " at irregular times." : "."),
                  x.swings())
              : Words.of(
                  "Not a throttle that cooled: a throttle steps down from the level it started"
                      + " at, while this drive started slow."));
    }
    return e;
  }

  @Override
  public List<Words> advice(Findings.Erratic x, Analysis a) {
    return List.of(
        Words.of(
            "Free the drive's blocks: TRIM it (fstrim, or a format that issues UNMAP/deallocate),"
                + " then measure again."));
  }
}
