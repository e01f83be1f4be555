package dev.sustain.document;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The {@code passes.json} of {@code write --repeat} as records (docs/FORMATS.md): what the repeat
 * was asked and one entry per pass as it ended, written and read only by {@link PassesCodec}.
 *
 * @param version the format's version ({@link RunDocumentCodec#VERSION} or older)
 * @param repeat the passes asked
 * @param cooldownSeconds the first pause between passes
 * @param cooldownsSeconds the pause before each pass after the first
 * @param passes the passes that ran, in order
 */
public record PassesDocument(
    int version,
    int repeat,
    double cooldownSeconds,
    List<Double> cooldownsSeconds,
    List<Pass> passes) {

  public PassesDocument {
    cooldownsSeconds = List.copyOf(cooldownsSeconds);
    passes = List.copyOf(passes);
  }

  /**
   * One pass as it ended.
   *
   * @param cooldownSeconds the pause before it, empty for the first pass
   * @param idleSeconds the time since the pass before it ended, empty when not known
   * @param runFolder the pass's own run folder
   * @param status complete, interrupted or failed
   * @param cause why this pass's cache or floor differs from the first's ({@code heat}, {@code
   *     not-recovered}, {@code different-job}...), as the comparison at the repeat's end added it;
   *     empty before then, for the first pass, and when nothing changed
   */
  public record Pass(
      int pass,
      OptionalDouble cooldownSeconds,
      OptionalDouble idleSeconds,
      String runFolder,
      long bytes,
      double seconds,
      double averageMBps,
      String status,
      Optional<String> cause) {}
}
