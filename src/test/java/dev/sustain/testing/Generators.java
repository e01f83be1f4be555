package dev.sustain.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Random values for randomized tests, drawn from a seeded {@code SplittableRandom}. Ranges are
 * inclusive at both ends and their ends come up often on purpose: edges are where parsers and
 * arithmetic break.
 */
public final class Generators {

  private Generators() {}

  /** How often a bounded value is exactly one of its bounds, and a string is empty. */
  private static final double EDGE_CHANCE = 0.05;

  /** Characters that parsers of sizes, durations, CSV and /proc text care about. */
  private static final String SYNTAX =
      "0123456789.,-+eE:;/\\\"'#%_ kKmMgGtTiBbsShHdDxXnNaA()[]{}=@";

  /** Whitespace and controls, including the kinds that are not ASCII. */
  private static final String SPACES = " \t\n\r\0\u000b\f\u00a0\u2009\u2028\u3000\ufeff";

  /** Digits that are not ASCII: Arabic-Indic, Devanagari, fullwidth, superscript. */
  private static final String FOREIGN_DIGITS = "\u0663\u096a\uff15\u00b2\u2153\u00bd";

  /**
   * Which end of its range a bounded value is, if either: each end half of {@link #EDGE_CHANCE}.
   */
  private enum Edge {
    MIN,
    MAX,
    INSIDE;

    static Edge draw(SplittableRandom r) {
      double edge = r.nextDouble();
      return edge < EDGE_CHANCE / 2 ? MIN : edge < EDGE_CHANCE ? MAX : INSIDE;
    }
  }

  public static int intBetween(SplittableRandom r, int min, int max) {
    return switch (Edge.draw(r)) {
      case MIN -> min;
      case MAX -> max;
      case INSIDE -> (int) r.nextLong(min, (long) max + 1);
    };
  }

  public static long longBetween(SplittableRandom r, long min, long max) {
    Edge edge = Edge.draw(r);
    if (edge == Edge.MIN || min == max) {
      return min;
    }
    if (edge == Edge.MAX) {
      return max;
    }
    return max == Long.MAX_VALUE ? r.nextLong(min, max) : r.nextLong(min, max + 1);
  }

  public static double doubleBetween(SplittableRandom r, double min, double max) {
    return switch (Edge.draw(r)) {
      case MIN -> min;
      case MAX -> max;
      case INSIDE -> r.nextDouble(min, max);
    };
  }

  /** Any long, the extremes and small values included. */
  public static long anyLong(SplittableRandom r) {
    return switch (r.nextInt(6)) {
      case 0 -> pick(r, 0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE);
      case 1 -> r.nextLong(-1000, 1000);
      default -> r.nextLong();
    };
  }

  /** Any double, the special values included. */
  public static double anyDouble(SplittableRandom r) {
    return switch (r.nextInt(6)) {
      case 0 ->
          pick(
              r,
              0.0,
              -0.0,
              Double.NaN,
              Double.POSITIVE_INFINITY,
              Double.NEGATIVE_INFINITY,
              Double.MIN_VALUE,
              Double.MAX_VALUE,
              -Double.MAX_VALUE);
      case 1 -> Double.longBitsToDouble(r.nextLong());
      default -> r.nextDouble(-1e6, 1e6);
    };
  }

  public static boolean anyBoolean(SplittableRandom r) {
    return r.nextBoolean();
  }

  @SafeVarargs
  public static <T> T pick(SplittableRandom r, T... values) {
    return values[r.nextInt(values.length)];
  }

  /** A list of up to {@code maxSize} elements, empty now and then. */
  public static <T> List<T> listOf(
      SplittableRandom r, int minSize, int maxSize, Function<SplittableRandom, T> element) {
    int size = intBetween(r, minSize, maxSize);
    List<T> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      list.add(element.apply(r));
    }
    return list;
  }

  /** Up to {@code maxLength} random bytes. */
  public static byte[] anyBytes(SplittableRandom r, int maxLength) {
    byte[] bytes = new byte[intBetween(r, 0, maxLength)];
    r.nextBytes(bytes);
    return bytes;
  }

  /**
   * Any string of up to {@code maxLength} chars: mostly short, made of syntax characters, ASCII,
   * whitespace and controls, digits that are not ASCII, any BMP char (lone surrogates included) and
   * characters outside the BMP.
   */
  public static String anyString(SplittableRandom r, int maxLength) {
    // Short strings are where most parser cases are; long ones now and then.
    int length =
        r.nextInt(4) == 0 ? intBetween(r, 0, maxLength) : intBetween(r, 0, Math.min(12, maxLength));
    StringBuilder s = new StringBuilder(length);
    while (s.length() < length) {
      int kind = r.nextInt(20);
      if (kind < 7) {
        s.append(SYNTAX.charAt(r.nextInt(SYNTAX.length())));
      } else if (kind < 11) {
        s.append((char) r.nextInt(0x20, 0x7f));
      } else if (kind < 13) {
        s.append(SPACES.charAt(r.nextInt(SPACES.length())));
      } else if (kind < 14) {
        s.append(FOREIGN_DIGITS.charAt(r.nextInt(FOREIGN_DIGITS.length())));
      } else if (kind < 18) {
        s.append((char) r.nextInt(0x10000));
      } else if (length - s.length() >= 2) {
        s.appendCodePoint(r.nextInt(0x10000, 0x110000));
      }
    }
    return s.toString();
  }

  /** {@link #anyString(SplittableRandom, int)} of up to 255 chars. */
  public static String anyString(SplittableRandom r) {
    return anyString(r, 255);
  }
}
