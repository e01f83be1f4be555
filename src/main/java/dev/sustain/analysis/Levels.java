package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Groups change-point segments into plateaus, the levels a drive held: segments shorter than {@link
 * Thresholds#MIN_PLATEAU_SAMPLES} fold into the closer neighbour (a stall or a spike is not a
 * level), then neighbours closer than {@link Thresholds#PLATEAU_MERGE_FRACTION} or within {@link
 * Thresholds#SIGNIFICANCE} standard errors of each other merge, weakest pair first. A plateau's
 * level leaves out its short transition segments (the interval a cliff fell in is half one level
 * and half the next). Stateless.
 */
final class Levels {

  private Levels() {}

  /**
   * The plateaus of {@code s} over {@code segments} (which cover samples {@code [from, n)}).
   *
   * @param transition set for the samples of short segments (filled here)
   * @param relNoise the run's relative noise
   * @param quantumMBps the least noise of a level (one request per interval), 0 when unknown
   */
  static List<Segment> plateaus(
      SampleSeries s,
      List<Segment> segments,
      boolean[] transition,
      double relNoise,
      double quantumMBps) {
    for (Segment g : segments) {
      if (g.sampleCount() < Thresholds.MIN_PLATEAU_SAMPLES) {
        Arrays.fill(transition, g.startIndex(), g.endIndex(), true);
      }
    }
    List<int[]> r = new ArrayList<>();
    for (Segment g : segments) {
      r.add(new int[] {g.startIndex(), g.endIndex()});
    }
    // A piece is short while it has fewer level (non-transition) samples than a plateau needs:
    // two short segments side by side (an outlier next to a first interval) stay short together.
    while (r.size() > 1) {
      int shortest = -1;
      for (int i = 0; i < r.size(); i++) {
        int len = levelSamples(transition, r.get(i));
        if (len < Thresholds.MIN_PLATEAU_SAMPLES
            && (shortest < 0 || len < levelSamples(transition, r.get(shortest)))) {
          shortest = i;
        }
      }
      if (shortest < 0) {
        break;
      }
      double m = mean(s, r.get(shortest));
      int into;
      if (shortest == 0) {
        into = 1;
      } else if (shortest == r.size() - 1) {
        into = shortest - 1;
      } else {
        double dl = Math.abs(levelMean(s, transition, r.get(shortest - 1)) - m);
        double dr = Math.abs(levelMean(s, transition, r.get(shortest + 1)) - m);
        into = dl <= dr ? shortest - 1 : shortest + 1;
      }
      join(r, Math.min(shortest, into));
    }
    while (r.size() > 1) {
      int best = -1;
      double bestScore = 1;
      for (int i = 0; i + 1 < r.size(); i++) {
        double a = levelMean(s, transition, r.get(i));
        double b = levelMean(s, transition, r.get(i + 1));
        double level = Math.max(Math.max(a, b), 1e-12);
        double rel = Math.abs(a - b) / level;
        double sigma = relNoise * level;
        double inside =
            Math.max(spread(s, transition, r.get(i)), spread(s, transition, r.get(i + 1)));
        if (!Double.isNaN(inside)) {
          sigma = Math.min(sigma, inside);
        }
        sigma = Math.max(sigma, quantumMBps);
        double se = sigma * Math.sqrt(1.0 / len(r.get(i)) + 1.0 / len(r.get(i + 1)));
        double score =
            Math.min(
                rel / Thresholds.PLATEAU_MERGE_FRACTION,
                Math.abs(a - b) / (Thresholds.SIGNIFICANCE * se + 1e-12));
        if (score < bestScore) {
          bestScore = score;
          best = i;
        }
      }
      if (best < 0) {
        break;
      }
      join(r, best);
    }
    List<Segment> out = new ArrayList<>(r.size());
    for (int[] range : r) {
      if (levelSamples(transition, range) == 0) {
        // Nothing but transitions (a run of two intervals): the level is all of it.
        out.add(Segment.of(s, range[0], range[1]));
        continue;
      }
      int lf = range[0];
      int lt = range[1];
      while (lf < lt - 1 && transition[lf]) {
        lf++;
      }
      while (lt - 1 > lf && transition[lt - 1]) {
        lt--;
      }
      out.add(Segment.of(s, range[0], range[1], lf, lt));
    }
    return out;
  }

  /** The mean rate of a range without its transition samples (all of it if that is all). */
  static double levelMean(SampleSeries s, boolean[] transition, int[] range) {
    long bytes = 0;
    double seconds = 0;
    for (int i = range[0]; i < range[1]; i++) {
      if (!transition[i]) {
        bytes += s.bytes(i);
        seconds += s.intervalSeconds(i);
      }
    }
    if (seconds <= 0) {
      return mean(s, range);
    }
    return bytes / 1e6 / seconds;
  }

  /** The standard deviation of a range's non-zero, non-transition samples; NaN under 3. */
  static double spread(SampleSeries s, boolean[] transition, int[] range) {
    double sum = 0;
    double sumSq = 0;
    int m = 0;
    for (int i = range[0]; i < range[1]; i++) {
      if (s.bytes(i) > 0 && !transition[i]) {
        double v = s.writeMBps(i);
        sum += v;
        sumSq += v * v;
        m++;
      }
    }
    if (m < 3) {
      return Double.NaN;
    }
    double mean = sum / m;
    return Math.sqrt(Math.max(0, (sumSq - m * mean * mean) / (m - 1)));
  }

  private static int levelSamples(boolean[] transition, int[] range) {
    int m = 0;
    for (int i = range[0]; i < range[1]; i++) {
      m += transition[i] ? 0 : 1;
    }
    return m;
  }

  private static int len(int[] range) {
    return range[1] - range[0];
  }

  private static void join(List<int[]> r, int i) {
    r.get(i)[1] = r.get(i + 1)[1];
    r.remove(i + 1);
  }

  private static double mean(SampleSeries s, int[] range) {
    long b = 0;
    for (int i = range[0]; i < range[1]; i++) {
      b += s.bytes(i);
    }
    double sec = s.timeSeconds(range[1] - 1) - s.startSeconds(range[0]);
    return sec > 0 ? b / 1e6 / sec : 0;
  }
}
