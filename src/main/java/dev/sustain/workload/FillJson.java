package dev.sustain.workload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.FillJsonWriter;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunJsonWriter;
import dev.sustain.run.RunHeader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A fill's run.json from its own records: the common header ({@link RunHeader}), then what {@link
 * FillJsonWriter} writes of the fill's target, params, files and result. No key is named here.
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
    FillJsonWriter.start(
        root,
        new FillJsonWriter.Asked(
            dir.toString(),
            fileBytes,
            params.limitBytes() > 0 ? OptionalLong.of(params.limitBytes()) : OptionalLong.empty(),
            new RunJsonWriter.Io(
                params.blockBytes(),
                params.queueDepth(),
                params.intervalNanos(),
                params.buffered(),
                engine),
            "random",
            params.keep(),
            Optional.ofNullable(previous).map(p -> p.runFolder().toString())),
        started);
    return root;
  }

  static void addFile(ObjectNode root, FillResult.FileDone f) {
    FillJsonWriter.addFile(
        root,
        new FillJsonWriter.File(
            f.name(), f.bytes(), f.seconds(), f.averageMegabytesPerSecond(), f.complete()));
  }

  static void finish(ObjectNode root, FillResult r, RunDocument.Layout layout) {
    FillJsonWriter.finish(
        root,
        new FillJsonWriter.End(
            r.bytes(),
            r.sessionBytes(),
            r.seconds(),
            r.averageMegabytesPerSecond(),
            r.status().word(),
            r.end().word(),
            Optional.ofNullable(r.error()),
            r.files().size(),
            r.zeroIntervals(),
            r.zeroSeconds(),
            new RunDocument.IntervalRates(
                r.stats().minMBps(), r.stats().medianMBps(), r.stats().maxMBps()),
            r.filesKept(),
            layout),
        Instant.now());
  }
}
