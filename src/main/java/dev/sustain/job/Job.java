package dev.sustain.job;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.NewerFormatException;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The job of one run, as run.json records it. A field a run does not have (a copy has no request
 * size of its own; an old run.json may lack the engine) is empty, and two empty fields are equal:
 * an unknown is not a difference, but a known value never matches an unknown one.
 *
 * @param command write, fill, copy, read, verify, sweep (run.json {@code command})
 * @param requestBytes the request size ({@code params.bs_bytes})
 * @param queueDepth requests in flight ({@code params.qd})
 * @param io "direct" or "buffered" ({@code params.direct} / {@code params.buffered})
 * @param pattern the data written ({@code params.pattern}: random, zeros...)
 * @param engine the I/O engine ({@code params.engine}: uring, psync, null...)
 * @param targetKind file, device, folder ({@code target.kind})
 */
public record Job(
    String command,
    OptionalLong requestBytes,
    OptionalInt queueDepth,
    Optional<String> io,
    Optional<String> pattern,
    Optional<String> engine,
    Optional<String> targetKind) {

  /**
   * The job of a parsed run.json; fields it lacks are empty, never guessed. Its keys are read by
   * {@link RunDocumentCodec}, as everywhere.
   *
   * @throws NewerFormatException when a newer sustain wrote it
   */
  public static Job of(JsonNode runJson) {
    return of(RunDocumentCodec.decode(runJson, RunDocumentCodec.FILE));
  }

  /** The job of a decoded run.json; fields it lacks are empty, never guessed. */
  public static Job of(RunDocument run) {
    RunDocument.Params p = run.params();
    return new Job(
        run.command().orElse("write"),
        p.blockBytes().isPresent() && p.blockBytes().getAsLong() > 0
            ? p.blockBytes()
            : OptionalLong.empty(),
        p.queueDepth().isPresent() && p.queueDepth().getAsInt() > 0
            ? p.queueDepth()
            : OptionalInt.empty(),
        p.buffered().map(b -> b ? "buffered" : "direct"),
        p.pattern().filter(s -> !s.isBlank()).map(s -> s.toLowerCase(Locale.ROOT)),
        p.engine().filter(s -> !s.isBlank()).map(s -> s.toLowerCase(Locale.ROOT)),
        run.target().kind().filter(s -> !s.isBlank()).map(s -> s.toLowerCase(Locale.ROOT)));
  }

  /**
   * One string that is equal for two runs exactly when their jobs are: the grouping key of trends,
   * compare and the shared hub ("write|1048576|32|direct|random|uring|file"; "-" for unknown).
   */
  public String key() {
    return String.join(
        "|",
        command,
        requestBytes.isPresent() ? Long.toString(requestBytes.getAsLong()) : "-",
        queueDepth.isPresent() ? Integer.toString(queueDepth.getAsInt()) : "-",
        io.orElse("-"),
        pattern.orElse("-"),
        engine.orElse("-"),
        targetKind.orElse("-"));
  }

  /**
   * The job in the words the command line takes: "write 1 MiB QD32 direct random (uring, file)".
   */
  public String label() {
    List<String> words = new ArrayList<>();
    words.add(command);
    requestBytes.ifPresent(b -> words.add(binaryBytes(b)));
    queueDepth.ifPresent(q -> words.add("QD" + q));
    io.ifPresent(words::add);
    pattern.ifPresent(words::add);
    List<String> how = new ArrayList<>();
    engine.ifPresent(how::add);
    targetKind.ifPresent(how::add);
    String head = String.join(" ", words);
    return how.isEmpty() ? head : head + " (" + String.join(", ", how) + ")";
  }

  /**
   * How this job differs from another, one phrase per field ("request size 1 MiB vs 128 KiB",
   * "depth QD32 vs QD4"); empty when they are the same job.
   */
  public List<String> differences(Job other) {
    List<String> out = new ArrayList<>();
    if (!command.equals(other.command)) {
      out.add("command " + command + " vs " + other.command);
    }
    if (!requestBytes.equals(other.requestBytes)) {
      out.add("request size " + bytesWord(requestBytes) + " vs " + bytesWord(other.requestBytes));
    }
    if (!queueDepth.equals(other.queueDepth)) {
      out.add("depth " + depthWord(queueDepth) + " vs " + depthWord(other.queueDepth));
    }
    differ(out, "I/O", io, other.io);
    differ(out, "pattern", pattern, other.pattern);
    differ(out, "engine", engine, other.engine);
    differ(out, "target", targetKind, other.targetKind);
    return out;
  }

  /** True when {@link #differences} is empty. */
  public boolean sameAs(Job other) {
    return key().equals(other.key());
  }

  private static void differ(
      List<String> out, String what, Optional<String> a, Optional<String> b) {
    if (!a.equals(b)) {
      out.add(what + " " + a.orElse("unknown") + " vs " + b.orElse("unknown"));
    }
  }

  private static String bytesWord(OptionalLong b) {
    return b.isPresent() ? binaryBytes(b.getAsLong()) : "unknown";
  }

  private static String depthWord(OptionalInt q) {
    return q.isPresent() ? "QD" + q.getAsInt() : "unknown";
  }

  /** Request sizes are powers of two in practice: KiB/MiB as --bs takes them, bytes otherwise. */
  static String binaryBytes(long bytes) {
    if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
      return (bytes >> 20) + " MiB";
    }
    if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) {
      return (bytes >> 10) + " KiB";
    }
    return bytes + " B";
  }
}
