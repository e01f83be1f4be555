package dev.sustain.unit;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parsing and formatting of durations such as {@code 90s}, {@code 20m}, {@code 2h}, {@code 100ms}.
 */
public final class Durations {

  private static final Pattern PART = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(ms|s|m|h|d)");
  private static final Pattern WHOLE = Pattern.compile("^(?:[0-9]+(?:\\.[0-9]+)?(?:ms|s|m|h|d))+$");

  private Durations() {}

  /**
   * Parses {@code 90s}, {@code 20m}, {@code 2h}, {@code 1h30m}, {@code 250ms} or a bare number of
   * seconds. Zero and negative durations are refused.
   *
   * @throws IllegalArgumentException with a message fit for a user
   */
  public static Duration parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("a duration is required (examples: 90s, 20m, 2h)");
    }
    String t = text.strip();
    BigDecimal nanos;
    if (t.matches("[0-9]+(?:\\.[0-9]+)?")) {
      nanos = new BigDecimal(t).multiply(BigDecimal.valueOf(1_000_000_000L));
    } else if (WHOLE.matcher(t).matches()) {
      nanos = BigDecimal.ZERO;
      Matcher m = PART.matcher(t);
      long largerUnitNanos = 0;
      while (m.find()) {
        long unitNanos = unitNanos(m.group(2));
        BigDecimal value = new BigDecimal(m.group(1));
        nanos = nanos.add(value.multiply(BigDecimal.valueOf(unitNanos)));
        // 1h99m is a slip, not 2h39m: a field after a larger one counts up to that one's size.
        if (largerUnitNanos > unitNanos) {
          long fieldLimit = fieldLimit(unitNanos);
          if (value.compareTo(BigDecimal.valueOf(fieldLimit)) >= 0) {
            throw new IllegalArgumentException(outOfRange(text, m.group(2), fieldLimit, t));
          }
        }
        largerUnitNanos = Math.max(largerUnitNanos, unitNanos);
      }
    } else {
      throw new IllegalArgumentException(
          "not a duration: '" + text + "' (examples: 90s, 20m, 2h, 1h30m, 500ms)");
    }
    if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new IllegalArgumentException("duration too long: '" + text + "'");
    }
    long n = nanos.longValue();
    if (n <= 0) {
      throw new IllegalArgumentException("a duration must be positive: '" + text + "'");
    }
    return Duration.ofNanos(n);
  }

  private static long unitNanos(String unit) {
    return switch (unit) {
      case "ms" -> 1_000_000L;
      case "s" -> 1_000_000_000L;
      case "m" -> 60_000_000_000L;
      case "h" -> 3_600_000_000_000L;
      default -> 86_400_000_000_000L;
    };
  }

  /** How far a field counts after a larger unit: 1000 ms, 60 s, 60 m, 24 h. */
  private static long fieldLimit(long unitNanos) {
    if (unitNanos == 1_000_000L) {
      return 1000;
    }
    return unitNanos == 3_600_000_000_000L ? 24 : 60;
  }

  /** One line naming the field that runs over and the spelling of the same length of time. */
  private static String outOfRange(String text, String unit, long limit, String stripped) {
    String name =
        switch (unit) {
          case "ms" -> "milliseconds";
          case "s" -> "seconds";
          case "m" -> "minutes";
          default -> "hours";
        };
    Duration same = parseUnchecked(stripped);
    return "not a duration: '"
        + text
        + "' ("
        + name
        + " after a larger unit go up to "
        + (limit - 1)
        + (same == null ? ")" : "; write " + compact(same) + ")");
  }

  /** The sum of the fields without the range check, or null if it is not a whole duration. */
  private static Duration parseUnchecked(String t) {
    BigDecimal nanos = BigDecimal.ZERO;
    Matcher m = PART.matcher(t);
    while (m.find()) {
      BigDecimal value = new BigDecimal(m.group(1));
      nanos = nanos.add(value.multiply(BigDecimal.valueOf(unitNanos(m.group(2)))));
    }
    if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0 || nanos.signum() <= 0) {
      return null;
    }
    return Duration.ofNanos(nanos.longValue());
  }

  /**
   * The spelling {@link #parse} reads: {@code 2h39m}, {@code 1m30s}, {@code 1d2h}, {@code 250ms}.
   */
  public static String compact(Duration d) {
    StringBuilder b = new StringBuilder();
    long days = d.toDays();
    long[] fields = {days, d.toHoursPart(), d.toMinutesPart(), d.toSecondsPart(), d.toMillisPart()};
    String[] units = {"d", "h", "m", "s", "ms"};
    for (int i = 0; i < fields.length; i++) {
      if (fields[i] != 0) {
        b.append(fields[i]).append(units[i]);
      }
    }
    return b.isEmpty() ? "0s" : b.toString();
  }

  /**
   * A duration in a sentence: as {@link #format}, but a time above zero that would print as 0.00s
   * is "under 0.01s" (a 4 KiB write's 1 ms, a flush of microseconds took some time, not none).
   */
  public static String inWords(double seconds) {
    // Judged at the milliseconds format rounds to first: a flush of 0.0049999 s (a difference of
    // stored times) prints 0.01s as its stored 0.005 does, not "under 0.01s" beside it.
    double stored = Units.roundedToThousandths(seconds);
    return seconds > 0 && stored < SHORTEST_PRINTED_SECONDS ? "under 0.01s" : format(seconds);
  }

  /** The shortest time {@link #format} does not print as 0.00s (it prints to the hundredth). */
  public static final double SHORTEST_PRINTED_SECONDS = 0.005;

  /** {@code 1h 02m 03s}, {@code 4m 05s} or {@code 12.3s}, for people. */
  public static String format(double seconds) {
    if (!Double.isFinite(seconds)) {
      return "-";
    }
    // First to the milliseconds run.json stores, so a printed time reads as its stored figure
    // (8.2549 s is stored 8.255 and printed 8.26s, not 8.25s): one rounding, not two.
    seconds = Units.roundedToThousandths(seconds);
    if (seconds < 60) {
      return Units.fixed(seconds, seconds < 10 ? 2 : 1) + "s";
    }
    long s = Math.round(seconds);
    long h = s / 3600;
    long m = (s % 3600) / 60;
    long sec = s % 60;
    if (h > 0) {
      return String.format(java.util.Locale.ROOT, "%dh %02dm %02ds", h, m, sec);
    }
    return String.format(java.util.Locale.ROOT, "%dm %02ds", m, sec);
  }
}
