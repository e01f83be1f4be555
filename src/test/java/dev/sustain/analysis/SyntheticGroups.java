package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Synthetic groups of targets with known truth, from a seed: each target's solo rate, whether a
 * shared ceiling caps their sum (shares handed out as a shared link does: targets that need less
 * than an even share keep their rate, the rest split what is left), staggered starts, partial first
 * and last intervals, noise, own cache cliffs and a target that drags.
 */
public final class SyntheticGroups {

  /**
   * A group and what is true of it.
   *
   * @param ceilingMBps the shared ceiling, or null when each target is limited on its own
   * @param dragName the target whose cliff could hand its share to the others, or null
   * @param dragSeconds when its cliff begins, NaN without one
   * @param drags true when {@code dragName} clearly drags the others, false when clearly no target
   *     does, null when the others' rise is too small to be sure either way
   */
  public record Truth(
      GroupCurves curves,
      Double ceilingMBps,
      String dragName,
      double dragSeconds,
      Boolean drags,
      String text) {}

  /**
   * What to make.
   *
   * @param rough the targets' shares swing by 15-35% from one interval to the next and, below 1 s
   *     intervals, the sum swings by 5-8% one interval and back the next (a throttle or a link
   *     handing out its rate in slices, as the emulated shared device does)
   * @param hiccups one to three moments apart (one or two intervals each) in which the host stalls
   *     every target at once, to 40-80% of its rate: a busy machine, not a drive or a link
   * @param decline each target declines on its own, gradually, by 0.1-0.2% of its solo rate per
   *     interval (spinning disks from the outer to the inner tracks): no cliff its analysis would
   *     name
   */
  public record Spec(
      boolean shared,
      boolean soloKnown,
      boolean ownCliffs,
      boolean drag,
      boolean rough,
      boolean decline,
      boolean hiccups) {
    public Spec(boolean shared, boolean soloKnown, boolean ownCliffs, boolean drag) {
      this(shared, soloKnown, ownCliffs, drag, false, false, false);
    }

    public Spec(boolean shared, boolean soloKnown, boolean ownCliffs, boolean drag, boolean rough) {
      this(shared, soloKnown, ownCliffs, drag, rough, false, false);
    }
  }

  private SyntheticGroups() {}

  public static Truth make(long seed, Spec spec) {
    SplittableRandom r = new SplittableRandom(seed);
    int n = 2 + r.nextInt(4);
    double interval = new double[] {0.5, 1, 2}[r.nextInt(3)];
    int m = 40 + r.nextInt(160);
    double[] solo = new double[n];
    double soloSum = drawSolo(r, solo);
    int[] first = new int[n];
    int[] last = new int[n];
    for (int i = 0; i < n; i++) {
      first[i] = r.nextInt(4);
      last[i] = m - 1 - r.nextInt(3);
    }
    double[] cliff = new double[n];
    Arrays.fill(cliff, Double.NaN);
    double[] floor = solo.clone();
    int[] cliffAt = new int[n];
    Arrays.fill(cliffAt, Integer.MAX_VALUE);
    String dragName = null;
    double dragSeconds = Double.NaN;
    Double ceiling = null;
    double shareNoise =
        spec.soloKnown() ? 0.01 + 0.07 * r.nextDouble() : 0.08 + 0.04 * r.nextDouble();
    double sumNoise = 0.004 + 0.008 * r.nextDouble();
    double slice = 0;
    if (spec.rough()) {
      interval = r.nextBoolean() ? 0.5 : 0.25;
      shareNoise = 0.15 + 0.2 * r.nextDouble();
      slice = 0.05 + 0.03 * r.nextDouble();
    }
    double ownNoise = 0.01 + 0.04 * r.nextDouble();
    if (spec.shared()) {
      // A ceiling that clearly binds: at least one target gets at most 75% of its solo rate
      // (two without solo rates: a trade needs two that take from each other).
      for (int tries = 0; ; tries++) {
        double c = soloSum * (0.3 + 0.5 * r.nextDouble());
        double[] s = waterFill(solo, c);
        int bound = 0;
        for (int i = 0; i < n; i++) {
          bound += s[i] <= 0.75 * solo[i] ? 1 : 0;
        }
        if (bound >= (spec.soloKnown() ? 1 : 2)) {
          ceiling = c;
          break;
        }
        if (tries % 20 == 19) {
          soloSum = drawSolo(r, solo); // e.g. one fast and one slow target cannot both be bound
        }
      }
    }
    Boolean drags = Boolean.FALSE;
    if (spec.drag() && ceiling != null) {
      // The target with the largest share falls to a floor below it: the others may take it.
      double[] before = waterFill(solo, ceiling);
      int i = 0;
      for (int j = 1; j < n; j++) {
        i = before[j] > before[i] ? j : i;
      }
      int k = (int) (m * (0.45 + 0.3 * r.nextDouble()));
      cliffAt[i] = k;
      cliff[i] = k * interval;
      floor[i] = before[i] * (0.1 + 0.4 * r.nextDouble());
      double[] limits = solo.clone();
      limits[i] = floor[i];
      double[] after = waterFill(limits, ceiling);
      double othersBefore = 0;
      double othersAfter = 0;
      for (int j = 0; j < n; j++) {
        othersBefore += j == i ? 0 : before[j];
        othersAfter += j == i ? 0 : after[j];
      }
      dragName = name(i);
      dragSeconds = k * interval;
      boolean clear =
          othersAfter >= 1.25 * othersBefore
              && othersAfter - othersBefore >= 0.45 * (before[i] - floor[i]);
      drags = clear ? Boolean.TRUE : othersAfter <= 1.05 * othersBefore ? Boolean.FALSE : null;
    } else if (spec.ownCliffs()) {
      int count = 1 + r.nextInt(n);
      for (int c = 0; c < count; c++) {
        int i = r.nextInt(n);
        int k = (int) (m * (0.45 + 0.3 * r.nextDouble()));
        cliffAt[i] = k;
        cliff[i] = k * interval;
        floor[i] = solo[i] * (0.1 + 0.4 * r.nextDouble());
      }
    }
    double[] declineTo = new double[n];
    for (int i = 0; i < n; i++) {
      // A spinning disk loses about half its rate over hours: 0.1-0.2% per interval at most.
      declineTo[i] = spec.decline() ? 1 - Math.min(0.7, m * (0.001 + 0.001 * r.nextDouble())) : 1;
    }
    java.util.Set<Integer> stalls = new java.util.TreeSet<>();
    double hiccup = 1;
    if (spec.hiccups()) {
      // Moments apart from each other (at least 4 intervals), each one or two intervals long.
      hiccup = 0.4 + 0.4 * r.nextDouble();
      for (int h = 1 + r.nextInt(3); h > 0; h--) {
        int at = 5 + r.nextInt(m - 11);
        boolean clear = true;
        for (int o : stalls) {
          clear &= Math.abs(o - at) >= 4;
        }
        if (clear) {
          stalls.add(at);
          if (r.nextBoolean()) {
            stalls.add(at + 1);
          }
        }
      }
    }
    double[][] rate = new double[n][m];
    for (double[] row : rate) {
      Arrays.fill(row, Double.NaN);
    }
    double[] times = new double[m];
    for (int k = 0; k < m; k++) {
      times[k] = (k + 1) * interval;
      double[] limit = new double[n];
      List<Integer> active = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        limit[i] = k >= cliffAt[i] ? floor[i] : solo[i];
        limit[i] *= 1 - (1 - declineTo[i]) * k / (double) (m - 1);
        if (k >= first[i] && k <= last[i]) {
          active.add(i);
        }
      }
      double[] level = new double[n];
      if (ceiling != null) {
        double[] activeLimit = new double[active.size()];
        for (int a = 0; a < activeLimit.length; a++) {
          activeLimit[a] = limit[active.get(a)];
        }
        double[] s = waterFill(activeLimit, ceiling);
        double total = 0;
        double[] jittered = new double[s.length];
        for (int a = 0; a < s.length; a++) {
          jittered[a] = Math.max(0.05 * s[a], s[a] * (1 + shareNoise * gaussian(r)));
          total += jittered[a];
        }
        double want = 0;
        for (double v : s) {
          want += v;
        }
        want *= 1 + sumNoise * gaussian(r) + (k % 2 == 0 ? slice : -slice);
        for (int a = 0; a < s.length; a++) {
          level[active.get(a)] = total > 0 ? jittered[a] * want / total : 0;
        }
      } else {
        for (int i : active) {
          level[i] = limit[i] * (1 + ownNoise * gaussian(r));
        }
      }
      for (int i : active) {
        double v = level[i];
        if (k == first[i] || k == last[i]) {
          v *= 0.2 + 0.8 * r.nextDouble(); // a partial interval
        }
        if (stalls.contains(k)) {
          v *= hiccup;
        }
        rate[i][k] = Math.max(0, v);
      }
    }
    double[] soloSeen = new double[n];
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      soloSeen[i] = spec.soloKnown() ? solo[i] * (1 + 0.02 * gaussian(r)) : Double.NaN;
      names.add(name(i));
    }
    String text =
        String.format(
            java.util.Locale.ROOT,
            "seed %d: %d targets, %d x %.2fs, solo %s, ceiling %s, cliffs %s, noise share %.3f sum"
                + " %.3f own %.3f slice %.3f hiccups %s",
            seed,
            n,
            m,
            interval,
            Arrays.toString(round(solo)),
            ceiling == null ? "none" : Math.round(ceiling),
            Arrays.toString(cliff),
            shareNoise,
            sumNoise,
            ownNoise,
            slice,
            stalls);
    return new Truth(
        new GroupCurves(names, interval, times, rate, soloSeen, cliff),
        ceiling,
        dragName,
        dragSeconds,
        drags,
        text);
  }

  /** Solo rates of 40 .. 3000 MB/s, log-uniform; returns their sum. */
  private static double drawSolo(SplittableRandom r, double[] solo) {
    double sum = 0;
    for (int i = 0; i < solo.length; i++) {
      solo[i] = 40 * Math.pow(75, r.nextDouble());
      sum += solo[i];
    }
    return sum;
  }

  static String name(int i) {
    return "drive" + (char) ('A' + i);
  }

  /** What a link of {@code ceiling} gives each: no more than it asks, the rest shared evenly. */
  public static double[] waterFill(double[] want, double ceiling) {
    int n = want.length;
    double[] got = new double[n];
    boolean[] done = new boolean[n];
    double left = ceiling;
    int open = n;
    while (open > 0) {
      double even = left / open;
      boolean changed = false;
      for (int i = 0; i < n; i++) {
        if (!done[i] && want[i] <= even) {
          got[i] = want[i];
          left -= want[i];
          done[i] = true;
          open--;
          changed = true;
        }
      }
      if (!changed) {
        for (int i = 0; i < n; i++) {
          if (!done[i]) {
            got[i] = even;
          }
        }
        break;
      }
    }
    return got;
  }

  private static double gaussian(SplittableRandom r) {
    double u = Math.max(1e-12, r.nextDouble());
    double v = r.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  private static long[] round(double[] x) {
    long[] out = new long[x.length];
    for (int i = 0; i < x.length; i++) {
      out[i] = Math.round(x[i]);
    }
    return out;
  }
}
