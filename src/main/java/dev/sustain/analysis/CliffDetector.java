package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cliff and the stages after it. The cliff is the first sharp lasting drop from the burst: a
 * plateau below {@link Limits#dropFraction} of the burst that, with the low plateaus after it,
 * holds for a lasting time, and after which the rate never climbs back above that line for a
 * lasting time (then it was a throttle's dip). Sharp means a step, not the end of a ramp: the step
 * between the two plateaus is at least {@link Limits#stepOfDrop} of the whole drop and 15% of the
 * level before it, the local levels (pair medians) of up to 20 intervals either side differ by at
 * least half of it (a ramp's local change is its slope times 20, small against its total decline),
 * the plateaus change inside by less than the step over {@link Limits#stepOverInside}, and they
 * differ beyond noise.
 *
 * <p>The cliff's time and the cache's bytes are read inside the interval it fell in when that
 * interval's rate lies clearly between the two levels (its mixed rate says how much of it was still
 * at the burst), so a 5-second interval still places the cliff to about a second.
 *
 * <p>The stages are every lasting level from the cliff on: the SLC cache's end, a folding stage,
 * the native TLC or QLC rate. A level counts by how long it held and what it is made of (mostly
 * zero intervals is a stall, never a stage), never by how slow it is against the burst. Its words
 * (headline, evidence, advice) say the cache, the stages and the floor. Immutable.
 *
 * @param limits the numbers a cliff is read by
 */
record CliffDetector(CliffDetector.Limits limits)
    implements Detector<Findings.Cliff, CliffDetector.Limits> {

  /**
   * The numbers a cliff is read by.
   *
   * @param dropFraction a cliff falls below this fraction of the burst ({@link
   *     Thresholds#DROP_FRACTION}, the analysis's line for every drop), and a lower level the run
   *     ended on below it of the lowest stage may be a lower floor
   * @param mergeFraction a step is at least this fraction of the level before it, and two stages
   *     closer than it are one ({@link Thresholds#PLATEAU_MERGE_FRACTION}: closer levels are one)
   * @param stepOfDrop a drop is a sharp step, not the end of a gradual decline, when the step
   *     between the two plateaus is at least this fraction of the whole drop from the burst (a
   *     half) ...
   * @param stepOverInside ... and the plateaus on either side change inside by less than the step
   *     over this (3) ...
   * @param stepOfLocalMedians ... and the local levels of up to {@code stepMedianIntervals}
   *     intervals either side of it differ by at least this fraction of the step (a half): a ramp's
   *     local change is its slope times 20, small against its total decline, while a step's is the
   *     whole step. A local level is the window's pair median ({@code Stats.pairMedian}): robust to
   *     the odd wild interval as a median is, and at the centre of a rate that alternates between
   *     two values (whole throttle slices or requests in short intervals), where the median of an
   *     odd count is one of the two
   * @param stepMedianIntervals see {@code stepOfLocalMedians}: 20 intervals, at most half the
   *     shorter level
   * @param stepPlaceIntervals a step is placed where this many intervals either side read as the
   *     two levels (3): an outlier next to the step can draw the segmenter's change point by an
   *     interval or two
   * @param fallSeconds a fall may take this long whatever the burst before it, seconds (15): a
   *     cache's fall takes seconds (as {@link FallDeparture} reads one: 15 s is 60 intervals at
   *     0.25 s)
   * @param minPlateauSamples a level of fewer than twice this many intervals is a short level
   *     ({@link Thresholds#MIN_PLATEAU_SAMPLES}, the least plateau): its mean is its level, and the
   *     interval the step fell in must not stand for a side
   */
  public record Limits(
      double dropFraction,
      double mergeFraction,
      double stepOfDrop,
      double stepOverInside,
      double stepOfLocalMedians,
      int stepMedianIntervals,
      int stepPlaceIntervals,
      double fallSeconds,
      int minPlateauSamples) {

    /** The limits the analysis reads every curve by. */
    public static final Limits DEFAULT =
        new Limits(
            Thresholds.DROP_FRACTION,
            Thresholds.PLATEAU_MERGE_FRACTION,
            0.5,
            3.0,
            0.5,
            20,
            3,
            15,
            Thresholds.MIN_PLATEAU_SAMPLES);
  }

  /** The first sharp lasting drop and the stages after it, or null. */
  @Override
  public Findings.Cliff find(Reading r) {
    Curve c = r.curve();
    return from(c, firstSharpDrop(c, limits.dropFraction()));
  }

  /**
   * The first sharp lasting step of at least {@link Limits#mergeFraction} of the level before it
   * (two levels closer than that are one), judged as the cliff is but against that line instead of
   * {@link Limits#dropFraction}; null when there is none. A controller that throttles at a
   * temperature threshold lowers its clock by a step that may be a tenth of the rate: such a step
   * is no cache's end by its size (a cache's native rate is a third of its burst or less) and no
   * drive's wobble either when it holds, so it is the drop only where the temperature bends at it
   * ({@link TemperatureBend}): the two signals are independent.
   */
  Findings.Cliff step(Curve c) {
    return from(c, firstSharpDrop(c, 1 - limits.mergeFraction()));
  }

  /**
   * The drop that begins at plateau {@code drop[0]} and the stages from plateau {@code drop[1]} on
   * (a fall's pieces between them are no stage); null when there is no drop.
   */
  private Findings.Cliff from(Curve c, int[] drop) {
    if (drop == null) {
      return null;
    }
    int j = drop[0];
    List<Segment> p = c.plateaus;
    Segment before = p.get(j - 1);
    List<Segment> stages = stagesFrom(c, drop[1]);
    double first = stages.getFirst().meanMBps();
    double lowest = Double.POSITIVE_INFINITY;
    for (Segment q : stages) {
      lowest = Math.min(lowest, q.meanMBps());
    }
    // The run may end on a lower level that has not held long enough yet.
    Segment last = lastLevel(c, j);
    boolean mayBeLower =
        last != null
            && !c.lastingLevel(last)
            && last.endIndex() > stages.getLast().endIndex()
            && last.meanMBps() < limits.dropFraction() * lowest;
    int b =
        StepPlace.index(
            c, p.get(j).startIndex(), before.meanMBps(), first, limits.stepPlaceIntervals());
    double[] at = FallDeparture.departure(c, b, before, stages.getFirst());
    if (at == null) {
      at = StepPlace.inInterval(c, b, before.meanMBps(), first);
    }
    int burstIntervals = 0;
    for (int i = c.from; i < before.endIndex(); i++) {
      burstIntervals += c.transition[i] ? 0 : 1;
    }
    return new Findings.Cliff(
        at[0],
        at[1] / 1e9,
        before.meanMBps(),
        first,
        stages,
        lowest,
        mayBeLower,
        mayBeLower ? last.meanMBps() : Double.NaN,
        burstIntervals);
  }

  /**
   * The lasting levels from plateau {@code j} on, a level on both sides of a short excursion being
   * one stage; the longest piece when the low time was made of short pieces only.
   */
  private List<Segment> stagesFrom(Curve c, int j) {
    List<Segment> p = c.plateaus;
    List<Segment> stages = new ArrayList<>();
    for (int k = j; k < p.size(); k++) {
      Segment q = p.get(k);
      if (!c.lastingLevel(q)) {
        continue;
      }
      Segment last = stages.isEmpty() ? null : stages.getLast();
      if (last != null && oneLevel(c, last, q)) {
        // The same level on both sides of a short excursion: one stage.
        stages.set(stages.size() - 1, join(c, last, q));
      } else {
        stages.add(q);
      }
    }
    if (stages.isEmpty()) {
      // The low time was made of short pieces: the longest stands for the level.
      Segment longest = null;
      for (int k = j; k < p.size(); k++) {
        Segment q = p.get(k);
        if (!c.stallLevel(q)
            && (longest == null || q.durationSeconds() > longest.durationSeconds())) {
          longest = q;
        }
      }
      stages.add(longest == null ? p.get(j) : longest);
    }
    return stages;
  }

  /** The last plateau from {@code j} on that is not a stall, or null. */
  private static Segment lastLevel(Curve c, int j) {
    List<Segment> p = c.plateaus;
    for (int k = p.size() - 1; k >= j; k--) {
      if (!c.stallLevel(p.get(k))) {
        return p.get(k);
      }
    }
    return null;
  }

  /** Two levels closer than {@link Limits#mergeFraction} or within noise. */
  private boolean oneLevel(Curve c, Segment a, Segment b) {
    double level = Math.max(a.meanMBps(), b.meanMBps());
    return Math.abs(a.meanMBps() - b.meanMBps()) < limits.mergeFraction() * level
        || !c.differ(a, b);
  }

  /** One stage from a to the end of b: all their bytes, their levels weighted by their time. */
  private static Segment join(Curve c, Segment a, Segment b) {
    double level =
        (a.meanMBps() * a.durationSeconds() + b.meanMBps() * b.durationSeconds())
            / (a.durationSeconds() + b.durationSeconds());
    Segment whole = Segment.of(c.s, a.startIndex(), b.endIndex());
    return new Segment(
        whole.startIndex(),
        whole.endIndex(),
        whole.startSeconds(),
        whole.endSeconds(),
        level,
        whole.bytes());
  }

  /**
   * The first sharp lasting drop below {@code fraction} of the burst, by at least {@code 1 -
   * fraction} of the level before it, as {the plateau that begins it, the first level after it}, or
   * null. The two are one plateau for a step, and differ for a fall ({@link #fallEnds}).
   */
  private int[] firstSharpDrop(Curve c, double fraction) {
    List<Segment> p = c.plateaus;
    double line = fraction * c.burst;
    for (int j = 1; j < p.size(); j++) {
      Segment q = p.get(j);
      if (c.stallLevel(q)) {
        continue;
      }
      if (q.meanMBps() <= line && sharp(c, j, j, fraction)) {
        return new int[] {j, j};
      }
      // A fall's first pieces may lie above the line its level is below.
      for (int k : fallEnds(c, j)) {
        if (sharp(c, j, k, fraction)) {
          return new int[] {j, k};
        }
      }
    }
    return null;
  }

  /**
   * The levels a fall that begins at plateau {@code j} may end on, nearest first: each plateau
   * {@code k} after {@code j} that lasts, with plateaus {@code j} to {@code k} each below the one
   * before and those before {@code k} together no longer than half the level the fall ends on, nor
   * than half the burst or {@link Limits#fallSeconds}, whichever is longer. A cache whose fast
   * blocks run out die by die falls over seconds; the segmenter cuts that fall into pieces, each a
   * small step from the next, and a piece of five intervals may even pass as lasting. A level is
   * what holds, a fall is the passage between two of them: shorter than the level it ends on, and
   * going one way.
   */
  private List<Integer> fallEnds(Curve c, int j) {
    List<Segment> p = c.plateaus;
    Segment before = p.get(j - 1);
    List<Integer> ends = new ArrayList<>();
    // Shorter than half the burst, or a cache's fall of seconds whatever the burst (a cache of two
    // gigabytes at 440 MB/s fills in four seconds, and folding that starts before its last die
    // fills makes a fall of seven).
    double longest = Math.max(0.5 * before.durationSeconds(), limits.fallSeconds());
    double fallSeconds = 0;
    for (int k = j; k < p.size(); k++) {
      Segment z = p.get(k);
      if (z.meanMBps() >= p.get(k - 1).meanMBps() || c.stallLevel(z)) {
        break;
      }
      if (k > j
          && c.lastingLevel(z)
          && fallSeconds <= Math.min(longest, 0.5 * z.durationSeconds())) {
        ends.add(k);
      }
      fallSeconds += z.durationSeconds();
      if (fallSeconds > longest) {
        break;
      }
    }
    return ends;
  }

  /**
   * Whether the drop from plateau {@code j - 1} through plateau {@code j} to the level at plateau
   * {@code k} (the same plateau for a step) is sharp and lasting, judged by the class comment's
   * rules between the level before and the level after (a fall's pieces belong to neither).
   */
  private boolean sharp(Curve c, int j, int k, double fraction) {
    List<Segment> p = c.plateaus;
    double line = fraction * c.burst;
    double low = 0;
    for (int m = k; m < p.size(); m++) {
      Segment z = p.get(m);
      if (z.meanMBps() <= line) {
        low += z.durationSeconds();
      } else if (z.durationSeconds() >= c.lasting) {
        break;
      }
    }
    Segment prev = p.get(j - 1);
    Segment q = p.get(k);
    double step = prev.meanMBps() - q.meanMBps();
    double fromBurst = c.burst - q.meanMBps();
    if (low < c.lasting
        || comesBack(c, k, line)
        || step < limits.stepOfDrop() * fromBurst
        || step < (1 - fraction) * prev.meanMBps()) {
      return false;
    }
    // The intervals a fall passed through belong to neither side (a plateau's mean leaves them out
    // as transitions), so each side's median is read beyond them, while they last at most half
    // of the shorter level.
    int b = p.get(j).startIndex();
    int after = q.startIndex();
    double skip = 0.5 * Math.min(prev.durationSeconds(), q.durationSeconds());
    while (after < q.endIndex() - 1 && c.transition[after] && skip >= c.s.intervalSeconds(after)) {
      skip -= c.s.intervalSeconds(after);
      after++;
    }
    int w =
        Math.max(
            1,
            Math.min(
                limits.stepMedianIntervals(), Math.min(prev.sampleCount(), q.sampleCount()) / 2));
    double medianBefore = Stats.pairMedian(Arrays.copyOfRange(c.r, b - w, b));
    double medianAfter = Stats.pairMedian(Arrays.copyOfRange(c.r, after, after + w));
    boolean shortBefore = prev.sampleCount() < 2 * limits.minPlateauSamples();
    if (shortBefore) {
      // A level of a few intervals (a burst of one or two) is its level, and the interval the
      // step fell in, on either side of it, must not stand for a side: after it, the median of
      // as many intervals as make a short level.
      int n = Math.min(q.sampleCount(), 2 * limits.minPlateauSamples() - 1);
      medianBefore = prev.meanMBps();
      medianAfter = Stats.pairMedian(Arrays.copyOfRange(c.r, after, after + n));
    }
    // A level of a few intervals has no inside to decline in: its slope is the noise of three
    // draws and the interval the step fell in, and a fall within them is a step.
    double inside =
        shortBefore
            ? c.internalDecline(q)
            : Math.max(c.internalDecline(prev), c.internalDecline(q));
    return medianBefore - medianAfter >= limits.stepOfLocalMedians() * step
        && step >= limits.stepOverInside() * inside
        && c.differ(prev, q);
  }

  /**
   * Whether a lasting level after plateau {@code j} climbs back above the drop line: then the drop
   * was a dip (a throttle's), not a cliff.
   */
  private static boolean comesBack(Curve c, int j, double line) {
    for (int k = j + 1; k < c.plateaus.size(); k++) {
      Segment p = c.plateaus.get(k);
      if (c.lastingLevel(p) && p.meanMBps() > line) {
        return true;
      }
    }
    return false;
  }

  @Override
  public Findings.Cliff in(Findings f) {
    return f.cliff();
  }

  /** "fast for 280 GB, then 1200 MB/s, then 127 MB/s to the end": the cache and every stage. */
  @Override
  public Words headline(Findings.Cliff c, Analysis a) {
    StringBuilder template = new StringBuilder("fast for {gb}, then ");
    List<Object> figures = new ArrayList<>();
    figures.add(a.cacheGB());
    List<Segment> stages = a.stages();
    for (int i = 0; i + 1 < stages.size(); i++) {
      template.append("{rate}, then ");
      figures.add(stages.get(i).meanMBps());
    }
    template.append("{rate}").append(a.floorMayBeLower() ? ", maybe lower" : " to the end");
    figures.add(a.floorMBps());
    return new Words(template.toString(), figures);
  }

  /**
   * Of a cache cliff, the burst, the cache, the stages and the rest of the run, and whether the
   * floor may be lower; of a drop read under another shape (a throttle's step that did not climb
   * back), only whether its floor may be lower.
   */
  @Override
  public List<Words> evidence(Findings.Cliff c, Analysis a) {
    List<Words> e = new ArrayList<>();
    if (a.shape() == Shape.CACHE_CLIFF) {
      e.add(full(c, a));
    } else if (a.findings().climbedBack()) {
      return e;
    }
    if (a.floorMayBeLower()) {
      e.add(
          Words.of(
              "The run ended on a lower level ({rate}) that had not lasted {time} yet: the floor"
                  + " may be lower than {rate}.",
              c.endMBps(),
              a.findings().lastingSeconds(),
              a.floorMBps()));
    }
    return e;
  }

  /** The cliff sentence: held the burst, dropped, the stages, never came back. */
  private static Words full(Findings.Cliff c, Analysis a) {
    StringBuilder template =
        new StringBuilder("Held {rate} for {gb} ({time}), then dropped to {rate} at {time}");
    List<Object> figures =
        new ArrayList<>(
            List.of(c.burstMBps(), c.cacheGB(), c.seconds(), c.firstLevelMBps(), c.seconds()));
    List<Segment> stages = c.stages();
    if (stages.size() > 1) {
      template.append(" and stepped down through ").append(stages.size()).append(" stages (");
      for (int i = 0; i < stages.size(); i++) {
        template.append(i == 0 ? "" : ", ").append("{rate} for {gb}");
        figures.add(stages.get(i).meanMBps());
        figures.add(stages.get(i).gigabytes());
      }
      template.append(')');
    }
    template.append(", and never came back in the remaining {time}: the fast cache was full.");
    figures.add(a.durationSeconds() - c.seconds());
    return new Words(template.toString(), figures);
  }

  /** Where the cache ends and what to plan with beyond it. */
  @Override
  public List<Words> advice(Findings.Cliff c, Analysis a) {
    return List.of(
        Words.of(
            "Jobs up to about {gb} run at {rate}; beyond that plan with the floor of {rate}.",
            a.cacheGB(),
            a.burstMBps(),
            a.floorMBps()));
  }
}
