package dev.sustain.document;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The one writer of a sweep's own keys in run.json (docs/FORMATS.md, "run.json"): its target and
 * params, and its result (the points, the verdicts), which is also the body of {@code sweep
 * --json}. Rates in MB/s (10^6 B/s), 3 decimals; a figure that is not finite was not measured and
 * is written as null. A sweep hands records to it and names no key.
 */
public final class SweepJsonWriter {

  private SweepJsonWriter() {}

  /**
   * What a sweep was asked.
   *
   * @param path the target as given (a folder or a new file)
   * @param testFile the file the points write
   * @param minTimePerPointSeconds the least time a point lasts, 0 for one pass of the size
   * @param read reads measured too
   */
  public record Asked(
      String path,
      String testFile,
      List<Integer> blockSizes,
      List<Integer> queueDepths,
      long sizePerPointBytes,
      double minTimePerPointSeconds,
      boolean read,
      String engine,
      String pattern) {

    public Asked {
      blockSizes = List.copyOf(blockSizes);
      queueDepths = List.copyOf(queueDepths);
    }
  }

  /**
   * One direction of a point; each figure not finite where not measured.
   *
   * @param seconds from the point's first request to the end of its flush
   * @param spreadMBps the standard deviation of its sub-interval rates
   */
  public record Rate(double mbps, double seconds, double spreadMBps) {}

  /** One measured point: its request size and depth, and its rates. */
  public record Point(int blockBytes, int queueDepth, Rate write, Rate read) {}

  /**
   * The verdict of one direction.
   *
   * @param bestMBps the best point's rate
   * @param smallerBlockBytes the next smaller size tested; empty when the needed size is the
   *     smallest
   * @param smallerFraction its share of the best rate (with {@code smallerBlockBytes} only)
   */
  public record Verdict(
      int bestBlockBytes,
      int bestQueueDepth,
      double bestMBps,
      int neededBlockBytes,
      int neededQueueDepth,
      OptionalInt smallerBlockBytes,
      double smallerFraction,
      boolean withinNoise,
      String sentence) {}

  /**
   * What a sweep found: run.json's result and the body of {@code sweep --json}.
   *
   * @param untimedFirstPass a preallocated file was written once, untimed, before the first point
   * @param verdict both directions' sentences, empty without a write verdict
   */
  public record Found(
      long sizePerPointBytes,
      double minTimePerPointSeconds,
      boolean untimedFirstPass,
      String status,
      Optional<String> error,
      List<Point> points,
      Optional<Verdict> write,
      Optional<Verdict> read,
      Optional<String> verdict) {

    public Found {
      points = List.copyOf(points);
    }
  }

  /**
   * Puts the sweep's target ({@code path, kind, test_file}), params and result after the header,
   * then when it started and ended: a sweep writes its run.json once, at its end.
   */
  public static void whole(
      ObjectNode root, Asked asked, Found found, Instant started, Instant ended) {
    ObjectNode target = root.putObject("target");
    target.put("path", asked.path());
    target.put("kind", "file");
    target.put("test_file", asked.testFile());
    ObjectNode params = root.putObject("params");
    ArrayNode bs = params.putArray("bs_bytes");
    asked.blockSizes().forEach(bs::add);
    ArrayNode qd = params.putArray("qd");
    asked.queueDepths().forEach(qd::add);
    params.put("size_per_point_bytes", asked.sizePerPointBytes());
    params.put("min_time_per_point_s", RunJsonWriter.round(asked.minTimePerPointSeconds(), 3));
    params.put("read", asked.read());
    params.put("direct", true);
    params.put("engine", asked.engine());
    params.put("pattern", asked.pattern());
    putFound(root.putObject("result"), found);
    // The history orders runs by their start: every run.json says when it started and ended.
    root.put("started", started.toString());
    root.put("ended", ended.toString());
  }

  /** Puts what the sweep found into {@code node}, from {@code size_per_point_bytes} on. */
  public static void putFound(ObjectNode node, Found found) {
    node.put("size_per_point_bytes", found.sizePerPointBytes());
    node.put("min_time_per_point_s", RunJsonWriter.round(found.minTimePerPointSeconds(), 3));
    node.put("untimed_first_pass", found.untimedFirstPass());
    node.put("status", found.status());
    RunJsonWriter.putText(node, "error", found.error().orElse(null));
    ArrayNode points = node.putArray("points");
    for (Point p : found.points()) {
      ObjectNode o = points.addObject();
      o.put("bs", p.blockBytes());
      o.put("qd", p.queueDepth());
      rate(o, "write", p.write());
      rate(o, "read", p.read());
    }
    verdict(node, "write", found.write());
    verdict(node, "read", found.read());
    RunJsonWriter.putText(node, "verdict", found.verdict().orElse(null));
  }

  private static void verdict(ObjectNode root, String name, Optional<Verdict> verdict) {
    if (verdict.isEmpty()) {
      root.putNull(name);
      return;
    }
    Verdict v = verdict.get();
    ObjectNode o = root.putObject(name);
    ObjectNode best = o.putObject("best");
    best.put("bs", v.bestBlockBytes());
    best.put("qd", v.bestQueueDepth());
    number(best, "MBps", v.bestMBps());
    o.put("needed_bs", v.neededBlockBytes());
    o.put("needed_qd", v.neededQueueDepth());
    if (v.smallerBlockBytes().isEmpty()) {
      o.putNull("smaller_bs");
      o.putNull("smaller_fraction");
    } else {
      o.put("smaller_bs", v.smallerBlockBytes().getAsInt());
      number(o, "smaller_fraction", v.smallerFraction());
    }
    o.put("within_noise", v.withinNoise());
    o.put("sentence", v.sentence());
  }

  private static void rate(ObjectNode o, String direction, Rate rate) {
    number(o, direction + "_MBps", rate.mbps());
    number(o, direction + "_s", rate.seconds());
    number(o, direction + "_spread_MBps", rate.spreadMBps());
  }

  private static void number(ObjectNode o, String name, double v) {
    if (Double.isFinite(v)) {
      o.put(name, RunJsonWriter.round(v, 3));
    } else {
      o.putNull(name);
    }
  }
}
