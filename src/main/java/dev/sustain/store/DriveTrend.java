package dev.sustain.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.job.Job;
import dev.sustain.unit.Units;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The trend of one drive's floor over its recent runs, in words. The rule, in full:
 *
 * <ol>
 *   <li>Runs compared: the drive's completed writing runs (write, fill, copy, imported logs) of at
 *       least {@link #MIN_SECONDS} seconds that have a floor (or, lacking one, an average), oldest
 *       first; the last {@link #WINDOW} of them. A shorter run never leaves the cache, so its
 *       "floor" is not the drive's.
 *   <li>Fewer than two: no trend yet.
 *   <li><b>fell</b>: the last floor is at least {@link #CHANGE} (15%) below the first, and no run
 *       rose more than {@link #STEP_NOISE} (5%) above the run before it: a steady decline. Advice
 *       by the newest run's shape: thermal-throttle means heat; smr-stalls or hdd-zoned means a
 *       spinning disk filling up; anything else means a flash drive losing free blocks, as when no
 *       TRIM reaches it (the drive degrades with every write and delete): TRIM it.
 *   <li><b>rose</b>: the mirror image: at least 15% up, no step down of more than 5%.
 *   <li><b>held</b>: highest and lowest floor within 15% of each other.
 *   <li><b>varied</b>: anything else.
 * </ol>
 *
 * 15% is well above the run-to-run spread of a healthy drive (a flat drive repeats within 2%) and
 * well below the halving a starved drive shows. Pure and thread-safe.
 */
public final class DriveTrend {

  /** How many of the newest comparable runs the trend looks at. */
  public static final int WINDOW = 5;

  /** Runs shorter than this (seconds) are left out: too short to have a floor of the drive's. */
  public static final double MIN_SECONDS = 30;

  /** The relative change that counts as a fall or a rise (0.15 = 15%). */
  public static final double CHANGE = 0.15;

  /** The largest step against the direction still counted as a steady fall or rise. */
  public static final double STEP_NOISE = 0.05;

  /** Which way the floor went. */
  public enum Direction {
    NO_TREND,
    FELL,
    ROSE,
    HELD,
    VARIED
  }

  /**
   * The trend found.
   *
   * @param direction which way it went
   * @param runs how many runs it is based on
   * @param firstMBps the floor of the oldest run compared (NaN without runs)
   * @param lastMBps the floor of the newest
   * @param sentence the trend in words, e.g. "the floor fell from 972 to 470 MB/s over 3 runs: ..."
   */
  public record Trend(
      Direction direction, int runs, double firstMBps, double lastMBps, String sentence) {

    /**
     * Puts the trend's fields into {@code trend} as the API and {@code history --json} carry them:
     * {@code direction, runs, first_MBps, last_MBps, sentence} (a rate not known is null).
     */
    public void putJson(ObjectNode trend) {
      trend.put("direction", direction.name().toLowerCase(Locale.ROOT));
      trend.put("runs", runs);
      trend.put("first_MBps", Double.isNaN(firstMBps) ? null : firstMBps);
      trend.put("last_MBps", Double.isNaN(lastMBps) ? null : lastMBps);
      trend.put("sentence", sentence);
    }
  }

  private DriveTrend() {}

  /**
   * The trend of the runs of {@code job} among {@code runs} (all of them when job is null): a
   * drive's runs of another request size or depth measure another thing, so they are left out.
   */
  public static Trend of(List<RunRecord> runs, Job job) {
    return of(RunJobs.ofJob(runs, job));
  }

  /** The trend of {@code runs} (one drive's runs of one job, in any order). */
  public static Trend of(List<RunRecord> runs) {
    List<RunRecord> usable = compared(runs);
    int n = usable.size();
    if (n == 0) {
      return new Trend(
          Direction.NO_TREND,
          0,
          Double.NaN,
          Double.NaN,
          "no completed write run of " + Units.fixed(MIN_SECONDS, 0) + " s or more yet: no trend");
    }
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = level(usable.get(i));
    }
    String label = usable.get(n - 1).figures().floorMBps() != null ? "floor" : "average";
    if (n == 1) {
      return new Trend(
          Direction.NO_TREND,
          1,
          v[0],
          v[0],
          "one run so far (" + label + " " + Units.rate(v[0]) + "): no trend yet");
    }
    return judged(usable, v, "the " + label);
  }

  /**
   * The runs compared (rule 1): completed writing runs long enough to have a floor, newest last.
   */
  private static List<RunRecord> compared(List<RunRecord> runs) {
    List<RunRecord> usable = new ArrayList<>();
    for (RunRecord r : runs) {
      Double seconds = r.figures().seconds();
      if (r.isWriteRun()
          && "complete".equals(r.status())
          && level(r) != null
          && seconds != null
          && seconds >= MIN_SECONDS) {
        usable.add(r);
      }
    }
    usable.sort(Comparator.comparing(RunRecord::started).thenComparing(RunRecord::runId));
    return usable.size() > WINDOW ? usable.subList(usable.size() - WINDOW, usable.size()) : usable;
  }

  /**
   * Rules 3-6 over two or more runs' levels {@code v}, oldest first.
   *
   * @param what "the floor" or "the average", as the sentence names the level
   */
  private static Trend judged(List<RunRecord> usable, double[] v, String what) {
    int n = v.length;
    double first = v[0];
    double last = v[n - 1];
    double min = first;
    double max = first;
    boolean steadyDown = true;
    boolean steadyUp = true;
    for (int i = 1; i < n; i++) {
      min = Math.min(min, v[i]);
      max = Math.max(max, v[i]);
      steadyDown &= v[i] <= v[i - 1] * (1 + STEP_NOISE);
      steadyUp &= v[i] >= v[i - 1] * (1 - STEP_NOISE);
    }
    String over = " over " + n + " runs";
    String fromTo = " from " + Units.mbps(first) + " to " + Units.rate(last) + over;
    String cause = memory(usable) ? MEMORY_CAUSE : null;
    if (steadyDown && last <= first * (1 - CHANGE)) {
      String advice = cause != null ? cause : fallAdvice(usable.get(n - 1));
      return new Trend(Direction.FELL, n, first, last, what + " fell" + fromTo + ": " + advice);
    }
    if (steadyUp && last >= first * (1 + CHANGE)) {
      String advice =
          cause != null
              ? cause
              : "the drive recovered (a TRIM, a format that issues UNMAP, an idle period or a"
                  + " cooler drive frees it up)";
      return new Trend(Direction.ROSE, n, first, last, what + " rose" + fromTo + ": " + advice);
    }
    if (max <= min * (1 + CHANGE)) {
      String held =
          what + " held at " + Units.mbps(min) + "-" + Units.rate(max) + over + ": no degradation";
      return new Trend(Direction.HELD, n, first, last, held);
    }
    return new Trend(
        Direction.VARIED,
        n,
        first,
        last,
        what
            + " varied between "
            + Units.mbps(min)
            + " and "
            + Units.rate(max)
            + over
            + " with no steady direction: compare the conditions (temperature, free space,"
            + " enclosure, link)");
  }

  /** Why the rate of memory moves: it is no drive, so no drive's advice applies. */
  static final String MEMORY_CAUSE =
      "this is memory, not a drive: its rate follows the CPU and what else the machine was doing";

  private static boolean memory(List<RunRecord> runs) {
    return runs.getLast().drive().inMemory();
  }

  private static String fallAdvice(RunRecord newest) {
    String shape = newest.figures().shape();
    if ("thermal-throttle".equals(shape)) {
      return "the newest run throttled on heat; cool the drive (a fan, an enclosure that sheds"
          + " heat) and run again";
    }
    if ("smr-stalls".equals(shape) || "hdd-zoned".equals(shape)) {
      return "a spinning disk slows as it fills (inner tracks, SMR rewrites); check its free space";
    }
    return "the drive is running out of free blocks; TRIM it (or use a format that issues UNMAP)";
  }

  /** The level compared run to run: the floor, or the average when no floor was found. */
  static Double level(RunRecord r) {
    Double floor = r.figures().floorMBps();
    if (floor != null && Double.isFinite(floor) && floor > 0) {
      return floor;
    }
    Double avg = r.figures().averageMBps();
    return avg != null && Double.isFinite(avg) && avg > 0 ? avg : null;
  }
}
