package dev.sustain.verify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.ReadBackJsonWriter;
import dev.sustain.document.RunJsonWriter;
import dev.sustain.pattern.Patterns;
import dev.sustain.run.RunHeader;
import dev.sustain.run.RunStatus;
import dev.sustain.target.TestFile;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * A read-back's JSON from its own records, for {@code --json} and run.json: what {@link
 * ReadBackJsonWriter} writes (its keys are named there, none here). verify adds the checked bytes,
 * the bad extents (misplaced data with where it belongs), its verdict, where the checked extent
 * comes from and what follows it, sampled (none when nothing does).
 */
public final class ReadBackJson {

  private ReadBackJson() {}

  /** The whole document {@code read --json} and {@code verify --json} print. */
  public static ObjectNode document(ReadBackResult r) {
    return ReadBackJsonWriter.document(
        r.command(),
        r.source().file().toString(),
        r.source().fromRun() ? Optional.of(r.source().runFolder().toString()) : Optional.empty(),
        r.runFolder().toString(),
        result(r));
  }

  /** run.json as a read-back starts: the header, its target, the run it reads, its params. */
  static ObjectNode start(
      String command,
      String runId,
      ReadSource source,
      RunJsonWriter.Io io,
      String patternName,
      Long patternId,
      Instant started) {
    ObjectNode root = RunHeader.begin(command, runId);
    ReadBackJsonWriter.start(
        root,
        new ReadBackJsonWriter.Asked(
            source.file().toString(),
            TestFile.isBlockDevice(source.file()),
            source.fromRun()
                ? Optional.of(
                    new ReadBackJsonWriter.SourceRun(
                        source.runFolder().toString(), source.writeRunId()))
                : Optional.empty(),
            source.expectedBytes(),
            io,
            patternName == null
                ? Optional.empty()
                : Optional.of(
                    new ReadBackJsonWriter.Pattern(patternName, Patterns.idToHex(patternId)))),
        started);
    return root;
  }

  /** run.json's end: when it ended and what was found. */
  static void finish(ObjectNode root, ReadBackResult r, Instant ended) {
    ReadBackJsonWriter.finish(root, result(r), ended);
  }

  /** The result as the writer takes it. */
  static ReadBackJsonWriter.Result result(ReadBackResult r) {
    boolean verify = "verify".equals(r.command());
    RateStability s = r.stability();
    Map<String, Long> byKind = new LinkedHashMap<>();
    for (BadKind k : BadKind.values()) {
      byKind.put(k.word(), r.bad().bytes(k));
    }
    List<ReadBackJsonWriter.Bad> bad = new ArrayList<>();
    for (BadExtent e : r.bad().extents()) {
      bad.add(
          new ReadBackJsonWriter.Bad(
              e.offsetBytes(),
              e.lengthBytes(),
              e.kind().word(),
              e.kind() == BadKind.MISPLACED
                  ? OptionalLong.of(e.actualOffsetBytes())
                  : OptionalLong.empty()));
    }
    return new ReadBackJsonWriter.Result(
        r.status().word(),
        verify ? Optional.of(verdict(r)) : Optional.empty(),
        Optional.ofNullable(r.error()),
        r.expectedBytes(),
        r.bytesRead(),
        r.seconds(),
        r.averageMegabytesPerSecond(),
        new ReadBackJsonWriter.Stability(
            s.intervals(),
            finite(s.meanMBps()),
            finite(s.stdevMBps()),
            finite(s.minMBps()),
            finite(s.medianMBps()),
            finite(s.maxMBps())),
        r.blockBytes(),
        r.queueDepth(),
        verify ? Optional.of(checked(r)) : Optional.empty(),
        r.bad().totalBytes(),
        byKind,
        bad,
        r.bad().droppedExtents(),
        r.notes());
  }

  private static ReadBackJsonWriter.Checked checked(ReadBackResult r) {
    RunExtent.Beyond b = r.beyond();
    return new ReadBackJsonWriter.Checked(
        r.patternName(),
        r.patternId() == null ? Optional.empty() : Optional.of(Patterns.idToHex(r.patternId())),
        r.checkedBytes(),
        r.okBytes(),
        r.extentFrom(),
        b.lengthBytes() > 0
            ? Optional.of(
                new ReadBackJsonWriter.Beyond(
                    b.offsetBytes(), b.lengthBytes(), b.sampledBlocks(), b.blankBlocks()))
            : Optional.empty());
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

  private static OptionalDouble finite(double value) {
    return Double.isFinite(value) ? OptionalDouble.of(value) : OptionalDouble.empty();
  }
}
