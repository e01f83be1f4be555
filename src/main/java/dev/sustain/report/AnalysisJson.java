package dev.sustain.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Detector;
import dev.sustain.analysis.Detectors;
import dev.sustain.analysis.Segment;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * The analysis.json of docs/FORMATS.md, as {@code analyze --json} prints it and {@code
 * analysis.json} holds it: snake_case names ({@code burst_MBps}, {@code cache_GB}, ...), null where
 * a figure does not apply, numbers rounded for reading (MB/s and °C to 0.1, GB to 0.001, seconds to
 * 0.001). The evidence and the advice are {@link Explanation}'s. Beyond the contract it adds {@code
 * floor_may_be_lower}, {@code plateaus} (the levels; each span's {@code mean_MBps} is its GB over
 * its time, {@code level_MBps} its level without transition intervals), {@code startup_s} (the
 * start-up ramp), {@code link_capped}, {@code cpu_bound}, {@code noise_MBps}, {@code duration_s},
 * {@code total_GB} and {@code media}. Stateless and thread-safe.
 */
public final class AnalysisJson {

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private AnalysisJson() {}

  /** The JSON object of {@code a}. */
  public static ObjectNode toNode(Analysis a) {
    return toNode(a, RunContext.NONE);
  }

  /**
   * The JSON object of {@code a} with its evidence and advice in the run's context {@code c}, and
   * {@code target}: {@code memory}, {@code loop-file} or {@code host-cached} for a target that is
   * no drive (its figures are then not a drive's), absent for a drive.
   */
  public static ObjectNode toNode(Analysis a, RunContext c) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("shape", a.shape().word());
    o.put("burst_MBps", r(a.burstMBps(), 1));
    putNullable(o, "cache_GB", a.cacheGB(), 3);
    putNullable(o, "cliff_s", a.cliffSeconds(), 3);
    putNullable(o, "cache_GB_min", a.cacheGBMin(), 3);
    o.set("stages", segments(a.stages()));
    o.put("flush_s", r(a.flushSeconds(), 3));
    putNullable(o, "floor_MBps", a.floorMBps(), 1);
    o.put("floor_may_be_lower", a.floorMayBeLower());
    putNullable(o, "after_cache_MBps", a.afterCacheMBps(), 1);
    o.put("average_MBps", r(a.averageMBps(), 1));
    o.put("min_MBps", r(a.minMBps(), 1));
    o.put("median_MBps", r(a.medianMBps(), 1));
    o.put("max_MBps", r(a.maxMBps(), 1));
    o.put("stdev_MBps", r(a.stdevMBps(), 1));
    DetectorWords.json(Detectors.STALLS, a, o);
    o.put("recovered", a.recovered());
    putNullable(o, "throttle_temp_C", a.throttleTempC(), 1);
    o.set("segments", segments(a.segments()));
    o.set("plateaus", segments(a.plateaus()));
    ArrayNode evidence = o.putArray("evidence");
    Explanation.evidence(a, c).forEach(evidence::add);
    ArrayNode advice = o.putArray("advice");
    Explanation.advice(a, c).forEach(advice::add);
    if (c.notADrive()) {
      o.put("target", c.target().word());
      o.put("target_words", c.targetWords());
    }
    if (a.projection() != null) {
      ObjectNode p = o.putObject("projection");
      p.put("GB", r(a.projection().gigabytes(), 3));
      if (Double.isFinite(a.projection().seconds())) {
        p.put("seconds", r(a.projection().seconds(), 1));
      } else {
        p.putNull("seconds");
      }
      p.put("assumes_rate_holds", a.projection().assumesRateHolds());
    }
    DetectorWords.json(Detectors.RAMP, a, o);
    for (Detector<?, ?> d : Detectors.HOST) {
      DetectorWords.json(d, a, o);
    }
    o.put("noise_MBps", r(a.noiseMBps(), 2));
    o.put("duration_s", r(a.durationSeconds(), 3));
    o.put("total_GB", r(a.totalGB(), 3));
    o.put("media", a.media().name().toLowerCase(java.util.Locale.ROOT));
    return o;
  }

  /** Pretty-printed JSON text of {@code a}, ending without a newline. */
  public static String toJson(Analysis a) {
    return toJson(a, RunContext.NONE);
  }

  /** Pretty-printed JSON text of {@code a} in the run's context, ending without a newline. */
  public static String toJson(Analysis a, RunContext c) {
    try {
      return MAPPER.writeValueAsString(toNode(a, c));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot happen: a tree of plain values", e);
    }
  }

  private static ArrayNode segments(List<Segment> list) {
    ArrayNode arr = JsonNodeFactory.instance.arrayNode();
    for (Segment s : list) {
      ObjectNode n = arr.addObject();
      n.put("start_s", r(s.startSeconds(), 3));
      n.put("end_s", r(s.endSeconds(), 3));
      // The mean is the span's bytes over its time, so that mean x (end - start) is its GB; the
      // level (what burst, floor and stages read) leaves out its transition intervals.
      n.put("mean_MBps", r(s.averageMBps(), 1));
      n.put("level_MBps", r(s.meanMBps(), 1));
      n.put("GB", r(s.gigabytes(), 3));
    }
    return arr;
  }

  private static void putNullable(ObjectNode o, String name, Double v, int decimals) {
    if (v == null || !Double.isFinite(v)) {
      o.putNull(name);
    } else {
      o.put(name, r(v, decimals));
    }
  }

  /** Rounded half-up to {@code decimals} as a decimal, so JSON shows 127.1 and not 127.09999. */
  static BigDecimal r(double v, int decimals) {
    if (!Double.isFinite(v)) {
      return BigDecimal.ZERO;
    }
    BigDecimal d =
        BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros();
    return d.scale() < 0 ? d.setScale(0) : d;
  }
}
