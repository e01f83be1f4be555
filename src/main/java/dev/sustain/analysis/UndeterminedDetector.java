package dev.sustain.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * No shape named: a run in which no request completed, or one too short to judge (no lasting drop
 * in fewer than {@link Limits#seconds} of writing after the start-up), read before the shape rules;
 * or, once the rules read it as flat, a run that did not hold the level it started at, which "held
 * from start to end" would misstate. Immutable.
 *
 * @param limits the numbers it is read by
 */
record UndeterminedDetector(UndeterminedDetector.Limits limits)
    implements Detector<Findings.Undetermined, UndeterminedDetector.Limits> {

  /**
   * The numbers a run is left undetermined by.
   *
   * @param seconds a run without a lasting drop is too short to tell any shape when it has fewer
   *     than this many seconds of write intervals after the start-up ramp (30 intervals at 1 s, 60
   *     at 0.5 s, 6 at 5 s): half of the 64 retail caches in the bench held longer than 39 s, so a
   *     shorter flat run says only that the cache is at least what was written
   * @param dropFraction a lasting level below this fraction of the burst is a drop, and a flat run
   *     held its start only with its mean above it (and its start above it of its mean): the
   *     analysis's drop line ({@link Thresholds#DROP_FRACTION}), so "held" means what "no drop"
   *     means everywhere else
   * @param heldSpread a flat run held a level only with half its write intervals within this
   *     fraction of their median (their median absolute deviation over it): a third. A sampler's
   *     noise on a held level puts half its intervals within 0.674 sigmas of it, a fifth at a noise
   *     of 30%, the most any drive class shows; a third is a noise of half the level. A drive that
   *     swings between full speed and near nothing in turns shorter than the erratic rule can count
   *     (one or two 5-second intervals each) lies half the time two thirds away, and "held 794 MB/s
   *     from start to end" of it (min 0, max 2162) is false
   */
  public record Limits(double seconds, double dropFraction, double heldSpread) {

    /** The limits the analysis reads every curve by. */
    public static final Limits DEFAULT = new Limits(30, Thresholds.DROP_FRACTION, 1.0 / 3);
  }

  /**
   * Before the shape rules ({@code r.shape()} null): too short, with no cliff ({@link
   * Reading#cliff}) and no lasting level below the drop line. Once read as flat: no shape fits when
   * the run did not hold its start. Else null.
   */
  @Override
  public Findings.Undetermined find(Reading r) {
    Curve c = r.curve();
    int needed = neededIntervals(c);
    if (r.shape() == null) {
      if (c.cumulative[c.n] == 0) {
        // However long, a run that wrote nothing is neither too short nor of any shape: every
        // interval was a stall, and no rate was measured.
        return new Findings.Undetermined(
            Findings.Undetermined.Why.NOTHING_WRITTEN,
            c.judgedSeconds(),
            needed * c.interval,
            0,
            Double.NaN);
      }
      if (r.cliff() != null || lastingDrop(c) || c.n - c.from >= needed) {
        return null;
      }
      return new Findings.Undetermined(
          Findings.Undetermined.Why.TOO_SHORT,
          c.judgedSeconds(),
          needed * c.interval,
          r.fall() != null ? r.fall().gigabytes() : c.cumulative[c.n] / 1e9,
          Double.NaN);
    }
    if (r.shape() != Shape.FLAT) {
      return null;
    }
    double spread = spreadOfMedian(c);
    if (heldItsStart(c) && !(spread > limits.heldSpread())) {
      return null;
    }
    // No rule read a shape, yet the run did not hold the level it started at: "held from start
    // to end" would be false, and any shape named would be a guess.
    return new Findings.Undetermined(
        Findings.Undetermined.Why.NO_SHAPE_FITS,
        c.judgedSeconds(),
        needed * c.interval,
        c.cumulative[c.n] / 1e9,
        spread);
  }

  /**
   * The median absolute deviation of the write intervals after the start-up over their median
   * (stalls in: a drive that stops half the time held nothing); NaN without a positive median.
   */
  static double spreadOfMedian(Curve c) {
    double[] v = Arrays.copyOfRange(c.r, c.from, c.n);
    if (v.length == 0) {
      return Double.NaN;
    }
    double median = Stats.median(v);
    if (!(median > 0)) {
      return Double.NaN;
    }
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.abs(v[i] - median);
    }
    return Stats.median(v) / median;
  }

  /**
   * Whether a run read as flat held the level it started at: its mean after the start-up above
   * {@link Limits#dropFraction} of the burst. A run whose mean is a lasting drop's depth below its
   * first level, with no lasting level below the drop line, moved between levels none of which
   * held; a flat reading of it says it held a rate it did not. So does one whose first level is
   * below that fraction of its mean: it sped up from its start and wrote most of its bytes faster
   * (a slow start neither slow-start rule reads), which no single level describes.
   */
  private boolean heldItsStart(Curve c) {
    double mean = c.meanMBps(c.from, c.n);
    double drop = limits.dropFraction();
    return mean > drop * c.burst && c.burst >= drop * mean;
  }

  /**
   * The write intervals after the ramp a shape needs without a lasting drop: {@link Limits#seconds}
   * of them (30 at 1 s, 60 at 0.5 s, 6 at 5 s).
   */
  private int neededIntervals(Curve c) {
    return (int) Math.ceil(limits.seconds() / c.interval - 1e-9);
  }

  /** Whether any lasting level after the ramp sits below the drop line. */
  private boolean lastingDrop(Curve c) {
    for (Segment p : c.plateaus) {
      if (c.lastingLevel(p) && p.meanMBps() <= limits.dropFraction() * c.burst) {
        return true;
      }
    }
    return false;
  }

  @Override
  public Findings.Undetermined in(Findings f) {
    return f.undetermined();
  }

  @Override
  public Words headline(Findings.Undetermined u, Analysis a) {
    if (u.nothingWritten()) {
      return Words.of("nothing written: no request completed in {time}", a.durationSeconds());
    }
    return u.tooShort()
        ? Words.of(
            "too short to tell: {rate} for {gb} and no cliff yet", a.burstMBps(), a.totalGB())
        : Words.of(
            "undetermined: started at {rate}, averaged {rate}, and no shape fits",
            a.burstMBps(),
            a.averageMBps());
  }

  /**
   * Why no shape is named: what a run no shape fits showed, or how little was written after the
   * start-up against what a shape takes (the report adds what the cache is at least).
   */
  @Override
  public List<Words> evidence(Findings.Undetermined u, Analysis a) {
    if (u.nothingWritten()) {
      return List.of(
          Words.of(
              "Not one request completed in the run's {time}: nothing was written, so there is"
                  + " no rate to read a burst, a cache, a floor or a shape from.",
              a.durationSeconds()));
    }
    if (!u.tooShort()) {
      return List.of(noShape(u, a));
    }
    // The bytes and rate of the time named: what was written after the start-up, over it.
    double judgedGB = Math.max(0, a.totalGB() - a.findings().ramp().gigabytes());
    return List.of(
        Words.of(
            "No lasting drop in {time} of writing after the start ({gb} at {rate}): a"
                + " shape takes {time} to tell.",
            u.judgedSeconds(),
            judgedGB,
            u.judgedSeconds() > 0 ? judgedGB * 1e3 / u.judgedSeconds() : 0,
            u.neededSeconds()));
  }

  /** Where it started, what it averaged, its spread, and why no shape is named. */
  private Words noShape(Findings.Undetermined u, Analysis a) {
    if (u.spreadOfMedian() > limits.heldSpread()) {
      return Words.of(
          "Started at {rate} and averaged {rate} (min/median/max {mbps}/{mbps}/{mbps} MB/s), half"
              + " its intervals at least {.0}% away from their median, yet no rule reads a shape in"
              + " it: no cliff to a floor that held, no throttle's steps or regular dips, no"
              + " swings the erratic rule counts (turns of a few intervals are too short to"
              + " count). Flat would say it held one rate throughout, which it did not, so no"
              + " shape is named.",
          a.burstMBps(),
          a.averageMBps(),
          a.minMBps(),
          a.medianMBps(),
          a.maxMBps(),
          // Down, so that "at least" stays true of the unrounded spread.
          Math.floor(100 * u.spreadOfMedian()));
    }
    // The run's mean left its start one way or the other (heldItsStart).
    String away =
        a.averageMBps() < a.burstMBps()
            ? "under {.0}% of its start"
            : "its start under {.0}% of that";
    return Words.of(
        "Started at {rate} and averaged {rate} (min/median/max {mbps}/{mbps}/{mbps} MB/s), "
            + away
            + ", yet no rule reads a shape in it: no cliff to a floor that"
            + " held, no throttle's steps or regular dips, no swings the erratic rule counts. Flat"
            + " would say it held one rate throughout, which it did not, so no shape is named.",
        a.burstMBps(),
        a.averageMBps(),
        a.minMBps(),
        a.medianMBps(),
        a.maxMBps(),
        100 * limits.dropFraction());
  }

  /** What to do; for a run too short, the report says instead what ended it where it knows. */
  @Override
  public List<Words> advice(Findings.Undetermined u, Analysis a) {
    if (u.nothingWritten()) {
      return List.of(
          Words.of(
              "Check that the drive answers at all: its kernel messages (dmesg) for resets and"
                  + " I/O errors, its health (smartctl -H), and whether another process holds it;"
                  + " then write again."));
    }
    return List.of(
        Words.of(
            u.tooShort()
                ? "Write longer to see the drive's shape: 'sustain write TARGET --until floor'"
                    + " runs until the floor after the cache has held (or give --size more than"
                    + " the cache you expect, such as a third of the drive)."
                : "Look at the curve itself (sustain report draws it), and write again after the"
                    + " drive has rested and been trimmed: a second run that reads a shape tells"
                    + " which."));
  }
}
