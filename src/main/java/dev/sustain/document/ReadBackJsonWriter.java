package dev.sustain.document;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The one writer of read's and verify's own keys (docs/FORMATS.md, "run.json"): their target, the
 * run they read back and their params, and their result, which is also the body of {@code read
 * --json} and {@code verify --json}. Plain numbers, rates in MB/s (10^6 B/s) with 3 decimals, null
 * where a figure does not exist. A read-back hands records to it and names no key.
 */
public final class ReadBackJsonWriter {

  private ReadBackJsonWriter() {}

  /**
   * What a read-back was asked.
   *
   * @param file the file or device read
   * @param device true for a raw block device
   * @param sourceRun the run folder and run id of the write it reads back, empty for a plain file
   * @param pattern verify's pattern and the id its blocks carry (hex), empty for read
   */
  public record Asked(
      String file,
      boolean device,
      Optional<SourceRun> sourceRun,
      long expectedBytes,
      RunJsonWriter.Io io,
      Optional<Pattern> pattern) {}

  /** The write run a read-back reads back. */
  public record SourceRun(String folder, String runId) {}

  /** The pattern verify checks the blocks against, and the id (hex) its blocks carry. */
  public record Pattern(String name, String idHex) {}

  /**
   * The spread of the interval rates; each figure empty where there were too few intervals.
   *
   * @param intervals the intervals counted
   */
  public record Stability(
      int intervals,
      OptionalDouble meanMBps,
      OptionalDouble stdevMBps,
      OptionalDouble minMBps,
      OptionalDouble medianMBps,
      OptionalDouble maxMBps) {}

  /** What follows the checked extent, sampled. */
  public record Beyond(long offset, long length, long sampledBlocks, long blankBlocks) {}

  /**
   * verify's own figures.
   *
   * @param patternId the id its blocks carry (hex), empty when none was known
   * @param extentFrom where the checked extent comes from
   * @param beyond what follows the checked extent, empty when nothing does
   */
  public record Checked(
      String pattern,
      Optional<String> patternId,
      long checkedBytes,
      long okBytes,
      String extentFrom,
      Optional<Beyond> beyond) {}

  /**
   * One bad extent.
   *
   * @param actualOffset where the data found there belongs (misplaced data only)
   */
  public record Bad(long offset, long length, String kind, OptionalLong actualOffset) {}

  /**
   * What a read-back found.
   *
   * @param verdict verify's {@code good}, {@code bad} or {@code incomplete}; empty for read
   * @param checked verify's figures, empty for read
   * @param badByKind the bad bytes of each kind, in the kinds' order
   */
  public record Result(
      String status,
      Optional<String> verdict,
      Optional<String> error,
      long expectedBytes,
      long bytes,
      double seconds,
      double averageMBps,
      Stability stability,
      int blockBytes,
      int queueDepth,
      Optional<Checked> checked,
      long badBytes,
      Map<String, Long> badByKind,
      List<Bad> bad,
      long badExtentsDropped,
      List<String> notes) {

    public Result {
      badByKind = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(badByKind));
      bad = List.copyOf(bad);
      notes = List.copyOf(notes);
    }
  }

  /**
   * Puts the read-back's target ({@code path, kind}), the run it reads back and its params after
   * the header, then the running result ({@link RunJsonWriter#running}).
   */
  public static void start(ObjectNode root, Asked asked, Instant started) {
    ObjectNode target = root.putObject("target");
    target.put("path", asked.file());
    target.put("kind", asked.device() ? "device" : "file");
    asked
        .sourceRun()
        .ifPresent(
            s -> {
              ObjectNode of = root.putObject("source_run");
              of.put("folder", s.folder());
              of.put("run_id", s.runId());
            });
    ObjectNode p = root.putObject("params");
    p.put("expected_bytes", asked.expectedBytes());
    RunJsonWriter.putIo(p, asked.io());
    asked
        .pattern()
        .ifPresent(
            pattern -> {
              p.put("pattern", pattern.name());
              p.put("pattern_id", pattern.idHex());
            });
    RunJsonWriter.running(root, started, false);
  }

  /** Fills in the end of the read-back: ended, and its result in place of the running one. */
  public static void finish(ObjectNode root, Result r, Instant ended) {
    root.put("ended", ended.toString());
    putResult(root.putObject("result"), r);
  }

  /**
   * The whole document {@code read --json} and {@code verify --json} print: the command, the file,
   * the run read back (null for a plain file), the run folder, then the result's fields.
   */
  public static ObjectNode document(
      String command, String file, Optional<String> sourceRun, String runFolder, Result r) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("command", command);
    root.put("file", file);
    RunJsonWriter.putText(root, "source_run", sourceRun.orElse(null));
    root.put("run_folder", runFolder);
    putResult(root, r);
    return root;
  }

  private static void putResult(ObjectNode node, Result r) {
    node.put("status", r.status());
    r.verdict().ifPresent(v -> node.put("verdict", v));
    RunJsonWriter.putText(node, "error", r.error().orElse(null));
    node.put("expected_bytes", r.expectedBytes());
    node.put("bytes", r.bytes());
    node.put("seconds", round(r.seconds()));
    node.put("average_MBps", round(r.averageMBps()));
    Stability s = r.stability();
    node.put("intervals", s.intervals());
    number(node, "mean_MBps", s.meanMBps());
    number(node, "stdev_MBps", s.stdevMBps());
    number(node, "min_MBps", s.minMBps());
    number(node, "median_MBps", s.medianMBps());
    number(node, "max_MBps", s.maxMBps());
    node.put("bs_bytes", r.blockBytes());
    node.put("qd", r.queueDepth());
    r.checked().ifPresent(c -> putChecked(node, c));
    node.put("bad_bytes", r.badBytes());
    ObjectNode byKind = node.putObject("bad_by_kind");
    r.badByKind().forEach(byKind::put);
    ArrayNode bad = node.putArray("bad");
    for (Bad e : r.bad()) {
      ObjectNode o = bad.addObject();
      o.put("offset", e.offset());
      o.put("length", e.length());
      o.put("kind", e.kind());
      e.actualOffset().ifPresent(at -> o.put("actual_offset", at));
    }
    node.put("bad_extents_dropped", r.badExtentsDropped());
    ArrayNode notes = node.putArray("notes");
    r.notes().forEach(notes::add);
  }

  private static void putChecked(ObjectNode node, Checked c) {
    node.put("pattern", c.pattern());
    RunJsonWriter.putText(node, "pattern_id", c.patternId().orElse(null));
    node.put("checked_bytes", c.checkedBytes());
    node.put("ok_bytes", c.okBytes());
    node.put("extent_from", c.extentFrom());
    if (c.beyond().isPresent()) {
      Beyond b = c.beyond().get();
      ObjectNode beyond = node.putObject("beyond");
      beyond.put("offset", b.offset());
      beyond.put("length", b.length());
      beyond.put("sampled_blocks", b.sampledBlocks());
      beyond.put("blank_blocks", b.blankBlocks());
    } else {
      node.putNull("beyond");
    }
  }

  private static void number(ObjectNode node, String name, OptionalDouble value) {
    if (value.isPresent()) {
      node.put(name, round(value.getAsDouble()));
    } else {
      node.putNull(name);
    }
  }

  private static double round(double v) {
    return RunJsonWriter.round(v, 3);
  }
}
