package dev.sustain.analysis;

import dev.sustain.analysis.ThrottleDetector.Dip;
import java.util.ArrayList;
import java.util.List;

/**
 * Chains of dips at a regular spacing, the candidates {@link ThrottleDetector#sawtooth} checks as
 * trains. A chain may step over up to a given number of missing beats: a controller that trips at
 * the same temperature keeps its period whether or not the measurement shows every dip (noise on a
 * level of a fifth hides one dip in a dozen, or leaves the level after it low so that it does not
 * read as a dip that came back). Stateless.
 */
final class DipChains {

  private DipChains() {}

  /**
   * One chain: its dips in time order and the beats they span, their count less one plus the beats
   * skipped between them.
   */
  record Chain(List<Dip> dips, int beats) {}

  /**
   * Chains of dips at a regular spacing, longest first: from each dip and each of the next three as
   * its second, the next dip is looked for within {@link Thresholds#PERIOD_TOLERANCE} of the mean
   * spacing so far, among dips of a like length (a third to three times the chain's mean, so a
   * single odd interval does not join a throttle's dips); dips off the rhythm are stepped over.
   * Where no dip lies at the next beat, up to {@code maxSkippedBeats} times the one after it is
   * looked for, within the same tolerance of two spacings.
   */
  static List<Chain> of(Curve c, List<Dip> dips, int maxSkippedBeats) {
    List<Chain> out = new ArrayList<>();
    for (int i = 0; i < dips.size(); i++) {
      for (int j = i + 1; j < Math.min(dips.size(), i + 4); j++) {
        double first = c.startOf(dips.get(i).start());
        double period = c.startOf(dips.get(j).start()) - first;
        if (period >= 2 * c.interval && alike(c, dips.get(i), length(c, dips.get(j)))) {
          for (Chain chain : from(c, dips, i, j, maxSkippedBeats)) {
            if (chain.dips().size() >= Thresholds.MIN_DIPS) {
              out.add(chain);
            }
          }
        }
      }
    }
    out.sort((x, y) -> Integer.compare(y.dips().size(), x.dips().size()));
    return out;
  }

  /**
   * The chain that dips {@code i} and {@code j} begin, up to its first missing beat; and where it
   * steps over one, the chain on past it too (both are candidates: the beat the whole train keeps
   * decides, {@link DipTrain#steadyBeat}).
   */
  private static List<Chain> from(Curve c, List<Dip> dips, int i, int j, int maxSkippedBeats) {
    List<Chain> out = new ArrayList<>();
    double first = c.startOf(dips.get(i).start());
    double at = c.startOf(dips.get(j).start());
    double period = at - first;
    List<Dip> train = new ArrayList<>();
    train.add(dips.get(i));
    train.add(dips.get(j));
    double lengths = length(c, dips.get(i)) + length(c, dips.get(j));
    int beats = 1;
    int skipped = 0;
    int k = j + 1;
    while (k < dips.size()) {
      double typical = lengths / train.size();
      int found = next(c, dips, k, at + period, Thresholds.PERIOD_TOLERANCE * period, typical);
      int step = 1;
      if (found < 0 && skipped < maxSkippedBeats) {
        found = next(c, dips, k, at + 2 * period, Thresholds.PERIOD_TOLERANCE * period, typical);
        step = 2;
        if (found >= 0) {
          out.add(new Chain(List.copyOf(train), beats));
        }
      }
      if (found < 0) {
        break;
      }
      skipped += step - 1;
      beats += step;
      train.add(dips.get(found));
      lengths += length(c, dips.get(found));
      at = c.startOf(dips.get(found).start());
      period = (at - first) / beats;
      k = found + 1;
    }
    out.add(new Chain(train, beats));
    return out;
  }

  /**
   * The dip from index {@code k} on nearest {@code expected} seconds, within {@code tolerance} and
   * about {@code typical} seconds long, or -1.
   */
  private static int next(
      Curve c, List<Dip> dips, int k, double expected, double tolerance, double typical) {
    int found = -1;
    for (int m = k; m < dips.size(); m++) {
      Dip d = dips.get(m);
      double t = c.startOf(d.start());
      if (t > expected + tolerance) {
        break;
      }
      if (Math.abs(t - expected) <= tolerance
          && alike(c, d, typical)
          && (found < 0
              || Math.abs(t - expected)
                  < Math.abs(c.startOf(dips.get(found).start()) - expected))) {
        found = m;
      }
    }
    return found;
  }

  private static double length(Curve c, Dip d) {
    return c.endOf(d.end() - 1) - c.startOf(d.start());
  }

  /** Whether dip {@code d} is about as long as {@code typical} seconds (a third to three times). */
  private static boolean alike(Curve c, Dip d, double typical) {
    double len = Math.max(length(c, d), c.interval);
    double t = Math.max(typical, c.interval);
    return len <= 3 * t && t <= 3 * len;
  }
}
