package dev.sustain.expect;

import dev.sustain.expect.ExpectationCheck.Point;
import dev.sustain.expect.ExpectationCheck.PointCheck;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A checked prediction as {@code --json} and expectation.json give it, in the style of every other
 * document (analysis.json's): snake_case names that carry their unit ({@code burst_MBps}, {@code
 * cache_bytes}, {@code total_s}), lowercase words ({@code "wrong"}, {@code "not_measured"}) and
 * figures rounded for reading (MB/s to 0.1, seconds to 0.001, bytes whole).
 */
public final class ExpectationJson {

  private ExpectationJson() {}

  /** The document: the prediction, the tolerance, one entry per point and the summary. */
  public static Map<String, Object> of(ExpectationCheck check) {
    Expectation e = check.expectation();
    Map<String, Object> prediction = new LinkedHashMap<>();
    prediction.put("text", e.text());
    prediction.put("burst_MBps", round(e.burstMBps(), 1));
    prediction.put("cliff", word(e.cliff()));
    prediction.put("cache_bytes", e.cacheBytes());
    prediction.put("floor_MBps", round(e.floorMBps(), 1));
    prediction.put("total_s", round(e.totalSeconds(), 3));
    List<Map<String, Object>> points = new ArrayList<>();
    for (PointCheck p : check.points()) {
      Map<String, Object> point = new LinkedHashMap<>();
      point.put("point", word(p.point()));
      point.put("verdict", word(p.verdict()));
      String unit = unit(p.point());
      point.put("expected_" + unit, figure(p.point(), p.expected()));
      point.put("measured_" + unit, figure(p.point(), p.measured()));
      point.put("sentence", p.sentence());
      points.add(point);
    }
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("prediction", prediction);
    doc.put("tolerance_percent", round(check.tolerance().fraction() * 100, 1));
    doc.put("points", points);
    doc.put("checked", check.checked());
    doc.put("confirmed", check.confirmed());
    doc.put("summary", check.summary());
    return doc;
  }

  /** The unit a point's figures are in, as the names end. */
  static String unit(Point p) {
    return switch (p) {
      case BURST, FLOOR -> "MBps";
      case CACHE -> "bytes";
      case TOTAL_TIME -> "s";
    };
  }

  private static Object figure(Point p, Double value) {
    if (value == null) {
      return null;
    }
    return switch (p) {
      case BURST, FLOOR -> round(value, 1);
      case CACHE -> Math.round(value);
      case TOTAL_TIME -> round(value, 3);
    };
  }

  private static String word(Enum<?> e) {
    return e == null ? null : e.name().toLowerCase(Locale.ROOT);
  }

  private static Double round(Double v, int decimals) {
    if (v == null || !Double.isFinite(v)) {
      return v;
    }
    return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP).doubleValue();
  }
}
