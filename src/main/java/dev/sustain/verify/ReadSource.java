package dev.sustain.verify;

import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.pattern.PatternSpec;
import dev.sustain.pattern.Patterns;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code read} and {@code verify} read back, resolved from the user's RUN|FILE argument: a
 * write run's folder (its run.json says where the kept test file is, how many bytes were written
 * and with which pattern), or a file or block device named directly. Immutable.
 *
 * @param file the file or device to read
 * @param expectedBytes bytes that should be there (what the run surely wrote; else the size)
 * @param availableBytes the size of the file or device now
 * @param runFolder the write run's folder, or null for a plain file
 * @param writeRunId the write run's id, or null
 * @param pattern the pattern the run wrote, or null when unknown (a plain file)
 * @param patternId the id in the run's block headers, or null when unknown
 * @param blockBytes the run's request size, or 0 when unknown
 * @param queueDepth the run's queue depth, or 0 when unknown
 * @param notes sentences for people about limits of the check (an interrupted run, ...)
 */
public record ReadSource(
    Path file,
    long expectedBytes,
    long availableBytes,
    Path runFolder,
    String writeRunId,
    PatternSpec pattern,
    Long patternId,
    int blockBytes,
    int queueDepth,
    List<String> notes) {

  private static final long BLOCK = 4096;

  /**
   * Resolves RUN|FILE.
   *
   * @throws UsageException when it is neither a run folder with a kept file nor a readable file
   */
  public static ReadSource resolve(String argument) {
    if (argument == null || argument.isBlank()) {
      throw new UsageException("give a run folder (written with write --keep) or a file");
    }
    Path p = Path.of(argument).toAbsolutePath().normalize();
    if (Files.isDirectory(p)) {
      Path runJson = p.resolve("run.json");
      if (!Files.isRegularFile(runJson)) {
        throw new UsageException(
            p + " is a folder without run.json: give a write run's folder or a file");
      }
      return fromRun(p, runJson);
    }
    if (!Files.exists(p)) {
      throw new UsageException(p + " does not exist");
    }
    if (!Files.isReadable(p)) {
      throw new UsageException("cannot read " + p + ": permission denied");
    }
    long size = sizeOf(p);
    return new ReadSource(p, size, size, null, null, null, null, 0, 0, List.of());
  }

  private static long sizeOf(Path p) {
    // FileChannel.size() knows block devices too (BLKGETSIZE64), where Files.size() says 0.
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
      return ch.size();
    } catch (IOException e) {
      throw new UsageException("cannot open " + p + ": " + e.getMessage());
    }
  }

  static ReadSource fromRun(Path folder, Path runJson) {
    RunDocument root;
    try {
      root = RunDocumentCodec.readFile(runJson);
    } catch (IOException e) {
      throw new UsageException("cannot read " + runJson + ": " + e.getMessage());
    }
    String command = root.command().orElse("");
    if (!command.equals("write")) {
      throw new UsageException(
          folder + " is the folder of a '" + command + "' run; give the folder of a write run");
    }
    String runId = root.runId().orElse(null);
    RunDocument.Params params = root.params();
    Path file = testFileOf(root, runJson);
    PatternSpec pattern;
    try {
      pattern = Patterns.parse(params.pattern().orElse("random"));
    } catch (IllegalArgumentException e) {
      throw new UsageException(runJson + ": " + e.getMessage());
    }
    Long patternId = patternIdOf(params, runId, runJson);
    int bs = (int) params.blockBytes().orElse(0);
    int qd = params.queueDepth().orElse(0);
    List<String> notes = new ArrayList<>();
    long expected = expectedBytes(params, root.result(), notes);
    long size = sizeOf(file);
    return new ReadSource(
        file, expected, size, folder, runId, pattern, patternId, bs, qd, List.copyOf(notes));
  }

  /** The file (or device) the write run wrote, refused when it is not there to read. */
  private static Path testFileOf(RunDocument root, Path runJson) {
    RunDocument.Target target = root.target();
    String testFile = target.testFile().orElse(null);
    boolean device = target.isDevice();
    if (testFile == null && device) {
      // A raw device run (write --destroy-data): the data is on the device itself.
      // target.path is the device node written; target.device describes the drive behind it,
      // which for a loop device is another disk.
      testFile =
          target.path().or(() -> target.device().flatMap(RunDocument.Device::path)).orElse(null);
    }
    if (testFile == null) {
      throw new UsageException(runJson + " does not say where the run's test file is");
    }
    Path file = Path.of(testFile);
    if (!Files.exists(file) && device) {
      throw new UsageException("the run's device " + file + " is not there (unplugged?)");
    }
    if (!Files.exists(file)) {
      boolean kept = root.result().testFileKept().or(root.params()::keep).orElse(false);
      throw new UsageException(
          kept
              ? "the run's test file " + file + " is gone (moved or deleted since the run)"
              : "the run did not keep its test file (" + file + "); run write with --keep");
    }
    return file;
  }

  /** The id the run's blocks carry: as run.json says it, else the one its run id gives. */
  private static Long patternIdOf(RunDocument.Params params, String runId, Path runJson) {
    String idHex = params.patternId().orElse(null);
    if (idHex != null) {
      try {
        return Patterns.idFromHex(idHex);
      } catch (IllegalArgumentException e) {
        throw new UsageException(runJson + ": " + e.getMessage());
      }
    }
    return runId != null ? Patterns.idFor(runId) : null;
  }

  /**
   * The bytes surely written, from the start: what the run wrote, at most its extent (or its size,
   * for a timed run that wrapped), less the requests in flight when it did not complete (said in
   * {@code notes}).
   */
  private static long expectedBytes(
      RunDocument.Params params, RunDocument.Result result, List<String> notes) {
    int bs = (int) params.blockBytes().orElse(0);
    int qd = params.queueDepth().orElse(0);
    long written = result.bytes().orElse(0);
    String status = result.status().orElse("unknown");
    long expected = written;
    long extent = params.extentBytes().orElse(-1);
    long sizeParam = params.sizeBytes().orElse(-1);
    boolean timed = params.timeSeconds().isPresent();
    if (extent > 0) {
      expected = Math.min(extent, written);
    } else if (timed && sizeParam > 0) {
      // A run bounded by time over a sized file wraps around: the file holds at most its size,
      // which the run rounded up to whole blocks.
      long rounded = (sizeParam + BLOCK - 1) / BLOCK * BLOCK;
      expected = Math.min(rounded, written);
    }
    if (!status.equals("complete")) {
      // The last requests in flight may have completed out of order: only what lies before them
      // is surely written.
      long inFlight = (long) Math.max(1, qd) * Math.max(BLOCK, bs);
      long sure = Math.max(0, expected - inFlight);
      sure -= sure % BLOCK;
      notes.add(
          "the write run ended '"
              + status
              + "': only its first "
              + Units.decimalBytes(sure)
              + " (before the requests still in flight at the end) are checked");
      expected = sure;
    }
    return expected;
  }

  /** The same source with another extent to read: {@code --size}, or where the run's data ends. */
  public ReadSource withExpected(long bytes) {
    return new ReadSource(
        file,
        bytes,
        availableBytes,
        runFolder,
        writeRunId,
        pattern,
        patternId,
        blockBytes,
        queueDepth,
        notes);
  }

  /** True when this is a write run's folder rather than a file named directly. */
  public boolean fromRun() {
    return runFolder != null;
  }
}
