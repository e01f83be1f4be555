package dev.sustain.expect;

import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.unit.Worded;
import java.util.ArrayList;
import java.util.List;

/**
 * A prediction checked against a run, point by point, each with a verdict in words such as {@code
 * cache: expected 277 GB, measured 280 GB (+1.1%): confirmed}. Immutable, thread-safe.
 *
 * @param expectation what was predicted
 * @param tolerance how far a figure may be off and still confirm it
 * @param points one verdict per point, in the order burst, cache, floor, total time
 */
public record ExpectationCheck(
    Expectation expectation, Tolerance tolerance, List<PointCheck> points) {

  /** The points a prediction is checked on; {@link Point#words()} begins each sentence. */
  public enum Point implements Worded {
    BURST,
    CACHE,
    FLOOR,
    TOTAL_TIME
  }

  /** The outcome for one point; {@link Verdict#words()} ends a sentence that names one. */
  public enum Verdict implements Worded {
    CONFIRMED,
    WRONG,
    /** The prediction said nothing about this point. */
    NOT_STATED,
    /** The run could not show it (e.g. it ended before the predicted cliff). */
    NOT_MEASURED
  }

  /**
   * The verdict on one point.
   *
   * @param point which point
   * @param verdict the outcome
   * @param expected the predicted value (MB/s, bytes or seconds), null when none
   * @param measured the measured value in the same unit, null when none
   * @param sentence the verdict in words
   */
  public record PointCheck(
      Point point, Verdict verdict, Double expected, Double measured, String sentence) {}

  public ExpectationCheck {
    points = List.copyOf(points);
  }

  /** How many points the prediction stated that the run could check. */
  public int checked() {
    return (int)
        points.stream()
            .filter(p -> p.verdict() == Verdict.CONFIRMED || p.verdict() == Verdict.WRONG)
            .count();
  }

  public int confirmed() {
    return (int) points.stream().filter(p -> p.verdict() == Verdict.CONFIRMED).count();
  }

  /** True when every checked point was confirmed (and at least one was checked). */
  public boolean allConfirmed() {
    return checked() > 0 && confirmed() == checked();
  }

  /** E.g. {@code 3 of 4 predictions confirmed}. */
  public String summary() {
    return confirmed() + " of " + Units.count(checked(), "prediction") + " confirmed";
  }

  /** The verdicts, one per line, then the summary. */
  public String toText() {
    StringBuilder s =
        new StringBuilder("prediction: ")
            .append(expectation.text())
            .append(" (each figure confirmed within ")
            .append(tolerance.words())
            .append(")\n");
    for (PointCheck p : points) {
      s.append("  ").append(p.sentence()).append('\n');
    }
    return s.append(summary()).append('\n').toString();
  }

  static ExpectationCheck of(Expectation e, Measured m, Tolerance tol) {
    List<PointCheck> points = new ArrayList<>();
    points.add(rate(Point.BURST, e.burstMBps(), m.burstMBps(), tol.fraction()));
    points.add(cache(e, m, tol));
    points.add(floor(e, m, tol));
    points.add(totalTime(e, m, tol));
    return new ExpectationCheck(e, tol, points);
  }

  private static PointCheck rate(Point p, Double expected, double measured, double tol) {
    if (expected == null) {
      return notStated(p);
    }
    if (!Double.isFinite(measured)) {
      return new PointCheck(
          p,
          Verdict.NOT_MEASURED,
          expected,
          null,
          p.words() + ": expected " + Units.rate(expected) + ", not measured");
    }
    return compare(p, expected, measured, tol, Units.rate(expected), Units.rate(measured), "");
  }

  private static PointCheck cache(Expectation e, Measured m, Tolerance tol) {
    Point p = Point.CACHE;
    if (e.cliff() != Expectation.Cliff.NOT_STATED && m.cacheBytes() == null && m.undetermined()) {
      return tooShortForTheCache(e, m);
    }
    return switch (e.cliff()) {
      case NOT_STATED -> notStated(p);
      case NONE ->
          m.cacheBytes() == null
              ? judged(p, Verdict.CONFIRMED, null, null, "expected no cliff, measured none")
              : judged(
                  p,
                  Verdict.WRONG,
                  null,
                  m.cacheBytes().doubleValue(),
                  "expected no cliff, measured one after " + Units.decimalBytes(m.cacheBytes()));
      case AFTER -> {
        Long expected = e.cacheBytes();
        if (m.cacheBytes() == null) {
          if (expected != null
              && m.bytes() != null
              && m.bytes() < expected * (1 - tol.fraction())) {
            yield judged(
                p,
                Verdict.NOT_MEASURED,
                expected.doubleValue(),
                null,
                "expected a cliff after "
                    + Units.decimalBytes(expected)
                    + ", but the run wrote only "
                    + Units.decimalBytes(m.bytes()));
          }
          yield judged(
              p,
              Verdict.WRONG,
              expected == null ? null : expected.doubleValue(),
              null,
              "expected a cliff"
                  + (expected == null ? "" : " after " + Units.decimalBytes(expected))
                  + ", measured none (the rate held)");
        }
        if (expected == null) {
          yield judged(
              p,
              Verdict.CONFIRMED,
              null,
              m.cacheBytes().doubleValue(),
              "expected a cliff, measured one after " + Units.decimalBytes(m.cacheBytes()));
        }
        yield compare(
            p,
            expected,
            m.cacheBytes(),
            tol.fraction(),
            Units.decimalBytes(expected),
            Units.decimalBytes(m.cacheBytes()),
            "");
      }
    };
  }

  /** No cliff seen in a run too short to tell its shape: neither one nor none was measured. */
  private static PointCheck tooShortForTheCache(Expectation e, Measured m) {
    Long expected = e.cacheBytes();
    return judged(
        Point.CACHE,
        Verdict.NOT_MEASURED,
        expected == null ? null : expected.doubleValue(),
        null,
        (e.cliff() == Expectation.Cliff.NONE
                ? "expected no cliff"
                : "expected a cliff"
                    + (expected == null ? "" : " after " + Units.decimalBytes(expected)))
            + ", but the run was too short to tell its shape"
            + (m.bytes() == null ? "" : " (" + Units.decimalBytes(m.bytes()) + " written)"));
  }

  /**
   * A check whose sentence ends in its verdict, so the words can never say another verdict than the
   * check holds: {@code cache: expected no cliff, measured none: confirmed}.
   */
  private static PointCheck judged(
      Point p, Verdict verdict, Double expected, Double measured, String says) {
    return new PointCheck(
        p, verdict, expected, measured, p.words() + ": " + says + ": " + verdict.words());
  }

  private static PointCheck floor(Expectation e, Measured m, Tolerance tol) {
    if (e.floorMBps() == null) {
      return notStated(Point.FLOOR);
    }
    return rate(Point.FLOOR, e.floorMBps(), m.floorMBps(), tol.fraction());
  }

  private static PointCheck totalTime(Expectation e, Measured m, Tolerance tol) {
    Point p = Point.TOTAL_TIME;
    Double derived = m.bytes() == null ? null : e.secondsFor(m.bytes());
    if (m.totalSeconds() == null) {
      return e.totalSeconds() == null
          ? notStated(p)
          : new PointCheck(
              p,
              Verdict.NOT_MEASURED,
              e.totalSeconds(),
              null,
              p.words() + ": expected " + Durations.format(e.totalSeconds()) + ", not measured");
    }
    if (e.totalSeconds() != null) {
      return statedTime(e, m, tol, derived);
    }
    return derived == null ? notStated(p) : impliedTime(m, tol, derived);
  }

  /** A total time the prediction stated, with a hint when its rates were right and it was not. */
  private static PointCheck statedTime(Expectation e, Measured m, Tolerance tol, Double derived) {
    double measured = m.totalSeconds();
    String hint = "";
    boolean statedWrong = Math.abs(measured / e.totalSeconds() - 1) > tol.fraction();
    if (statedWrong && derived != null && Math.abs(measured / derived - 1) <= tol.fraction()) {
      // The rates were right and the time was not: the size it was worked out for was wrong,
      // typically GB taken for GiB (300 GiB is 322 GB).
      hint =
          " (the predicted rates give "
              + Durations.format(derived)
              + " for the "
              + Units.decimalBytes(m.bytes())
              + " written); the rates were right, so check the size the time was worked out for"
              + " (GB vs GiB)";
    }
    return compare(
        Point.TOTAL_TIME,
        e.totalSeconds(),
        measured,
        tol.fraction(),
        Durations.format(e.totalSeconds()),
        Durations.format(measured),
        hint);
  }

  /** Not stated, but implied by the rates and the size actually written: checked, and said so. */
  private static PointCheck impliedTime(Measured m, Tolerance tol, double derived) {
    Point p = Point.TOTAL_TIME;
    double measured = m.totalSeconds();
    PointCheck c =
        compare(
            p,
            derived,
            measured,
            tol.fraction(),
            Durations.format(derived),
            Durations.format(measured),
            "");
    String sentence =
        p.words()
            + ": the predicted rates give "
            + Durations.format(derived)
            + " for the "
            + Units.decimalBytes(m.bytes())
            + " written, measured "
            + c.sentence().substring(c.sentence().indexOf("measured ") + "measured ".length());
    return new PointCheck(p, c.verdict(), derived, measured, sentence);
  }

  private static PointCheck compare(
      Point p,
      double expected,
      double measured,
      double tol,
      String expectedText,
      String measuredText,
      String hint) {
    double rel = measured / expected - 1;
    Verdict verdict = Math.abs(rel) <= tol + 1e-12 ? Verdict.CONFIRMED : Verdict.WRONG;
    String pct = (rel >= 0 ? "+" : "") + Units.fixed(rel * 100, 1) + "%";
    String sentence =
        p.words()
            + ": expected "
            + expectedText
            + ", measured "
            + measuredText
            + " ("
            + pct
            + "): "
            + verdict.words()
            + hint;
    return new PointCheck(p, verdict, expected, measured, sentence);
  }

  private static PointCheck notStated(Point p) {
    return new PointCheck(p, Verdict.NOT_STATED, null, null, p.words() + ": not predicted");
  }
}
