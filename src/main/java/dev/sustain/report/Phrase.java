package dev.sustain.report;

import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;

/**
 * One way of writing a sentence with figures in it: a template whose placeholders say how each
 * value is written, so that a rate, a size or a time reads the same in every sentence and the
 * sentence reads as a sentence, not as a chain of concatenations. Placeholders, filled in order:
 *
 * <ul>
 *   <li>{@code {}}: text or a whole number as it is (a floating-point value is refused: it must say
 *       how it is written);
 *   <li>{@code {rate}}: MB/s for people ({@link Units#rate}), {@code {mbps}} its number alone;
 *   <li>{@code {time}}: a duration in seconds ({@link Durations#inWords}: "under 0.01s" for one
 *       that would print as 0.00s);
 *   <li>{@code {gb}}: gigabytes for people ({@link #gb});
 *   <li>{@code {pct}}: a fraction in percent, one decimal below 10% ({@link #pct});
 *   <li>{@code {.0}}, {@code {.1}}, {@code {.2}}, {@code {.3}}: a number with that many decimals
 *       ({@link Units#fixed});
 *   <li>{@code {slope}}: a temperature's change in °C a minute, signed ({@link #slope}).
 * </ul>
 *
 * A template holds no other braces. A wrong template (an unknown placeholder, more or fewer values
 * than placeholders) is a programming error and throws. Locale-proof. Stateless and thread-safe.
 */
public final class Phrase {

  private Phrase() {}

  /**
   * The template with its placeholders filled by {@code values}, in order.
   *
   * @throws IllegalArgumentException when the template and the values do not fit each other
   */
  public static String of(String template, Object... values) {
    StringBuilder b = new StringBuilder(template.length() + 12 * values.length);
    int used = 0;
    int i = 0;
    for (int open = template.indexOf('{'); open >= 0; open = template.indexOf('{', i)) {
      int close = template.indexOf('}', open);
      if (close < 0) {
        throw new IllegalArgumentException("an unclosed placeholder in: " + template);
      }
      if (used == values.length) {
        throw new IllegalArgumentException(
            "more placeholders than the " + values.length + " values in: " + template);
      }
      b.append(template, i, open).append(value(template.substring(open + 1, close), values[used]));
      used++;
      i = close + 1;
    }
    if (template.indexOf('}', i) >= 0) {
      throw new IllegalArgumentException("a closing brace without a placeholder in: " + template);
    }
    if (used != values.length) {
      throw new IllegalArgumentException(
          values.length + " values for " + used + " placeholders in: " + template);
    }
    return b.append(template, i, template.length()).toString();
  }

  /**
   * Gigabytes for people: three decimals below 1 GB, one below 100 GB; below 10 MB in MB, kB or B
   * ({@code 4 kB}, not {@code 0.000 GB}; {@code 8.4 MB}, not {@code 0.008 GB}, a figure of one
   * digit); {@code -} for none.
   */
  public static String gb(Double gigabytes) {
    if (gigabytes == null) {
      return "-";
    }
    if (Math.abs(gigabytes) < 0.01) {
      return Units.decimalBytes(Math.round(gigabytes * 1e9));
    }
    return Units.fixed(gigabytes, gigabytes >= 100 ? 0 : gigabytes >= 1 ? 1 : 3) + " GB";
  }

  /** A fraction in percent: {@code 7.5%}, {@code 42%} (one decimal below 10%). */
  public static String pct(double fraction) {
    return Units.fixed(100 * fraction, fraction < 0.1 ? 1 : 0) + "%";
  }

  /**
   * A temperature's change in °C a minute with its sign: {@code +1.2 °C/min}, {@code -0.05 °C/min}
   * (two decimals under one degree a minute, where a creep is told from a stop).
   */
  public static String slope(double perMinute) {
    return (perMinute >= 0 ? "+" : "")
        + Units.fixed(perMinute, Math.abs(perMinute) >= 1 ? 1 : 2)
        + " °C/min";
  }

  private static String value(String kind, Object v) {
    return switch (kind) {
      case "" -> text(v);
      case "gb" -> gb(v == null ? null : number(kind, v));
      case "rate" -> Units.rate(number(kind, v));
      case "mbps" -> Units.mbps(number(kind, v));
      case "time" -> Durations.inWords(number(kind, v));
      case "pct" -> pct(number(kind, v));
      case "slope" -> slope(number(kind, v));
      case ".0", ".1", ".2", ".3" -> Units.fixed(number(kind, v), kind.charAt(1) - '0');
      default -> throw new IllegalArgumentException("an unknown placeholder {" + kind + "}");
    };
  }

  private static String text(Object v) {
    if (v instanceof Double || v instanceof Float) {
      throw new IllegalArgumentException(
          "a floating-point value " + v + " in {}: say how it is written ({rate}, {.1}, ...)");
    }
    return String.valueOf(v);
  }

  private static double number(String kind, Object v) {
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    throw new IllegalArgumentException("{" + kind + "} takes a number, not " + v);
  }
}
