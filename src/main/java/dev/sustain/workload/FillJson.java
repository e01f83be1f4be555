package dev.sustain.workload;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.run.RunHeader;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A fill's run.json: the common header ({@link RunHeader}), the fill's target and params, one entry
 * per file in {@code files}, and the result with why the fill ended ({@code end}).
 */
final class FillJson {

  private FillJson() {}

  static ObjectNode start(
      FillParams params,
      String runId,
      Path dir,
      String engine,
      long fileBytes,
      Instant started,
      FillResume previous) {
    ObjectNode root = RunHeader.begin("fill", runId);
    ObjectNode target = root.putObject("target");
    target.put("path", dir.toString());
    target.put("kind", "folder");
    target.putNull("device");
    ObjectNode p = root.putObject("params");
    p.put("file_size_bytes", fileBytes);
    if (params.limitBytes() > 0) {
      p.put("limit_bytes", params.limitBytes());
    } else {
      p.putNull("limit_bytes");
    }
    RunHeader.putIo(
        p,
        params.blockBytes(),
        params.queueDepth(),
        params.intervalNanos(),
        params.buffered(),
        engine);
    p.put("pattern", "random");
    p.put("keep", params.keep());
    if (previous != null) {
      root.put("resumed_from", previous.runFolder().toString());
    }
    RunHeader.running(root, started, true);
    root.putArray("files");
    return root;
  }

  static ObjectNode file(FillResult.FileDone f) {
    ObjectNode n = JsonNodeFactory.instance.objectNode();
    n.put("name", f.name());
    n.put("bytes", f.bytes());
    n.put("seconds", RunHeader.round(f.seconds()));
    n.put("average_MBps", RunHeader.round(f.averageMegabytesPerSecond()));
    n.put("complete", f.complete());
    return n;
  }

  static void finish(ObjectNode root, FillResult r) {
    root.put("ended", Instant.now().toString());
    ObjectNode result = (ObjectNode) root.get("result");
    result.put("bytes", r.bytes());
    result.put("session_bytes", r.sessionBytes());
    result.put("seconds", RunHeader.round(r.seconds()));
    result.put("average_MBps", RunHeader.round(r.averageMegabytesPerSecond()));
    result.put("status", r.status().word());
    result.put("end", r.end().word());
    RunHeader.putText(result, "error", r.error());
    result.put("files", r.files().size());
    result.put("zero_intervals", r.zeroIntervals());
    result.put("zero_s", RunHeader.round(r.zeroSeconds()));
    ObjectNode stats = result.putObject("interval_MBps");
    stats.put("min", RunHeader.round(r.stats().minMBps()));
    stats.put("median", RunHeader.round(r.stats().medianMBps()));
    stats.put("max", RunHeader.round(r.stats().maxMBps()));
    result.put("files_kept", r.filesKept());
  }
}
