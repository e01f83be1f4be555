package dev.sustain.cli;

import dev.sustain.unit.Units;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * How the commands print their summaries for people: a line from a template (always {@link
 * Locale#ROOT}, so a decimal point never turns into a comma), an amount in both byte units, and
 * findings kept as phrases turned into sentences. One place, so every summary words these alike.
 */
final class Lines {

  private Lines() {}

  /** Prints {@code template} filled with {@code args} as one line, locale-proof. */
  static void println(PrintWriter out, String template, Object... args) {
    out.println(String.format(Locale.ROOT, template, args));
  }

  /** An amount for people in both units, decimal first: {@code 20.0 MB (19.1 MiB)}. */
  static String bothUnits(long bytes) {
    return Units.decimalBytes(bytes) + " (" + Units.binaryBytes(bytes) + ")";
  }

  /**
   * Prints each phrase as a sentence of its own: capital first, full stop last. The workloads keep
   * their findings as phrases (lower case, no stop), as JSON carries them.
   */
  static void sentences(PrintWriter out, List<String> phrases) {
    for (String s : phrases) {
      out.println(Character.toUpperCase(s.charAt(0)) + s.substring(1) + ".");
    }
  }
}
