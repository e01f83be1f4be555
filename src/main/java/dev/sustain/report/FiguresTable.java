package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Segment;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;

/**
 * The figures table of a one-curve HTML page: each figure, its value and what it means, a missing
 * one (a run too short to tell has no floor) said as such. Stateless.
 */
final class FiguresTable {

  private FiguresTable() {}

  /** The table for {@code a}. */
  static String of(Analysis a) {
    StringBuilder t = new StringBuilder("<table class=\"figures\">");
    row(t, "burst", Units.rate(a.burstMBps()), "the rate at the start");
    cache(t, a);
    floor(t, a);
    spread(t, a);
    totals(t, a);
    return t.append("</table>").toString();
  }

  /** The cache: its size, the cliff and the stages, or what this run shows of it. */
  private static void cache(StringBuilder t, Analysis a) {
    if (a.hasCliff()) {
      row(
          t,
          "cache size",
          gigabytes(a.cacheGB()),
          Phrase.of("written at burst speed before the cliff, in {time}", a.cliffSeconds()));
      row(t, "cliff", Durations.format(a.cliffSeconds()), "when the first lasting drop began");
      if (a.stages().size() > 1) {
        StringBuilder st = new StringBuilder();
        for (Segment g : a.stages()) {
          st.append(st.isEmpty() ? "" : ", ").append(Units.rate(g.meanMBps()));
        }
        row(t, "stages", st.toString(), "the lasting levels from the cliff on");
      }
    } else if (a.cacheGBMin() != null) {
      row(
          t,
          "cache size",
          "at least " + gigabytes(a.cacheGBMin()),
          "no lasting drop from the burst in this run");
    } else {
      row(t, "cache size", "no cliff", "no lasting drop from the burst in this run");
    }
  }

  /** Why a run no shape fits has no floor: not its length, the levels it moved between. */
  static final String NO_FLOOR_NO_SHAPE = "no shape fits: no level lasted to call a floor";

  /** Why a run that wrote nothing has no floor. */
  static final String NO_FLOOR_NOTHING_WRITTEN = "nothing written: not one request completed";

  /**
   * Why a run has no floor, in the table's words: it wrote nothing, no shape fits it, or it was too
   * short to tell (null for the last, which each place says in its own words).
   */
  static String noFloorWhy(Analysis a) {
    if (a.findings().nothingWritten()) {
      return NO_FLOOR_NOTHING_WRITTEN;
    }
    return noShapeFits(a) ? NO_FLOOR_NO_SHAPE : null;
  }

  /** Whether no shape is named although the run was long enough to tell one. */
  static boolean noShapeFits(Analysis a) {
    return a.findings().undetermined() != null && !a.findings().tooShort();
  }

  /** The floor, and the mean after the cache. */
  private static void floor(StringBuilder t, Analysis a) {
    if (a.floorMBps() == null) {
      row(
          t,
          "floor",
          "-",
          noFloorWhy(a) != null
              ? noFloorWhy(a)
              : "too short to tell: write longer (--until floor)");
    } else {
      row(
          t,
          "floor",
          Units.rate(a.floorMBps()),
          Phrase.of(
              "the lowest lasting rate: {.0}% of the burst{}",
              100 * a.floorMBps() / Math.max(1e-9, a.burstMBps()),
              a.floorMayBeLower() ? "; it may be lower (the run ended on a lower level)" : ""));
    }
    if (a.afterCacheMBps() != null) {
      row(t, "after the cache", Units.rate(a.afterCacheMBps()), "mean from the cliff to the end");
    }
  }

  /** The average, the spread of the intervals, stalls, flush and throttling. */
  private static void spread(StringBuilder t, Analysis a) {
    row(t, "average", Units.rate(a.averageMBps()), "all bytes over all time");
    row(
        t,
        "min / median / max",
        Phrase.of("{mbps} / {mbps} / {rate}", a.minMBps(), a.medianMBps(), a.maxMBps()),
        Phrase.of("stdev {rate}", a.stdevMBps()));
    row(
        t,
        "stalls",
        Units.plain(a.stallSeconds(), 1) + " s",
        "write intervals in which nothing was written");
    if (a.flushSeconds() > 0) {
      row(
          t,
          "flush",
          Durations.format(a.flushSeconds()),
          "the final fsync putting the last writes on the drive (not stalls)");
    }
    if (a.throttleTempC() != null) {
      row(t, "throttles at", Units.fixed(a.throttleTempC(), 0) + " °C", "drive temperature");
    }
  }

  /** What was written, whether the rate recovered, and the projection. */
  private static void totals(StringBuilder t, Analysis a) {
    row(
        t,
        "written",
        gigabytes(a.totalGB()),
        Phrase.of(
            "in {time}{}",
            AnalysisText.averageSeconds(a),
            a.flushSeconds() > 0 ? ", flush included" : ""));
    // The words say what the value says: "no" beside "the rate climbed back" read as both.
    row(
        t,
        "recovered",
        a.recovered() ? "yes" : "no",
        a.recovered()
            ? "the rate climbed back while writing"
            : "the rate did not climb back while writing");
    if (a.projection() != null) {
      row(
          t,
          "projection",
          Durations.format(a.projection().seconds()),
          Phrase.of(
              "for {} GB{}",
              Units.plain(a.projection().gigabytes(), 1),
              AnalysisText.projectionNote(a)));
    }
  }

  /** One decimal from 1 GB on, as the table always had; below it Phrase's kB or 0.004 GB. */
  private static String gigabytes(double gb) {
    return gb >= 1 ? Phrase.of("{.1} GB", gb) : Phrase.gb(gb);
  }

  private static void row(StringBuilder t, String name, String value, String words) {
    t.append("<tr><th>")
        .append(HtmlReport.esc(name))
        .append("</th><td class=\"num\">")
        .append(HtmlReport.esc(value))
        .append("</td><td>")
        .append(HtmlReport.esc(words))
        .append("</td></tr>");
  }
}
