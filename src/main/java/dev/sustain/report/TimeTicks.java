package dev.sustain.report;

import dev.sustain.unit.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The time axis's ticks: at a round step (0.5, 1, 2, 5, 10, 15 or 30 s, 1, 2, 5, 10, 15 or 30 min,
 * 1, 2, 3, 6 or 12 h, then whole days) chosen so a run shows 5 to 10 of them, each labelled as the
 * report writes times ({@code 30s}, {@code 1m 30s}, {@code 2h 00m}). XChart 4.0.3 puts its own
 * ticks on its data's spacing (every 7th one-second sample, say) and can only relabel them, so the
 * chart draws these instead.
 */
final class TimeTicks {

  /** Round steps in seconds, each at most 2.5 times the one before, so some step gives 5-10. */
  static final double[] STEPS_SECONDS = {
    0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600,
    43_200, 86_400
  };

  /** At most this many ticks: more crowd a 1200-pixel chart's labels. */
  static final int MAX_TICKS = 10;

  /** One tick: where (seconds from the start) and what it reads. */
  record Tick(double seconds, String label) {}

  private TimeTicks() {}

  /** The smallest round step that gives at most {@link #MAX_TICKS} ticks from 0 to the end. */
  static double stepSeconds(double durationSeconds) {
    for (double step : STEPS_SECONDS) {
      if (count(durationSeconds, step) <= MAX_TICKS) {
        return step;
      }
    }
    // Past ten days: whole days, as many as keep the count down.
    double days = Math.ceil(durationSeconds / 86_400 / (MAX_TICKS - 1));
    return days * 86_400;
  }

  /** The ticks from 0 to {@code durationSeconds}, both ends included when they fall on a step. */
  static List<Tick> of(double durationSeconds) {
    double d = Double.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : 1;
    double step = stepSeconds(d);
    List<Tick> ticks = new ArrayList<>();
    long n = count(d, step);
    for (long k = 0; k < n; k++) {
      // k * step, not a running sum: 0.1 added thirty times is not 3.0.
      double seconds = k * step;
      ticks.add(new Tick(seconds, label(seconds, step)));
    }
    return ticks;
  }

  private static long count(double durationSeconds, double step) {
    // The tolerance keeps 30 s / 0.1 s at 300 steps, not 299.99999.
    return (long) Math.floor(durationSeconds / step + 1e-9) + 1;
  }

  /** A tick's words: {@code 0s}, {@code 0.5s}, {@code 45s}, {@code 1m 30s}, {@code 2h 15m}. */
  static String label(double seconds, double step) {
    if (seconds == 0) {
      return "0s";
    }
    if (seconds < 60 - 1e-9) {
      return Units.fixed(seconds, step < 1 ? 1 : 0) + "s";
    }
    long s = Math.round(seconds);
    long h = s / 3600;
    long m = (s % 3600) / 60;
    long sec = s % 60;
    if (h == 0) {
      return String.format(Locale.ROOT, "%dm %02ds", m, sec);
    }
    // Steps past an hour's run are whole minutes, so the seconds would always read 00.
    return sec == 0
        ? String.format(Locale.ROOT, "%dh %02dm", h, m)
        : String.format(Locale.ROOT, "%dh %02dm %02ds", h, m, sec);
  }
}
