package dev.sustain.verify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.pattern.Patterns;
import dev.sustain.run.RunHeader;
import dev.sustain.run.RunStatus;

/**
 * The JSON of a read-back, for {@code --json} and run.json's {@code result}: plain numbers, rates
 * in MB/s (10^6 B/s) with 3 decimals, null where a figure does not exist. Field names are a
 * contract: {@code average_MBps}, {@code stdev_MBps}, {@code min_MBps}, {@code median_MBps}, {@code
 * max_MBps}; verify adds {@code checked_bytes}, {@code bad} ({@code offset}, {@code length}, {@code
 * kind}, and {@code actual_offset} for misplaced data), {@code verdict}, {@code extent_from} (where
 * the checked extent comes from) and {@code beyond} (what follows it, sampled; null when nothing
 * does).
 */
public final class ReadBackJson {

  private ReadBackJson() {}

  /** The whole document {@code read --json} and {@code verify --json} print. */
  public static ObjectNode document(ReadBackResult r) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("command", r.command());
    root.put("file", r.source().file().toString());
    if (r.source().fromRun()) {
      root.put("source_run", r.source().runFolder().toString());
    } else {
      root.putNull("source_run");
    }
    root.put("run_folder", r.runFolder().toString());
    fill(root, r);
    return root;
  }

  /** Adds the result's fields to {@code node} (run.json's {@code result} object). */
  public static void fill(ObjectNode node, ReadBackResult r) {
    node.put("status", r.status().word());
    if ("verify".equals(r.command())) {
      node.put("verdict", verdict(r));
    }
    RunHeader.putText(node, "error", r.error());
    node.put("expected_bytes", r.expectedBytes());
    node.put("bytes", r.bytesRead());
    node.put("seconds", RunHeader.round(r.seconds()));
    node.put("average_MBps", RunHeader.round(r.averageMegabytesPerSecond()));
    RateStability s = r.stability();
    node.put("intervals", s.intervals());
    number(node, "mean_MBps", s.meanMBps());
    number(node, "stdev_MBps", s.stdevMBps());
    number(node, "min_MBps", s.minMBps());
    number(node, "median_MBps", s.medianMBps());
    number(node, "max_MBps", s.maxMBps());
    node.put("bs_bytes", r.blockBytes());
    node.put("qd", r.queueDepth());
    if ("verify".equals(r.command())) {
      node.put("pattern", r.patternName());
      node.put("pattern_id", r.patternId() == null ? null : Patterns.idToHex(r.patternId()));
      node.put("checked_bytes", r.checkedBytes());
      node.put("ok_bytes", r.okBytes());
      node.put("extent_from", r.extentFrom());
      RunExtent.Beyond b = r.beyond();
      if (b.lengthBytes() > 0) {
        ObjectNode beyond = node.putObject("beyond");
        beyond.put("offset", b.offsetBytes());
        beyond.put("length", b.lengthBytes());
        beyond.put("sampled_blocks", b.sampledBlocks());
        beyond.put("blank_blocks", b.blankBlocks());
      } else {
        node.putNull("beyond");
      }
    }
    node.put("bad_bytes", r.bad().totalBytes());
    ObjectNode byKind = node.putObject("bad_by_kind");
    for (BadKind k : BadKind.values()) {
      byKind.put(k.word(), r.bad().bytes(k));
    }
    ArrayNode bad = node.putArray("bad");
    for (BadExtent e : r.bad().extents()) {
      ObjectNode o = bad.addObject();
      o.put("offset", e.offsetBytes());
      o.put("length", e.lengthBytes());
      o.put("kind", e.kind().word());
      if (e.kind() == BadKind.MISPLACED) {
        o.put("actual_offset", e.actualOffsetBytes());
      }
    }
    node.put("bad_extents_dropped", r.bad().droppedExtents());
    ArrayNode notes = node.putArray("notes");
    r.notes().forEach(notes::add);
  }

  /**
   * {@code good} (every expected byte read and right), {@code bad} (anything wrong), or {@code
   * incomplete} (nothing wrong found, but the read did not finish).
   */
  public static String verdict(ReadBackResult r) {
    if (!r.bad().isEmpty()) {
      return "bad";
    }
    return r.status() == RunStatus.COMPLETE ? "good" : "incomplete";
  }

  private static void number(ObjectNode node, String name, double value) {
    if (Double.isFinite(value)) {
      node.put(name, RunHeader.round(value));
    } else {
      node.putNull(name);
    }
  }
}
