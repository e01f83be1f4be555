package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One write curve prepared for the detectors: its start-up ramp found, its noise measured, its
 * segments and plateaus, the burst, how long a level must hold to last, and the small questions
 * every detector asks (is this a stall, do two levels differ beyond noise). Indices are the
 * series'; the detectors look at samples from {@link #from} (after the ramp) on. Immutable after
 * construction; not shared between threads.
 */
final class Curve {

  final SampleSeries s;
  final int n;

  /** The rates, MB/s. */
  final double[] r;

  /** Bytes written before sample i (n + 1 entries). */
  final long[] cumulative;

  /** The first sample after the start-up ramp. */
  final int from;

  /** The typical interval, seconds (the median; the last, usually shorter one left out). */
  final double interval;

  /** The run's relative noise (σ of log rates from differences), at least 0.1%. */
  final double relNoise;

  /**
   * The run's relative noise from the quietest differences: what the lines of dips and swings are
   * set by, since a drive that swings often makes the median difference a step.
   */
  final double quietNoise;

  /** The run's noise σ in MB/s. */
  final double sigmaMBps;

  /**
   * The least noise of any level's interval rate, MB/s: {@link Thresholds#QUANTUM_SIGMA_REQUESTS}
   * requests per typical interval; 0 when the request size is unknown.
   */
  final double quantumMBps;

  /** Samples of short segments: part of a plateau's bytes, not of its level. */
  final boolean[] transition;

  final List<Segment> segments;
  final List<Segment> plateaus;

  /** How long a level must hold to last, seconds. */
  final double lasting;

  /**
   * The lag-1 autocorrelation of the noise around the plateaus ({@link Levels#noiseCorrelation}):
   * how much fewer independent intervals a level's mean rests on.
   */
  final double noiseCorrelation;

  /** The first plateau's level after the ramp, MB/s. */
  final double burst;

  /** Each plateau's own noise, by its sample range ({@link #ownNoise}). */
  private final Map<Long, Double> ownNoises = new HashMap<>();

  Curve(SampleSeries s) {
    if (s.size() == 0) {
      throw new IllegalArgumentException("no samples to analyse");
    }
    this.s = s;
    this.n = s.size();
    this.r = s.writeMBpsArray();
    this.cumulative = new long[n + 1];
    for (int i = 0; i < n; i++) {
      cumulative[i + 1] = cumulative[i] + s.bytes(i);
    }
    this.interval = typicalInterval(s);
    this.from = StartUp.end(s);
    double[] after = Arrays.copyOfRange(r, from, n);
    this.relNoise = Segmenter.relativeNoise(after);
    this.sigmaMBps = Segmenter.noiseSigmaMBps(after);
    this.quietNoise = Math.min(relNoise, Segmenter.quietRelativeNoise(after));
    this.quantumMBps =
        Thresholds.QUANTUM_SIGMA_REQUESTS * s.requestBytes() / 1e6 / Math.max(interval, 1e-9);
    this.segments = Segmenter.segment(s, from, Thresholds.SEGMENT_QUANTUM_FRACTION * quantumMBps);
    this.transition = new boolean[n];
    List<Segment> cut = Levels.plateaus(s, segments, transition, relNoise, quantumMBps);
    this.lasting = lastingSeconds(s);
    this.noiseCorrelation = Levels.noiseCorrelation(s, cut, transition);
    this.plateaus = mergedAgain(cut);
    double b = levelWithoutStalls(plateaus.get(0));
    if (b <= 0 && plateaus.size() > 1) {
      b = levelWithoutStalls(plateaus.get(1));
    }
    this.burst = b;
  }

  /**
   * The plateaus merged again once the noise's correlation is known: neighbours that do not {@link
   * #differ} (whose standard error grows with the correlation) are one level, weakest pair first,
   * as {@link Levels#plateaus} merges them with the noise taken as independent. A wandering noise
   * (neighbours alike) lifts or lowers a few intervals together by more than independent noise
   * would, so the first cut keeps such a stretch as a level of its own: a first plateau of 4
   * intervals 10% above the level held 201 s after it was read as the burst, and pieces of a
   * floor's wander as levels that climb back above the drop line. The burst is the first lasting
   * level, and a floor is one level however it wanders. With independent noise nothing changes. A
   * piece judged by a noisy burst's own noise ({@link #differ}) may be a passage out of it, not its
   * wander: a fall's pieces ({@link #passage}) stay what they are, so a cache that runs out over
   * seconds is still read from where it left the burst.
   */
  private List<Segment> mergedAgain(List<Segment> cut) {
    if (!(noiseCorrelation > 0) || cut.size() < 2) {
      return cut;
    }
    List<Segment> out = new ArrayList<>(cut);
    while (out.size() > 1) {
      int best = -1;
      double bestScore = 1;
      for (int i = 0; i + 1 < out.size(); i++) {
        if (passage(out, i) || passage(out, i + 1) || apart(out.get(i), out.get(i + 1))) {
          continue;
        }
        double score = differScore(out.get(i), out.get(i + 1));
        if (score < bestScore) {
          bestScore = score;
          best = i;
        }
      }
      if (best < 0) {
        break;
      }
      Segment a = out.get(best);
      Segment b = out.remove(best + 1);
      out.set(best, Levels.trimmed(s, a.startIndex(), b.endIndex(), transition));
    }
    return List.copyOf(out);
  }

  /**
   * Whether plateau {@code k} of {@code p} is a passage between its neighbours, not a level: its
   * level lies between theirs (a fall or a climb, going one way) and it lasted at most half as long
   * as the shorter of them, as a fall's pieces do ({@code CliffDetector}'s falls). A cache that
   * runs out over seconds passes through levels within the burst's noise on its way to the floor;
   * merged into the burst, its first pieces would move the cliff to the end of the fall.
   */
  private static boolean passage(List<Segment> p, int k) {
    if (k <= 0 || k >= p.size() - 1) {
      return false;
    }
    double before = p.get(k - 1).meanMBps();
    double level = p.get(k).meanMBps();
    double after = p.get(k + 1).meanMBps();
    // Between them, and apart from the level it left as two levels are (closer is one level).
    double margin = 1 - Thresholds.PLATEAU_MERGE_FRACTION;
    boolean between =
        (level < margin * before && level > after) || (before < margin * level && level < after);
    double shorter = Math.min(p.get(k - 1).durationSeconds(), p.get(k + 1).durationSeconds());
    return between && p.get(k).durationSeconds() <= 0.5 * shorter;
  }

  /**
   * Whether two plateaus are apart as two levels are, whatever their standard error: their levels'
   * ratio is at least {@link Thresholds#SWING_SPREAD_SIGMAS} sigmas of log rate, sigma the larger
   * of the run's relative noise and the noisier one's own ({@link #ownNoise}) over sqrt(1 - rho). A
   * drive's noise is a fraction of its rate, and one level's intervals lie within 2 such sigmas of
   * it 95% of the time, so two pieces of it are rarely 4 apart: a burst of six noisy intervals 12
   * times its floor is not that floor's wander, however uncertain the mean of six.
   */
  private boolean apart(Segment a, Segment b) {
    double high = Math.max(a.meanMBps(), b.meanMBps());
    double low = Math.min(a.meanMBps(), b.meanMBps());
    if (!(low > 0)) {
      return false;
    }
    double own = Math.max(ownNoise(a), ownNoise(b)) / high;
    double sigma = Math.max(relNoise, own) / Math.sqrt(1 - noiseCorrelation);
    return Math.log(high / low) >= Thresholds.SWING_SPREAD_SIGMAS * sigma;
  }

  /**
   * A plateau's rate while it wrote: its intervals that are neither stalls nor transitions (a stall
   * in the cache's seconds is not the cache's speed). Its level when that leaves nothing.
   */
  private double levelWithoutStalls(Segment p) {
    long bytes = 0;
    double seconds = 0;
    // The same of every interval that wrote, transitions in: the level's rate when all of them
    // are turns (a rate that turns every interval or two), not a mean over its stalls, when they
    // are as many as a level needs (one half-started interval before stalls is not).
    long writingBytes = 0;
    double writingSeconds = 0;
    int writing = 0;
    for (int i = p.startIndex(); i < p.endIndex(); i++) {
      if (s.bytes(i) > 0) {
        writingBytes += s.bytes(i);
        writingSeconds += s.intervalSeconds(i);
        writing++;
        if (!transition[i]) {
          bytes += s.bytes(i);
          seconds += s.intervalSeconds(i);
        }
      }
    }
    if (seconds > 0) {
      return bytes / 1e6 / seconds;
    }
    return writing >= Thresholds.LASTING_MIN_SAMPLES
        ? writingBytes / 1e6 / writingSeconds
        : p.meanMBps();
  }

  /** The median interval, the last (usually a shorter remainder) left out when there are more. */
  static double typicalInterval(SampleSeries s) {
    int m = s.size() > 2 ? s.size() - 1 : s.size();
    double[] dt = new double[m];
    for (int i = 0; i < m; i++) {
      dt[i] = s.intervalSeconds(i);
    }
    return Stats.median(dt);
  }

  /**
   * How long a level must hold to count as lasting, in seconds: {@link
   * Thresholds#LASTING_RUN_FRACTION} of the run, at least {@link Thresholds#LASTING_MIN_SAMPLES}
   * intervals, at most {@link Thresholds#LASTING_MAX_SECONDS}.
   */
  static double lastingSeconds(SampleSeries s) {
    double typical = s.size() == 0 ? 1 : typicalInterval(s);
    return Math.max(
        Thresholds.LASTING_MIN_SAMPLES * typical,
        Math.min(
            Thresholds.LASTING_MAX_SECONDS, Thresholds.LASTING_RUN_FRACTION * s.durationSeconds()));
  }

  /**
   * An interval is low (a dip starts, a swing is low) below this fraction of its level: {@link
   * Thresholds#DIP_ENTER} below it, or {@link Thresholds#DIP_NOISE_SIGMAS} noise sigmas if more,
   * but never more than {@link Thresholds#DIP_ENTER_MAX} below (a dip to 60% must always show,
   * whatever a short noisy run's estimate of its noise).
   */
  double dipLine() {
    return 1
        - Math.min(
            Thresholds.DIP_ENTER_MAX,
            Math.max(Thresholds.DIP_ENTER, Thresholds.DIP_NOISE_SIGMAS * quietNoise));
  }

  /** A dip goes on below this fraction of its level ({@link Thresholds#DIP_EXIT}, 2 sigmas). */
  double backLine() {
    return 1 - Math.min(2 * Thresholds.DIP_EXIT, Math.max(Thresholds.DIP_EXIT, 2 * quietNoise));
  }

  /** An interval is at full speed above this fraction of the high level. */
  double highLine() {
    return 1 - Math.min(2 * Thresholds.SWING_HIGH, Math.max(Thresholds.SWING_HIGH, 2 * quietNoise));
  }

  /** Seconds from the run's start (the start of the first interval) to the start of sample i. */
  double startOf(int i) {
    return s.startSeconds(i) - s.startSeconds(0);
  }

  /** Seconds from the run's start to the end of sample i. */
  double endOf(int i) {
    return s.timeSeconds(i) - s.startSeconds(0);
  }

  /** Whether nothing completed in interval i. */
  boolean stall(int i) {
    return s.bytes(i) == 0;
  }

  /** The mean rate over samples [a, b): their bytes over their time. */
  double meanMBps(int a, int b) {
    double seconds = 0;
    for (int i = a; i < b; i++) {
      seconds += s.intervalSeconds(i);
    }
    return seconds > 0 ? (cumulative[b] - cumulative[a]) / 1e6 / seconds : 0;
  }

  /**
   * The mean rate of samples [a, b) of {@code s} not marked in {@code skip}: their bytes over their
   * time, NaN when none is left. A level is read so without its transitions ({@link
   * Levels#levelMean}), and a level between dips or low halves without the intervals in or next to
   * them (partly in them).
   */
  static double meanMBpsOutside(SampleSeries s, boolean[] skip, int a, int b) {
    long bytes = 0;
    double seconds = 0;
    for (int i = a; i < b; i++) {
      if (!skip[i]) {
        bytes += s.bytes(i);
        seconds += s.intervalSeconds(i);
      }
    }
    return seconds > 0 ? bytes / 1e6 / seconds : Double.NaN;
  }

  /** A level made mostly of zero intervals: stalls, not a slow level. */
  boolean stallLevel(Segment p) {
    int zeros = 0;
    for (int i = p.startIndex(); i < p.endIndex(); i++) {
      zeros += stall(i) ? 1 : 0;
    }
    return zeros > Thresholds.STALL_LEVEL_ZERO_FRACTION * p.sampleCount();
  }

  /** A level that held long enough to count and is not a stall level. */
  boolean lastingLevel(Segment p) {
    return p.durationSeconds() >= lasting - 1e-9 && !stallLevel(p);
  }

  /** The write seconds after the ramp. */
  double judgedSeconds() {
    return s.timeSeconds(n - 1) - s.startSeconds(from);
  }

  /**
   * Whether two plateaus differ by more than noise: by at least {@link Thresholds#SIGNIFICANCE}
   * standard errors of their means. The noise is the smaller of the run's relative noise at the
   * higher level (a drive's noise grows with its rate), or the noisier plateau's own noise where it
   * is a noisier level than the run's ({@link LevelNoise#ownNoise}: a noisy burst before an hour of
   * quiet floor is judged by its own noise, not the floor's), and the larger spread inside the two
   * plateaus (a rate that alternates between two values, as whole requests in short intervals do,
   * makes the difference-based estimate too large), never below the quantum of one request. A
   * wandering rate's neighbours are alike (lag-1 correlation rho): its sigma is the differences'
   * over sqrt(1 - rho), and the standard error grows by sqrt((1 + rho) / (1 - rho)) (an AR(1)
   * noise's effective number of intervals), so a noisy floor's slow swings are not two levels.
   */
  boolean differ(Segment a, Segment b) {
    return Math.abs(a.meanMBps() - b.meanMBps()) >= differLine(a, b);
  }

  /** The difference of two plateaus' means in units of what {@link #differ} asks of it. */
  private double differScore(Segment a, Segment b) {
    return Math.abs(a.meanMBps() - b.meanMBps()) / (differLine(a, b) + 1e-12);
  }

  /** What {@link #differ} asks of a difference: {@link Thresholds#SIGNIFICANCE} standard errors. */
  private double differLine(Segment a, Segment b) {
    double level = Math.max(a.meanMBps(), b.meanMBps());
    double rho = noiseCorrelation;
    // The noise from neighbours' differences sees only the part that changes from one interval to
    // the next: a wandering noise's own sigma is larger by 1 / sqrt(1 - rho).
    double own = Math.max(ownNoise(a), ownNoise(b));
    double sigma = Math.max(relNoise * level, own) / Math.sqrt(1 - rho);
    double inside = Math.max(spread(a), spread(b));
    if (!Double.isNaN(inside)) {
      sigma = Math.min(sigma, inside);
    }
    sigma = Math.max(sigma, quantumMBps);
    double se =
        sigma * Math.sqrt((1.0 / a.sampleCount() + 1.0 / b.sampleCount()) * (1 + rho) / (1 - rho));
    return Thresholds.SIGNIFICANCE * se;
  }

  /**
   * A plateau's own noise when it is a noisier level than the run's ({@link LevelNoise#ownNoise}),
   * 0 otherwise; kept per plateau, since the merge asks of every pair again after each join.
   */
  private double ownNoise(Segment p) {
    long key = ((long) p.startIndex() << 32) | p.endIndex();
    return ownNoises.computeIfAbsent(
        key,
        k ->
            LevelNoise.ownNoise(s, transition, new int[] {p.startIndex(), p.endIndex()}, relNoise));
  }

  /** The sample standard deviation inside a plateau, without stalls and transitions. */
  double spread(Segment p) {
    return Levels.spread(s, transition, new int[] {p.startIndex(), p.endIndex()});
  }

  /**
   * How much a plateau declines inside, in MB/s: its least-squares slope x duration over its
   * samples that are neither stalls nor transitions, less one standard error of the slope (a short
   * noisy plateau's slope is mostly noise, a long ramp's is real); 0 when it rises. A gradual
   * decline cut into plateaus declines inside them too; a level that rose a little is no ramp down.
   */
  double internalDecline(Segment p) {
    double st = 0;
    double sy = 0;
    int m = 0;
    for (int i = p.startIndex(); i < p.endIndex(); i++) {
      if (!stall(i) && !transition[i]) {
        st += s.timeSeconds(i);
        sy += r[i];
        m++;
      }
    }
    if (m < 3) {
      return 0;
    }
    double mt = st / m;
    double my = sy / m;
    double sxy = 0;
    double sxx = 0;
    for (int i = p.startIndex(); i < p.endIndex(); i++) {
      if (!stall(i) && !transition[i]) {
        double dt = s.timeSeconds(i) - mt;
        sxy += dt * (r[i] - my);
        sxx += dt * dt;
      }
    }
    if (sxx <= 0) {
      return 0;
    }
    double slope = sxy / sxx;
    double residual = 0;
    for (int i = p.startIndex(); i < p.endIndex(); i++) {
      if (!stall(i) && !transition[i]) {
        double e = r[i] - my - slope * (s.timeSeconds(i) - mt);
        residual += e * e;
      }
    }
    double standardError = Math.sqrt(residual / (m - 2) / sxx);
    return Math.max(0, -slope - standardError) * p.durationSeconds();
  }

  /** The mean rate of samples [a, b) without stalls, MB/s (0 when all are stalls). */
  double nonStallMean(int a, int b) {
    long bytes = 0;
    double seconds = 0;
    for (int i = a; i < b; i++) {
      if (!stall(i)) {
        bytes += s.bytes(i);
        seconds += s.intervalSeconds(i);
      }
    }
    return seconds > 0 ? bytes / 1e6 / seconds : 0;
  }
}
