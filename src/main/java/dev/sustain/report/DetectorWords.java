package dev.sustain.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Detector;
import java.util.List;

/**
 * A {@link Detector}'s words and fields, as the report writes every detector's: its templates
 * filled by {@link Phrase}, its fields put into the analysis.json object. Knows no detector's
 * figures. Stateless.
 */
final class DetectorWords {

  private DetectorWords() {}

  /** The sentence {@code w} in words. */
  static String of(Detector.Words w) {
    return Phrase.of(w.template(), w.figures().toArray());
  }

  /** The headline of the shape {@code d} names in {@code a}. */
  static <F extends Record> String headline(Detector<F, ?> d, Analysis a) {
    return of(d.headline(d.in(a.findings()), a));
  }

  /** Adds {@code d}'s evidence to {@code out}, when it found something in {@code a}. */
  static <F extends Record> void evidence(Detector<F, ?> d, Analysis a, List<String> out) {
    F found = d.in(a.findings());
    if (found != null) {
      d.evidence(found, a).forEach(w -> out.add(of(w)));
    }
  }

  /** Adds {@code d}'s advice to {@code out}, when it found something in {@code a}. */
  static <F extends Record> void advice(Detector<F, ?> d, Analysis a, List<String> out) {
    F found = d.in(a.findings());
    if (found != null) {
      d.advice(found, a).forEach(w -> out.add(of(w)));
    }
  }

  /** {@code d}'s line among the text's figures in words, or null when it has none in {@code a}. */
  static <F extends Record> String figureLine(Detector<F, ?> d, Analysis a) {
    F found = d.in(a.findings());
    Detector.Words w = found == null ? null : d.figureLine(found, a);
    return w == null ? null : of(w);
  }

  /** Puts {@code d}'s fields into {@code o}, found or not. */
  static <F extends Record> void json(Detector<F, ?> d, Analysis a, ObjectNode o) {
    d.json(
        d.in(a.findings()),
        new Detector.JsonFields() {
          @Override
          public void put(String name, boolean value) {
            o.put(name, value);
          }

          @Override
          public void put(String name, double value, int decimals) {
            o.put(name, AnalysisJson.r(value, decimals));
          }
        });
  }
}
