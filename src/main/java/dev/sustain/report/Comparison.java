package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.Media;
import dev.sustain.analysis.Shape;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.job.Job;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Several curves side by side: one row per curve with the time a job takes on it, and what matters
 * called out in words (the same peak everywhere: the link caps it; floors that differ; which
 * finishes the job first). Immutable.
 *
 * @param curves the curves, labels made unique, in input order
 * @param jobBytes the job size every row projects (the one asked for, or the largest run's bytes)
 * @param jobAsked true when the user gave the job size
 * @param rows one per curve, in input order
 * @param findings sentences, most important first; when the runs did different jobs the first says
 *     so and how ({@link Job#differences}), since their rates then compare the jobs as much as the
 *     drives
 * @param runs what is known of each curve's run (its job, when it started), in input order
 */
public record Comparison(
    List<CurveReport> curves,
    long jobBytes,
    boolean jobAsked,
    List<Row> rows,
    List<String> findings,
    List<Known> runs) {

  /**
   * What is known of a compared run beyond its curve.
   *
   * @param job the job it did, or null for an imported curve without a run.json
   * @param started when it started, or null
   */
  public record Known(Job job, Instant started) {

    static final Known NONE = new Known(null, null);

    /** The job and start of the run folder {@code input} (its run.json), or {@link #NONE}. */
    public static Known of(Path input) {
      return RunDocumentCodec.folderOf(input)
          .flatMap(RunInfo::document)
          .map(
              run -> {
                Instant started = null;
                try {
                  started = Instant.parse(run.started().orElse(""));
                } catch (java.time.format.DateTimeParseException e) {
                  // a run.json without a start names its run by job alone
                }
                return new Known(Job.of(run), started);
              })
          .orElse(NONE); // the curve reader reports a broken run.json
    }
  }

  /** Bursts within this fraction of each other are "the same peak". */
  static final double SAME_PEAK_FRACTION = 0.05;

  /** Floors further apart than this ratio are worth a sentence. */
  static final double FLOOR_RATIO_WORTH_SAYING = 1.2;

  /**
   * Below this rate (MB/s) a figure is next to nothing: a ratio against it ("544141038933x") says
   * only how close to zero it came, so the figures are named without one.
   */
  static final double NEAR_ZERO_MBPS = 1.0;

  public Comparison {
    curves = List.copyOf(curves);
    rows = List.copyOf(rows);
    findings = List.copyOf(findings);
    runs = List.copyOf(runs);
  }

  /** A curve's row: its analysis (with the projection for the job) and the job's seconds. */
  public record Row(CurveReport curve, double jobSeconds) {}

  /**
   * Reads, analyses and compares {@code inputs}.
   *
   * @param jobBytes the job size, or a negative number for the largest amount any run wrote
   */
  public static Comparison load(List<Path> inputs, Media media, long jobBytes) {
    List<CurveReport> curves = new ArrayList<>();
    for (Path p : inputs) {
      curves.add(CurveReport.load(p, media, jobBytes));
    }
    return of(curves, jobBytes);
  }

  /** Compares analysed curves, their jobs and starts read from their run folders' run.json. */
  public static Comparison of(List<CurveReport> loaded, long jobBytes) {
    List<Known> known = new ArrayList<>();
    for (CurveReport c : loaded) {
      known.add(Known.of(c.input()));
    }
    return of(loaded, jobBytes, known);
  }

  /**
   * Compares analysed curves whose runs are {@code known} (one per curve); re-analyses them with
   * the job size where it was not given.
   */
  public static Comparison of(List<CurveReport> loaded, long jobBytes, List<Known> known) {
    boolean asked = jobBytes > 0;
    long job = jobBytes;
    if (!asked) {
      job = 0;
      for (CurveReport c : loaded) {
        job = Math.max(job, c.series().totalBytes());
      }
      job = Math.max(job, 1);
    }
    List<CurveReport> curves = new ArrayList<>();
    List<String> labels = CompareLabels.uniqueLabels(loaded, known);
    for (int k = 0; k < loaded.size(); k++) {
      CurveReport c = loaded.get(k);
      Analysis a = c.analysis();
      if (a.projection() == null || Math.round(a.projection().gigabytes() * 1e9) != job) {
        a = Analyzer.analyze(c.series(), job);
      }
      curves.add(new CurveReport(c.input(), labels.get(k), c.info(), c.series(), a, c.notes()));
    }
    List<Row> rows = new ArrayList<>();
    for (CurveReport c : curves) {
      rows.add(new Row(c, c.analysis().projection().seconds()));
    }
    List<String> findings = new ArrayList<>();
    String jobs = CompareLabels.jobWords(labels, known);
    if (jobs != null) {
      findings.add(jobs);
    }
    findings.addAll(findings(rows, job, asked));
    return new Comparison(curves, job, asked, rows, findings, known);
  }

  /**
   * How run {@code k}'s job differs from the first run's ({@link Job#differences}); empty when they
   * are the same job or either is unknown.
   */
  public List<String> jobDifferences(int k) {
    Job first = runs.getFirst().job();
    Job other = runs.get(k).job();
    return first == null || other == null ? List.of() : first.differences(other);
  }

  /** A title naming what is compared. */
  public String title() {
    StringBuilder b = new StringBuilder("Comparison: ");
    for (int k = 0; k < curves.size(); k++) {
      if (k > 0) {
        b.append(k == curves.size() - 1 ? " and " : ", ");
      }
      b.append(curves.get(k).label());
    }
    return b.toString();
  }

  static List<String> findings(List<Row> rows, long jobBytes, boolean asked) {
    List<String> f = new ArrayList<>();
    if (rows.size() < 2) {
      f.add("Only one curve: nothing to compare.");
      return f;
    }
    String all = rows.size() == 2 ? "both" : "all " + count(rows.size());
    Row bestJob = rows.stream().min(Comparator.comparingDouble(Row::jobSeconds)).orElseThrow();
    Row worstJob = rows.stream().max(Comparator.comparingDouble(Row::jobSeconds)).orElseThrow();
    Row hiBurst = max(rows, Comparison::burst);
    Row loBurst = min(rows, Comparison::burst);

    f.add(jobSentence(jobBytes, asked, bestJob, worstJob));

    f.add(bursts(rows, all, hiBurst, loBurst));
    f.add(floors(rows));
    if (hiBurst != bestJob && burst(hiBurst) > burst(bestJob) * (1 + SAME_PEAK_FRACTION)) {
      f.add(
          Phrase.of(
              "The highest peak is not the fastest for this job: {} bursts at {rate} but {}"
                  + " finishes first.",
              hiBurst.curve().label(),
              burst(hiBurst),
              bestJob.curve().label()));
    }

    caches(rows, f);
    shapes(rows, all, f);
    faultsAndStalls(rows, f);
    return f;
  }

  /** Which run finishes the job first, and how much longer the slowest takes. */
  private static String jobSentence(long jobBytes, boolean asked, Row bestJob, Row worstJob) {
    String job =
        asked
            ? "a " + jobName(jobBytes) + " job"
            : "a job the size of the largest run here (" + Phrase.gb(jobBytes / 1e9) + ")";
    StringBuilder first =
        new StringBuilder(
            Phrase.of(
                "For {}, {} finishes first in {time}",
                job,
                bestJob.curve().label(),
                bestJob.jobSeconds()));
    if (worstJob != bestJob) {
      first.append("; ").append(worstJob.curve().label());
      if (Double.isFinite(worstJob.jobSeconds())) {
        first.append(" takes ").append(Durations.format(worstJob.jobSeconds()));
      } else {
        first.append(" never finishes it: its floor is 0 MB/s");
      }
      // A time ratio against a floor next to zero is that floor's ratio again: said without one.
      if (Double.isFinite(worstJob.jobSeconds())
          && bestJob.jobSeconds() > 0
          && !(floor(worstJob) < NEAR_ZERO_MBPS)) {
        first
            .append(" (")
            .append(ratio(worstJob.jobSeconds() / bestJob.jobSeconds()))
            .append(" as long)");
      }
    }
    return first.append('.').toString();
  }

  /** The caches of the runs with a cliff, and the runs without one. */
  private static void caches(List<Row> rows, List<String> f) {
    List<String> caches = new ArrayList<>();
    List<String> noCliff = new ArrayList<>();
    for (Row r : rows) {
      Analysis a = r.curve().analysis();
      if (a.hasCliff()) {
        caches.add(r.curve().label() + " " + Phrase.gb(a.cacheGB()));
      } else {
        noCliff.add(r.curve().label() + " (" + Phrase.gb(a.totalGB()) + " written)");
      }
    }
    if (!caches.isEmpty()) {
      StringBuilder c = new StringBuilder("Caches: ").append(String.join(", ", caches));
      if (!noCliff.isEmpty()) {
        c.append("; no cliff on ").append(String.join(", ", noCliff));
      }
      f.add(c.append('.').toString());
    }
  }

  /** Whether the shapes differ, and each one where they do. */
  private static void shapes(List<Row> rows, String all, List<String> f) {
    Set<Shape> shapes = new LinkedHashSet<>();
    for (Row r : rows) {
      shapes.add(r.curve().analysis().shape());
    }
    if (shapes.size() > 1) {
      List<String> each = new ArrayList<>();
      for (Row r : rows) {
        each.add(r.curve().label() + " " + r.curve().analysis().shape().word());
      }
      f.add("Shapes differ: " + String.join(", ", each) + ".");
    } else {
      f.add("The same shape on " + all + ": " + shapes.iterator().next().word() + ".");
    }
  }

  /** The advice for each run whose shape is a fault, then each run that stalled. */
  private static void faultsAndStalls(List<Row> rows, List<String> f) {
    for (Row r : rows) {
      Analysis a = r.curve().analysis();
      Shape shape = a.shape();
      boolean fault =
          shape == Shape.GC_ERRATIC || shape == Shape.THERMAL_THROTTLE || shape == Shape.SMR_STALLS;
      if (fault) {
        f.add(
            r.curve().label()
                + " ("
                + shape.word()
                + "): "
                + Explanation.advice(a, r.curve().info().context()).get(0));
      }
    }
    for (Row r : rows) {
      Analysis a = r.curve().analysis();
      if (a.stallSeconds() > 0) {
        f.add(
            Phrase.of(
                "{} stalled for {} s (nothing written).",
                r.curve().label(),
                Units.plain(a.stallSeconds(), 1)));
      }
    }
  }

  private static String bursts(List<Row> rows, String all, Row hi, Row lo) {
    double high = burst(hi);
    double low = burst(lo);
    if (high <= low * (1 + SAME_PEAK_FRACTION)) {
      return Phrase.of(
          "The same peak on {} ({mbps}–{rate}): something they share caps the burst, most likely"
              + " the link, not the drives.",
          all,
          low,
          high);
    }
    return differ("Bursts", hi, "starts at {rate}", high, lo, "at {rate}", low) + ".";
  }

  /**
   * "Floors differ 7x: a holds 900 MB/s at its lowest, b drops to 122 MB/s": the ratio only where
   * the low figure is not next to nothing, which is said instead. {@code highWords} and {@code
   * lowWords} are templates for the two figures.
   */
  private static String differ(
      String what, Row hi, String highWords, double high, Row lo, String lowWords, double low) {
    boolean nearZero = !(low >= NEAR_ZERO_MBPS);
    return Phrase.of(
        "{} differ{}: {} " + highWords + ", {} " + lowWords + "{}",
        what,
        nearZero ? "" : " " + ratio(high / low),
        hi.curve().label(),
        high,
        lo.curve().label(),
        low,
        nearZero ? ", next to nothing" : "");
  }

  /**
   * The floors in words. A curve whose floor is undetermined (a run that ended in its cache) is
   * named as such and left out of the ratio; a floor next to zero is named without one.
   */
  private static String floors(List<Row> rows) {
    List<Row> known = rows.stream().filter(r -> !Double.isNaN(floor(r))).toList();
    List<String> undetermined =
        rows.stream().filter(r -> Double.isNaN(floor(r))).map(r -> r.curve().label()).toList();
    String unknown =
        undetermined.isEmpty()
            ? ""
            : " The floor of "
                + String.join(", ", undetermined)
                + " is undetermined (the run ended before its rate settled), so it is not compared.";
    if (known.size() < 2) {
      return (known.isEmpty()
              ? "No floor to compare."
              : Phrase.of(
                  "Only {} has a floor ({rate}).",
                  known.getFirst().curve().label(),
                  floor(known.getFirst())))
          + unknown;
    }
    Row hi = max(known, Comparison::floor);
    Row lo = min(known, Comparison::floor);
    double high = floor(hi);
    double low = floor(lo);
    if (low >= NEAR_ZERO_MBPS && high / low < FLOOR_RATIO_WORTH_SAYING) {
      return Phrase.of(
              "Floors within {.0}% of each other ({mbps}–{rate}).",
              100 * (high / low - 1), low, high)
          + unknown;
    }
    return differ("Floors", hi, "holds {rate} at its lowest", high, lo, "drops to {rate}", low)
        + ". For a long job the floor decides, not the peak."
        + unknown;
  }

  /** A figure of the analysis, NaN where it has none (null or undetermined). */
  private static double figure(Number n) {
    return n == null ? Double.NaN : n.doubleValue();
  }

  private static double burst(Row r) {
    return figure(r.curve().analysis().burstMBps());
  }

  private static double floor(Row r) {
    return figure(r.curve().analysis().floorMBps());
  }

  /** The row with the highest figure; rows without the figure (NaN) are never chosen. */
  private static Row max(List<Row> rows, java.util.function.ToDoubleFunction<Row> f) {
    return rows.stream()
        .max(
            Comparator.comparingDouble(
                r -> Double.isNaN(f.applyAsDouble(r)) ? -1 : f.applyAsDouble(r)))
        .orElseThrow();
  }

  /** The row with the lowest figure; rows without the figure (NaN) are never chosen. */
  private static Row min(List<Row> rows, java.util.function.ToDoubleFunction<Row> f) {
    return rows.stream()
        .min(
            Comparator.comparingDouble(
                r ->
                    Double.isNaN(f.applyAsDouble(r))
                        ? Double.POSITIVE_INFINITY
                        : f.applyAsDouble(r)))
        .orElseThrow();
  }

  /** A job size for people: {@code 500 GB}, or {@code 60 GiB (64.4 GB)} when asked in GiB. */
  public static String jobName(long bytes) {
    long gib = ByteSize.GIB;
    if (bytes % gib == 0 && bytes % 1_000_000_000L != 0) {
      return bytes / gib + " GiB (" + Phrase.gb(bytes / 1e9) + ")";
    }
    return Phrase.gb(bytes / 1e9);
  }

  /** {@code 9x} from 3 up, {@code 1.4x} below. */
  static String ratio(double r) {
    return (r >= 3 ? Units.fixed(r, 0) : Units.fixed(r, 1)) + "x";
  }

  private static String count(int n) {
    String[] words = {
      "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"
    };
    return n < words.length ? words[n] : Integer.toString(n);
  }
}
