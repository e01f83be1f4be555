package dev.sustain.pattern;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/** Parsing of {@code --pattern} and the ids written into verifiable blocks. */
public final class Patterns {

  private static final String CHOICES = "random, pool, zeros or compress:N with N from 1 to 100";

  private Patterns() {}

  /**
   * Parses {@code random}, {@code zeros} or {@code compress:N} (N% of every block compressible, 1
   * to 100; {@code compress:0} is the same as {@code random}).
   *
   * @throws IllegalArgumentException with one line fit for a user
   */
  public static PatternSpec parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("a pattern is required: " + CHOICES);
    }
    String t = text.strip().toLowerCase(Locale.ROOT);
    switch (t) {
      case "random":
        return PatternSpec.RANDOM;
      case "zeros":
      case "zero":
        return PatternSpec.ZEROS;
      case "pool":
        return PatternSpec.POOL;
      default:
        break;
    }
    if (t.startsWith("compress:")) {
      String n = t.substring("compress:".length()).strip();
      if (n.endsWith("%")) {
        n = n.substring(0, n.length() - 1);
      }
      if (!n.matches("[0-9]{1,3}")) {
        throw new IllegalArgumentException(
            "not a compress percentage: '" + text + "' (give compress:N with N from 1 to 100)");
      }
      int percent = Integer.parseInt(n);
      if (percent > 100) {
        throw new IllegalArgumentException(
            "compress percentage must be at most 100: '" + text + "'");
      }
      return percent == 0
          ? PatternSpec.RANDOM
          : new PatternSpec(PatternSpec.Kind.COMPRESS, percent);
    }
    throw new IllegalArgumentException("unknown pattern '" + text + "' (choose " + CHOICES + ")");
  }

  /**
   * The 64-bit id written into every block of a run, derived from the run's id (the first 8 bytes
   * of its SHA-256), so two runs never share one by accident and the id can be recomputed.
   */
  public static long idFor(String runId) {
    try {
      byte[] d =
          MessageDigest.getInstance("SHA-256").digest(runId.getBytes(StandardCharsets.UTF_8));
      long id = 0;
      for (int i = 0; i < 8; i++) {
        id = (id << 8) | (d[i] & 0xff);
      }
      return id;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  /** The id as run.json keeps it: 16 lower-case hex digits. */
  public static String idToHex(long patternId) {
    return HexFormat.of().toHexDigits(patternId);
  }

  /**
   * Parses an id kept in run.json.
   *
   * @throws IllegalArgumentException when it is not 16 hex digits
   */
  public static long idFromHex(String hex) {
    if (hex == null || !hex.matches("[0-9a-fA-F]{16}")) {
      throw new IllegalArgumentException("not a pattern id (16 hex digits): '" + hex + "'");
    }
    return HexFormat.fromHexDigitsToLong(hex);
  }
}
