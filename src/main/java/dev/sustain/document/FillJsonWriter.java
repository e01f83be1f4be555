package dev.sustain.document;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.RunDocument.IntervalRates;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The one writer of a fill's own keys in run.json (docs/FORMATS.md, "run.json"): its target and
 * params, one entry per file in {@code files} as each file ends (so a killed fill can be resumed
 * from what it lists), and its result with why it ended ({@code end}). A fill hands records to it
 * and names no key; the header and the running result are {@link RunJsonWriter}'s, and the files
 * are read back by {@link RunDocumentCodec} ({@link RunDocument#files}).
 */
public final class FillJsonWriter {

  private FillJsonWriter() {}

  /**
   * What a fill was asked.
   *
   * @param folder the folder filled (run.json's {@code target.path})
   * @param fileSizeBytes the size of each file
   * @param limitBytes the most to write, empty for "until the file system is full"
   * @param resumedFrom the run folder of the fill this one resumes, empty for a new fill
   */
  public record Asked(
      String folder,
      long fileSizeBytes,
      OptionalLong limitBytes,
      RunJsonWriter.Io io,
      String pattern,
      boolean keep,
      Optional<String> resumedFrom) {}

  /**
   * How a fill ended.
   *
   * @param bytes the bytes of every session of the fill (a resumed fill's earlier ones counted)
   * @param sessionBytes the bytes this session wrote
   * @param end what ended it: {@code full}, {@code limit}, {@code stopped}...
   * @param files the files it made
   * @param zeroIntervals intervals in which nothing completed
   * @param layout how the files were laid out, the time that took and why
   */
  public record End(
      long bytes,
      long sessionBytes,
      double seconds,
      double averageMBps,
      String status,
      String end,
      Optional<String> error,
      int files,
      int zeroIntervals,
      double zeroSeconds,
      IntervalRates rates,
      boolean filesKept,
      RunDocument.Layout layout) {}

  /**
   * Puts the fill's target ({@code path, kind, device}) and params after the header, the fill it
   * resumes, then the running result ({@link RunJsonWriter#running}) and an empty list of files.
   */
  public static void start(ObjectNode root, Asked asked, Instant started) {
    ObjectNode target = root.putObject("target");
    target.put("path", asked.folder());
    target.put("kind", "folder");
    target.putNull("device");
    ObjectNode p = root.putObject("params");
    p.put("file_size_bytes", asked.fileSizeBytes());
    if (asked.limitBytes().isPresent()) {
      p.put("limit_bytes", asked.limitBytes().getAsLong());
    } else {
      p.putNull("limit_bytes");
    }
    RunJsonWriter.putIo(p, asked.io());
    p.put("pattern", asked.pattern());
    p.put("keep", asked.keep());
    asked.resumedFrom().ifPresent(from -> root.put("resumed_from", from));
    RunJsonWriter.running(root, started, true);
    root.putArray("files");
  }

  /** One file of the fill as it ended: complete, or cut short by the end of the fill. */
  public record File(
      String name, long bytes, double seconds, double averageMBps, boolean complete) {}

  /** Adds a file that ended (or one a resumed fill carries over) to run.json's {@code files}. */
  public static void addFile(ObjectNode root, File f) {
    ObjectNode n = JsonNodeFactory.instance.objectNode();
    n.put("name", f.name());
    n.put("bytes", f.bytes());
    n.put("seconds", round(f.seconds()));
    n.put("average_MBps", round(f.averageMBps()));
    n.put("complete", f.complete());
    files(root).add(n);
  }

  /** Takes the last file off the list: a resumed fill writes it again from where it stopped. */
  public static void removeLastFile(ObjectNode root) {
    ArrayNode files = files(root);
    files.remove(files.size() - 1);
  }

  /** The bytes written so far into the running result, as each file ends. */
  public static void putBytesSoFar(ObjectNode root, long bytes) {
    ((ObjectNode) root.get("result")).put("bytes", bytes);
  }

  /** Fills in the end of the fill: ended, the result's figures, status and end, and the layout. */
  public static void finish(ObjectNode root, End e, Instant ended) {
    root.put("ended", ended.toString());
    ObjectNode result = (ObjectNode) root.get("result");
    result.put("bytes", e.bytes());
    result.put("session_bytes", e.sessionBytes());
    result.put("seconds", round(e.seconds()));
    result.put("average_MBps", round(e.averageMBps()));
    result.put("status", e.status());
    result.put("end", e.end());
    RunJsonWriter.putText(result, "error", e.error().orElse(null));
    result.put("files", e.files());
    result.put("zero_intervals", e.zeroIntervals());
    result.put("zero_s", round(e.zeroSeconds()));
    ObjectNode stats = result.putObject("interval_MBps");
    stats.put("min", round(e.rates().minMBps()));
    stats.put("median", round(e.rates().medianMBps()));
    stats.put("max", round(e.rates().maxMBps()));
    result.put("files_kept", e.filesKept());
    RunJsonWriter.putLayout(root, e.layout());
  }

  private static ArrayNode files(ObjectNode root) {
    return (ArrayNode) root.get("files");
  }

  private static double round(double v) {
    return RunJsonWriter.round(v, 3);
  }
}
