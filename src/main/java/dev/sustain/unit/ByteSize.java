package dev.sustain.unit;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An exact number of bytes. Decimal units are powers of ten (1 MB = 10^6 B, 1 GB = 10^9 B), binary
 * units powers of two (1 MiB = 2^20 B, 1 GiB = 2^30 B); the two are never mixed and a string that
 * is not understood is an error, never a guess. Immutable and thread-safe.
 *
 * @param bytes the size in bytes, never negative
 */
public record ByteSize(long bytes) implements Comparable<ByteSize> {

  public static final long KB = 1_000L;
  public static final long MB = 1_000_000L;
  public static final long GB = 1_000_000_000L;
  public static final long TB = 1_000_000_000_000L;
  public static final long KIB = 1L << 10;
  public static final long MIB = 1L << 20;
  public static final long GIB = 1L << 30;
  public static final long TIB = 1L << 40;

  private static final Pattern SIZE =
      Pattern.compile("^\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([a-zA-Z]*)\\s*$");

  public ByteSize {
    if (bytes < 0) {
      throw new IllegalArgumentException("a size cannot be negative: " + bytes);
    }
  }

  public static ByteSize ofBytes(long bytes) {
    return new ByteSize(bytes);
  }

  /**
   * Parses a size such as {@code 300GiB}, {@code 500GB}, {@code 4096} or {@code 1.5TB}. A bare
   * number is bytes. {@code k}, {@code m}, {@code g}, {@code t} alone are refused here because they
   * are ambiguous; use {@link #parseBlockSize} for block sizes, where {@code 4k} means 4 KiB.
   *
   * @throws IllegalArgumentException with a message fit for a user when the text is not a size
   */
  public static ByteSize parse(String text) {
    return parse(text, false);
  }

  /**
   * Parses a request (block) size: like {@link #parse} but a single-letter suffix ({@code 4k},
   * {@code 1m}) is binary, as in fio and dd, because block sizes are always powers of two.
   */
  public static ByteSize parseBlockSize(String text) {
    return parse(text, true);
  }

  private static ByteSize parse(String text, boolean blockSize) {
    if (text == null) {
      throw new IllegalArgumentException("a size is required");
    }
    Matcher m = SIZE.matcher(text);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "not a size: '" + text + "' (examples: 300GiB, 500GB, 1MiB, 4096)");
    }
    String unit = m.group(2);
    long multiplier = multiplier(unit, blockSize);
    if (multiplier < 0 && unit.length() == 1 && "kmgtKMGT".contains(unit)) {
      // 1G could be 2^30 or 10^9 bytes: the difference (7%) is what Sustain exists to tell apart.
      String n = m.group(1);
      String u = unit.toUpperCase(Locale.ROOT);
      String binary = n + (u.equals("K") ? "KiB" : u + "iB");
      String decimal = n + (u.equals("K") ? "kB" : u + "B");
      throw new IllegalArgumentException(
          "'"
              + text.strip()
              + "' is ambiguous: write "
              + binary
              + " ("
              + n
              + " x 2^"
              + (10 * ("KMGT".indexOf(u) + 1))
              + " bytes) or "
              + decimal
              + " ("
              + n
              + " x 10^"
              + (3 * ("KMGT".indexOf(u) + 1))
              + " bytes)");
    }
    if (multiplier < 0) {
      throw new IllegalArgumentException(
          "unknown size unit '"
              + unit
              + "' in '"
              + text
              + "' (use B, kB, MB, GB, TB for powers of 10 or KiB, MiB, GiB, TiB for powers of 2)");
    }
    BigDecimal value;
    try {
      value = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(multiplier));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a size: '" + text + "'");
    }
    // A fraction of a byte is not a size; sizes like 1.5GB are exact in bytes.
    if (value.stripTrailingZeros().scale() > 0) {
      throw new IllegalArgumentException("'" + text + "' is not a whole number of bytes");
    }
    if (value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new IllegalArgumentException("size too large: '" + text + "'");
    }
    return new ByteSize(value.setScale(0, RoundingMode.UNNECESSARY).longValueExact());
  }

  private static long multiplier(String unit, boolean blockSize) {
    if (blockSize && unit.length() == 1) {
      switch (unit.toLowerCase(Locale.ROOT)) {
        case "k":
          return KIB;
        case "m":
          return MIB;
        case "g":
          return GIB;
        default:
          break;
      }
    }
    return switch (unit) {
      case "", "B", "b" -> 1;
      case "kB", "KB", "kb" -> KB;
      case "MB", "mb" -> MB;
      case "GB", "gb" -> GB;
      case "TB", "tb" -> TB;
      case "KiB", "kiB", "KIB", "kib" -> KIB;
      case "MiB", "MIB", "mib" -> MIB;
      case "GiB", "GIB", "gib" -> GIB;
      case "TiB", "TIB", "tib" -> TIB;
      default -> -1;
    };
  }

  /** This size rounded up to a multiple of {@code alignmentBytes} (at most one block more). */
  public ByteSize roundUpTo(long alignmentBytes) {
    if (alignmentBytes <= 1) {
      return this;
    }
    long rem = bytes % alignmentBytes;
    if (rem == 0) {
      return this;
    }
    if (bytes > Long.MAX_VALUE - (alignmentBytes - rem)) {
      // A size the user gave (--size 9223372036854775000) near the top of a long: bad input.
      throw new UsageException(
          "size too large: "
              + bytes
              + " bytes cannot be rounded up to a multiple of "
              + alignmentBytes);
    }
    return new ByteSize(bytes + (alignmentBytes - rem));
  }

  public double gigabytes() {
    return bytes / (double) GB;
  }

  public double gibibytes() {
    return bytes / (double) GIB;
  }

  /** Decimal form for people, e.g. {@code 322.1 GB}; always with a dot as decimal separator. */
  public String toDecimalString() {
    return Units.decimalBytes(bytes);
  }

  /** Binary form for people, e.g. {@code 300 GiB}. */
  public String toBinaryString() {
    return Units.binaryBytes(bytes);
  }

  @Override
  public int compareTo(ByteSize other) {
    return Long.compare(bytes, other.bytes);
  }

  @Override
  public String toString() {
    return Units.binaryBytes(bytes);
  }
}
