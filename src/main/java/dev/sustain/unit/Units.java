package dev.sustain.unit;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Locale-proof number formatting: a dot as decimal separator whatever the JVM's locale, so that
 * output, CSV and JSON read the same in Berlin and in Boston.
 */
public final class Units {

  private Units() {}

  /** {@code value} with exactly {@code decimals} digits after a dot. */
  public static String fixed(double value, int decimals) {
    if (!Double.isFinite(value)) {
      return "NaN";
    }
    return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
  }

  /**
   * {@code value} to three decimals, half up, as run.json and analysis.json store their figures;
   * not finite stays as it is.
   */
  public static double roundedToThousandths(double value) {
    if (!Double.isFinite(value)) {
      return value;
    }
    return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP).doubleValue();
  }

  /** A rate in MB/s (10^6 B/s) for people: {@code 2555 MB/s}, {@code 12.4 MB/s}. */
  public static String rate(double megabytesPerSecond) {
    return mbps(megabytesPerSecond) + " MB/s";
  }

  /**
   * The number part of a rate: no decimals from 100 MB/s, one below, two below 10. The rate is
   * first rounded to the three decimals run.json stores, so a printed rate never differs from the
   * stored one by a double rounding (127.4996 is stored 127.5 and printed 128, not 127).
   */
  public static String mbps(double megabytesPerSecond) {
    if (!Double.isFinite(megabytesPerSecond)) {
      return "NaN";
    }
    double v = roundedToThousandths(megabytesPerSecond);
    int decimals = v >= 100 ? 0 : v >= 10 ? 1 : 2;
    return fixed(v, decimals);
  }

  /** Bytes in decimal units for people, e.g. {@code 322.1 GB}. */
  public static String decimalBytes(long bytes) {
    return inUnits(bytes, 1000, new String[] {"B", "kB", "MB", "GB", "TB", "PB"}, false);
  }

  /** Bytes in binary units for people, e.g. {@code 300 GiB}, {@code 1.5 MiB}. */
  public static String binaryBytes(long bytes) {
    return inUnits(bytes, 1024, new String[] {"B", "KiB", "MiB", "GiB", "TiB", "PiB"}, true);
  }

  /**
   * Bytes in the largest unit that keeps the number at 1 or more, each unit {@code base} times the
   * one before: whole bytes as they are, else no decimals from 100 and one below, or none at all
   * for a whole number where {@code wholeWithoutDecimals} (a binary size is usually set in whole
   * units: {@code 4 KiB}, not {@code 4.0 KiB}).
   */
  private static String inUnits(
      long bytes, int base, String[] units, boolean wholeWithoutDecimals) {
    double v = bytes;
    int i = 0;
    while (v >= base && i < units.length - 1) {
      v /= base;
      i++;
    }
    if (i == 0) {
      return bytes + " " + units[0];
    }
    boolean whole = wholeWithoutDecimals && v == Math.rint(v);
    return (whole ? Long.toString((long) v) : fixed(v, v >= 100 ? 0 : 1)) + " " + units[i];
  }

  /** A plain decimal for machine output (CSV): no exponent, no grouping, trailing zeros cut. */
  public static String plain(double value, int maxDecimals) {
    if (!Double.isFinite(value)) {
      return "";
    }
    BigDecimal d = BigDecimal.valueOf(value).setScale(maxDecimals, RoundingMode.HALF_UP);
    d = d.stripTrailingZeros();
    if (d.scale() < 0) {
      d = d.setScale(0);
    }
    String s = d.toPlainString();
    return s.equals("-0") ? "0" : s;
  }

  /**
   * {@code part} as a share of {@code whole} for people, with two decimals and its sign: {@code
   * 12.34%}. A share that is neither nothing nor all never reads as either: 20 KiB of 2.1 GB is
   * {@code under 0.01%}, not {@code 0.00%}, and one block short of all is {@code over 99.99%}.
   */
  public static String percentOf(long part, long whole) {
    long of = Math.max(1, whole);
    String text = fixed(100.0 * part / of, 2);
    if (part > 0 && text.equals("0.00")) {
      return "under 0.01%";
    }
    if (part < of && text.equals("100.00")) {
      return "over 99.99%";
    }
    return text + "%";
  }

  /**
   * Why a job does not fit, for people: {@code needs 3.9 GB plus a margin of 67.1 MB (4.0 GB in
   * all), and 3.9 GB is free}. The sum is given, as that is what is compared with the free space;
   * where the two would print alike, both are given in bytes ("needs 3.9 GB plus a margin of 67.1
   * MB, and 3.9 GB is free" once read as if the job fitted).
   */
  public static String needsAndFree(long needBytes, long marginBytes, long freeBytes) {
    long total = needBytes + marginBytes;
    String all = decimalBytes(total);
    String free = decimalBytes(freeBytes);
    if (all.equals(free)) {
      all = total + " B";
      free = freeBytes + " B";
    }
    return "needs "
        + decimalBytes(needBytes)
        + " plus a margin of "
        + decimalBytes(marginBytes)
        + " ("
        + all
        + " in all), and "
        + free
        + " is free";
  }

  /** A count with its noun, singular for one: {@code 1 interval}, {@code 3 intervals}. */
  public static String count(long n, String singular) {
    return count(n, singular, singular + "s");
  }

  /** A count with its noun, for nouns whose plural is not the singular plus s. */
  public static String count(long n, String singular, String plural) {
    return n + " " + (n == 1 ? singular : plural);
  }

  /**
   * The sentence for a size that was rounded up to whole blocks, e.g. {@code --size 1000000000 B
   * (1.0 GB) is rounded up to 1000001536 B (1.0 GB), a whole number of 4 KiB blocks, as direct I/O
   * needs}.
   *
   * @param option the option that gave the size, e.g. {@code --size}
   * @param why what needs whole blocks, e.g. {@code direct I/O}
   */
  public static String roundedUp(
      String option, long askedBytes, long usedBytes, long blockBytes, String why) {
    return option
        + " "
        + exactBytes(askedBytes)
        + " is rounded up to "
        + exactBytes(usedBytes)
        + ", a whole number of "
        + binaryBytes(blockBytes)
        + " blocks, as "
        + why
        + " needs";
  }

  /** Exact bytes, with the decimal size beside them from 1 kB: {@code 1000001536 B (1.0 GB)}. */
  public static String exactBytes(long bytes) {
    return bytes < 1000 ? bytes + " B" : bytes + " B (" + decimalBytes(bytes) + ")";
  }
}
