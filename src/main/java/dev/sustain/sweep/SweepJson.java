package dev.sustain.sweep;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.SweepJsonWriter;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The sweep as JSON: {@code {"points":[{"bs":..,"qd":..,"write_MBps":..,"write_s":..,
 * "write_spread_MBps":..,"read_MBps":..,...}], "write":{verdict}, "read":{verdict},
 * "verdict":"..."}}. Rates in MB/s (10^6 B/s), 3 decimals; a point's time ({@code _s}) from its
 * first request to the end of its flush; its spread the standard deviation of its 100 ms
 * sub-interval rates; null where not measured. The keys are written by {@link SweepJsonWriter},
 * from the records this class makes of a sweep's result.
 */
public final class SweepJson {

  private SweepJson() {}

  /** What {@code sweep --json} prints: the command, its run folder, then what it found. */
  public static ObjectNode document(SweepRun.Result r) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("command", "sweep");
    root.put("run_folder", r.runFolder().toString());
    SweepJsonWriter.putFound(root, found(r));
    return root;
  }

  /** What the sweep found, as run.json's writer takes it. */
  static SweepJsonWriter.Found found(SweepRun.Result r) {
    String words = null;
    if (r.writeVerdict() != null) {
      words = r.writeVerdict().sentence();
      if (r.readVerdict() != null) {
        words += " " + r.readVerdict().sentence();
      }
    }
    return new SweepJsonWriter.Found(
        r.sizePerPointBytes(),
        r.minPointNanos() / 1e9,
        // A preallocated file is written once, untimed, before the first point (SweepRun).
        r.layout() != null && r.layout().preallocated(),
        r.complete() ? "complete" : r.interrupted() ? "interrupted" : "failed",
        Optional.ofNullable(r.error()),
        r.points().stream()
            .map(
                p ->
                    new SweepJsonWriter.Point(
                        p.blockBytes(), p.queueDepth(), rate(p.write()), rate(p.read())))
            .toList(),
        verdict(r.writeVerdict()),
        verdict(r.readVerdict()),
        Optional.ofNullable(words));
  }

  /** What the sweep was asked, as run.json's writer takes it. */
  static SweepJsonWriter.Asked asked(SweepRun.Result r, SweepRun.Params p) {
    return new SweepJsonWriter.Asked(
        p.target(),
        r.testFile().toString(),
        p.blockSizes(),
        p.queueDepths(),
        r.sizePerPointBytes(),
        p.minPointNanos() / 1e9,
        p.read(),
        p.engine(),
        p.pattern().name());
  }

  private static Optional<SweepJsonWriter.Verdict> verdict(SweepVerdict v) {
    if (v == null) {
      return Optional.empty();
    }
    return Optional.of(
        new SweepJsonWriter.Verdict(
            v.best().blockBytes(),
            v.best().queueDepth(),
            v.best().rate(v.direction()),
            v.neededBlockBytes(),
            v.neededQueueDepth(),
            v.smallerBlockBytes() < 0 ? OptionalInt.empty() : OptionalInt.of(v.smallerBlockBytes()),
            v.smallerFraction(),
            v.withinNoise(),
            v.sentence()));
  }

  private static SweepJsonWriter.Rate rate(SweepPoint.Rate rate) {
    return new SweepJsonWriter.Rate(rate.mbps(), rate.seconds(), rate.spreadMBps());
  }
}
