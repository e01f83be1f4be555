package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A detector is one place: what it reads from a curve, the numbers it decides by, and how what it
 * found is said and written. Adding one touches the detector, the rule list that calls it ({@link
 * Analyzer}, {@link Detectors}; its finding is kept in {@link Findings} by its type) and its tests
 * (see "A detector is one place" in docs/ARCHITECTURE.md for what else a new shape touches); the
 * report package words and writes every detector through this interface, without knowing its
 * figures.
 *
 * <p>The words are templates in the report's placeholders ({@code {rate}}, {@code {time}}, {@code
 * {gb}}, {@code {pct}}, {@code {.0}}, {@code {}}) with the figures that fill them ({@link Words}):
 * the analysis stays pure (no formatting of its own) and every number in a sentence is read from
 * its finding, its limits or the analysis's figures, never written twice. Pure and thread-safe.
 *
 * @param <F> its finding: a record of figures, null where it found nothing
 * @param <L> its limits: a record whose components are the numbers it decides by, each with its
 *     reason in the record's javadoc; a test varies one by making the detector with other limits
 */
public interface Detector<F extends Record, L extends Record> {

  /** The numbers it decides by. */
  L limits();

  /** What it finds in {@code r}, or null. */
  F find(Reading r);

  /** Its finding among {@code f}, or null when it found nothing. */
  F in(Findings f);

  /** The headline of the shape it names, or null when it names none. */
  default Words headline(F found, Analysis a) {
    return null;
  }

  /** Its evidence sentences, when it found something. */
  default List<Words> evidence(F found, Analysis a) {
    return List.of();
  }

  /** Its advice sentences, when it found something. */
  default List<Words> advice(F found, Analysis a) {
    return List.of();
  }

  /**
   * Its line among the text's figures (the words after the line's label), or null for none: the
   * start-up's wait, the stalls' time.
   */
  default Words figureLine(F found, Analysis a) {
    return null;
  }

  /** Its fields in analysis.json, found or not ({@code found} null): a field never goes missing. */
  default void json(F found, JsonFields out) {}

  /**
   * A sentence to be put into words: a template in the report's placeholders and the figures that
   * fill them, in order.
   *
   * @param template the sentence with its placeholders
   * @param figures one per placeholder
   */
  record Words(String template, List<Object> figures) {

    /** A copy that keeps a null figure: the report words it as it always did. */
    public Words {
      figures = Collections.unmodifiableList(new ArrayList<>(figures));
    }

    /** The sentence {@code template} with {@code figures}. */
    public static Words of(String template, Object... figures) {
      return new Words(template, Arrays.asList(figures));
    }
  }

  /** Where a detector writes its fields: the report package's JSON object. */
  interface JsonFields {

    /** Writes {@code name}: {@code value}. */
    void put(String name, boolean value);

    /**
     * Writes {@code name}: {@code value} rounded half-up to {@code decimals}, as analysis.json
     * writes every figure.
     */
    void put(String name, double value, int decimals);
  }
}
