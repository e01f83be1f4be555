package dev.sustain.expect;

import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a run is expected to show: a burst rate, then either no cliff (flat) or a cliff after a
 * number of bytes, a floor after it, and optionally the total time. Rates in MB/s (10^6 B/s), sizes
 * in bytes. Any point may be unstated (null). Immutable, thread-safe.
 *
 * @param burstMBps the rate at the start
 * @param cliff whether a cliff is expected: {@link Cliff#NONE} (flat), {@link Cliff#AFTER} (after
 *     {@code cacheBytes}, or at an unstated size when that is null) or {@link Cliff#NOT_STATED}
 * @param cacheBytes bytes written before the cliff; null when not stated
 * @param floorMBps the rate after the cliff (the whole run when flat); null when not stated
 * @param totalSeconds the whole run's time; null when not stated
 * @param text the prediction as written (or built), for reports
 */
public record Expectation(
    Double burstMBps,
    Cliff cliff,
    Long cacheBytes,
    Double floorMBps,
    Double totalSeconds,
    String text) {

  /** Whether a cliff is expected. */
  public enum Cliff {
    NONE,
    AFTER,
    NOT_STATED
  }

  private static final String NUM = "([0-9]+(?:\\.[0-9]+)?)";
  private static final Pattern RATE =
      Pattern.compile(
          "^(?:about\\s+|~\\s*|≈\\s*)?"
              + NUM
              + "\\s*(kb|mb|gb|kib|mib|gib)\\s*(?:/\\s*s|ps)(?:\\s+(flat))?$",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern RATE_FOR_SIZE =
      Pattern.compile("^(.*?)\\s+for\\s+(?:about\\s+|~\\s*)?(.+)$", Pattern.CASE_INSENSITIVE);
  private static final Pattern TIME =
      Pattern.compile(
          "^(?:(?:total(?:\\s+time)?|in|time)\\s*[:=]?\\s*)?([0-9][0-9.\\sa-z]*?)(?:\\s+total)?$",
          Pattern.CASE_INSENSITIVE);

  /**
   * Parses a prediction such as {@code "920MB/s for 277GB, then 127MB/s"}, {@code "920MB/s flat"},
   * {@code "2555MB/s for 258GiB, then 127MB/s, total 15m"} or {@code "920 MB/s for 277 GB then 127
   * MB/s in 10m30s"}. Sizes take both families (GB = 10^9, GiB = 2^30); rates MB/s, MiB/s, GB/s.
   *
   * @throws IllegalArgumentException with a message fit for a user
   */
  public static Expectation parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(
          "--expect needs a prediction, e.g. \"920MB/s for 277GB, then 127MB/s\"");
    }
    List<String> clauses = clauses(text);
    if (clauses.isEmpty()) {
      throw error(text, "it is empty");
    }
    Long cache = null;
    Cliff cliff = Cliff.NOT_STATED;
    String first = clauses.get(0);
    Matcher forSize = RATE_FOR_SIZE.matcher(first);
    String rateText = first;
    if (forSize.matches()) {
      rateText = forSize.group(1).strip();
      try {
        cache = ByteSize.parse(forSize.group(2).strip()).bytes();
      } catch (IllegalArgumentException e) {
        throw error(text, "'" + forSize.group(2).strip() + "' is not a size (e.g. 277GB, 258GiB)");
      }
      cliff = Cliff.AFTER;
    }
    Matcher rate = RATE.matcher(rateText);
    if (!rate.matches()) {
      throw error(text, "it must start with a rate such as 920MB/s");
    }
    double burst = toMBps(rate.group(1), rate.group(2));
    boolean saidFlat = rate.group(3) != null;
    if (saidFlat && cache != null) {
      throw error(text, "'flat' and 'for SIZE' contradict each other");
    }
    Later later = later(text, clauses, saidFlat);
    if (later.floorMBps() != null) {
      cliff = Cliff.AFTER;
    }
    if (cliff == Cliff.NOT_STATED) {
      // A single rate with neither a size nor a floor is a flat prediction.
      cliff = Cliff.NONE;
    }
    Double floor = cliff == Cliff.NONE ? Double.valueOf(burst) : later.floorMBps();
    return new Expectation(burst, cliff, cache, floor, later.totalSeconds(), text.strip());
  }

  /** "then" and commas both separate clauses; "then" marks the floor clause. */
  private static List<String> clauses(String text) {
    List<String> clauses = new ArrayList<>();
    for (String part : text.strip().split("\\s*[,;]\\s*")) {
      String[] thens = part.split("(?i)\\s*\\bthen\\b\\s*", -1);
      for (int i = 0; i < thens.length; i++) {
        if (i > 0) {
          clauses.add("then " + thens[i].strip());
        } else if (!thens[i].isBlank()) {
          clauses.add(thens[i].strip());
        }
      }
    }
    return clauses;
  }

  /** What the clauses after the first said: the floor and the total time, each or null. */
  private record Later(Double floorMBps, Double totalSeconds) {}

  private static Later later(String text, List<String> clauses, boolean saidFlat) {
    Double floor = null;
    Double total = null;
    for (String c : clauses.subList(1, clauses.size())) {
      if (c.toLowerCase(Locale.ROOT).startsWith("then ")) {
        if (floor != null) {
          throw error(text, "only one 'then RATE' (the floor) is understood");
        }
        Matcher m = RATE.matcher(c.substring(5).strip());
        if (!m.matches()) {
          throw error(text, "'then' must be followed by a rate such as 127MB/s");
        }
        floor = toMBps(m.group(1), m.group(2));
        if (saidFlat) {
          throw error(text, "'flat' and 'then RATE' contradict each other");
        }
        continue;
      }
      Matcher t = TIME.matcher(c);
      if (t.matches() && total == null) {
        try {
          total = Durations.parse(t.group(1).replaceAll("\\s+", "")).toNanos() / 1e9;
          continue;
        } catch (IllegalArgumentException e) {
          // Fall through to the generic error below, which names the clause.
        }
      }
      throw error(
          text,
          "'" + c + "' is not understood (expected 'then RATE' or a total time like 'in 10m')");
    }
    return new Later(floor, total);
  }

  /**
   * The expectation a past run sets for the next one on the same drive: its burst, its cache (or no
   * cliff) and its floor. The total time is left to be derived from the next run's size.
   */
  public static Expectation fromPastRun(
      double burstMBps, Double cacheGB, Double floorMBps, String runName) {
    // A run too short to tell (no cache size, no floor) says nothing of a cliff or a floor.
    Cliff cliff = cacheGB != null ? Cliff.AFTER : floorMBps != null ? Cliff.NONE : Cliff.NOT_STATED;
    Long cache = cacheGB == null ? null : Math.round(cacheGB * ByteSize.GB);
    Double floor = floorMBps != null ? floorMBps : cliff == Cliff.NONE ? burstMBps : null;
    Expectation e = new Expectation(burstMBps, cliff, cache, floor, null, "");
    return new Expectation(
        burstMBps, cliff, cache, floor, null, e.describe() + " (from " + runName + ")");
  }

  /** The prediction in Sustain's words, e.g. {@code 920 MB/s for 277 GB, then 127 MB/s}. */
  public String describe() {
    StringBuilder s = new StringBuilder(Units.rate(burstMBps));
    if (cliff == Cliff.NONE) {
      s.append(" flat");
    } else if (cacheBytes != null) {
      s.append(" for ").append(Units.decimalBytes(cacheBytes));
    }
    if (cliff == Cliff.AFTER && floorMBps != null) {
      s.append(", then ").append(Units.rate(floorMBps));
    }
    if (totalSeconds != null) {
      s.append(", in ").append(Durations.format(totalSeconds));
    }
    return s.toString();
  }

  /**
   * The time this prediction implies for writing {@code bytes}: the cache at the burst rate, the
   * rest at the floor. Null when it cannot say (no floor after a cliff of unstated size).
   */
  public Double secondsFor(long bytes) {
    if (cliff == Cliff.NONE
        || (cliff == Cliff.AFTER && cacheBytes != null && bytes <= cacheBytes)) {
      return bytes / (burstMBps * ByteSize.MB);
    }
    if (cacheBytes == null || floorMBps == null) {
      return null;
    }
    return cacheBytes / (burstMBps * ByteSize.MB)
        + (bytes - cacheBytes) / (floorMBps * ByteSize.MB);
  }

  /** Checks this prediction against what a run measured, within {@link Tolerance#DEFAULT}. */
  public ExpectationCheck check(Measured measured) {
    return ExpectationCheck.of(this, measured, Tolerance.DEFAULT);
  }

  /** Checks this prediction against what a run measured, every figure within {@code tolerance}. */
  public ExpectationCheck check(Measured measured, Tolerance tolerance) {
    return ExpectationCheck.of(this, measured, tolerance);
  }

  private static double toMBps(String number, String unit) {
    double v = Double.parseDouble(number);
    double bytesPerSecond =
        switch (unit.toLowerCase(Locale.ROOT)) {
          case "kb" -> v * ByteSize.KB;
          case "mb" -> v * ByteSize.MB;
          case "gb" -> v * ByteSize.GB;
          case "kib" -> v * ByteSize.KIB;
          case "mib" -> v * ByteSize.MIB;
          default -> v * ByteSize.GIB;
        };
    if (!(bytesPerSecond > 0)) {
      throw new IllegalArgumentException("a rate must be positive: " + number + unit);
    }
    return bytesPerSecond / ByteSize.MB;
  }

  private static IllegalArgumentException error(String text, String why) {
    return new IllegalArgumentException(
        "cannot read the prediction '"
            + text.strip()
            + "': "
            + why
            + " (example: \"920MB/s for 277GB, then 127MB/s, in 11m\")");
  }
}
