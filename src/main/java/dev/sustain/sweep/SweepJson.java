package dev.sustain.sweep;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.run.RunHeader;

/**
 * The sweep as JSON: {@code {"points":[{"bs":..,"qd":..,"write_MBps":..,"write_s":..,
 * "write_spread_MBps":..,"read_MBps":..,...}], "write":{verdict}, "read":{verdict},
 * "verdict":"..."}}. Rates in MB/s (10^6 B/s), 3 decimals; a point's time ({@code _s}) from its
 * first request to the end of its flush; its spread the standard deviation of its 100 ms
 * sub-interval rates; null where not measured.
 */
public final class SweepJson {

  private SweepJson() {}

  /** What {@code sweep --json} prints. */
  public static ObjectNode document(SweepRun.Result r) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("command", "sweep");
    root.put("run_folder", r.runFolder().toString());
    root.put("size_per_point_bytes", r.sizePerPointBytes());
    root.put("min_time_per_point_s", RunHeader.round(r.minPointNanos() / 1e9));
    // A preallocated file is written once, untimed, before the first point (SweepRun).
    root.put("untimed_first_pass", r.layout() != null && r.layout().preallocated());
    root.put("status", r.complete() ? "complete" : r.interrupted() ? "interrupted" : "failed");
    RunHeader.putText(root, "error", r.error());
    ArrayNode points = root.putArray("points");
    for (SweepPoint p : r.points()) {
      ObjectNode o = points.addObject();
      o.put("bs", p.blockBytes());
      o.put("qd", p.queueDepth());
      rate(o, "write", p.write());
      rate(o, "read", p.read());
    }
    verdict(root, "write", r.writeVerdict());
    verdict(root, "read", r.readVerdict());
    if (r.writeVerdict() == null) {
      root.putNull("verdict");
    } else {
      String words = r.writeVerdict().sentence();
      if (r.readVerdict() != null) {
        words += " " + r.readVerdict().sentence();
      }
      root.put("verdict", words);
    }
    return root;
  }

  /** The sweep's run.json: the usual header, its params, and the document as result. */
  static ObjectNode runJson(SweepRun.Result r, SweepRun.Params p) {
    ObjectNode root = RunHeader.begin("sweep", r.runId());
    ObjectNode target = root.putObject("target");
    target.put("path", p.target());
    target.put("kind", "file");
    target.put("test_file", r.testFile().toString());
    ObjectNode params = root.putObject("params");
    ArrayNode bs = params.putArray("bs_bytes");
    p.blockSizes().forEach(bs::add);
    ArrayNode qd = params.putArray("qd");
    p.queueDepths().forEach(qd::add);
    params.put("size_per_point_bytes", r.sizePerPointBytes());
    params.put("min_time_per_point_s", RunHeader.round(p.minPointNanos() / 1e9));
    params.put("read", p.read());
    params.put("direct", true);
    params.put("engine", p.engine());
    params.put("pattern", p.pattern().name());
    ObjectNode result = document(r);
    result.remove("command");
    result.remove("run_folder");
    root.set("result", result);
    return root;
  }

  private static void verdict(ObjectNode root, String name, SweepVerdict v) {
    if (v == null) {
      root.putNull(name);
      return;
    }
    ObjectNode o = root.putObject(name);
    ObjectNode best = o.putObject("best");
    best.put("bs", v.best().blockBytes());
    best.put("qd", v.best().queueDepth());
    number(best, "MBps", v.best().rate(v.direction()));
    o.put("needed_bs", v.neededBlockBytes());
    o.put("needed_qd", v.neededQueueDepth());
    if (v.smallerBlockBytes() < 0) {
      o.putNull("smaller_bs");
      o.putNull("smaller_fraction");
    } else {
      o.put("smaller_bs", v.smallerBlockBytes());
      number(o, "smaller_fraction", v.smallerFraction());
    }
    o.put("within_noise", v.withinNoise());
    o.put("sentence", v.sentence());
  }

  private static void rate(ObjectNode o, String direction, SweepPoint.Rate rate) {
    number(o, direction + "_MBps", rate.mbps());
    number(o, direction + "_s", rate.seconds());
    number(o, direction + "_spread_MBps", rate.spreadMBps());
  }

  private static void number(ObjectNode o, String name, double v) {
    if (Double.isFinite(v)) {
      o.put(name, RunHeader.round(v));
    } else {
      o.putNull(name);
    }
  }
}
