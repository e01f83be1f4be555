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
      while (m.find()) {
        long unitNanos =
            switch (m.group(2)) {
              case "ms" -> 1_000_000L;
              case "s" -> 1_000_000_000L;
              case "m" -> 60_000_000_000L;
              case "h" -> 3_600_000_000_000L;
              default -> 86_400_000_000_000L;
            };
        nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unitNanos)));
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

  /** {@code 1h 02m 03s}, {@code 4m 05s} or {@code 12.3s}, for people. */
  public static String format(double seconds) {
    if (!Double.isFinite(seconds)) {
      return "-";
    }
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
