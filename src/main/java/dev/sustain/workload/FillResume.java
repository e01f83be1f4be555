package dev.sustain.workload;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunProcess;
import dev.sustain.target.TestFile;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * What an earlier, interrupted fill left, for {@code fill --resume}: its id, files and bytes, read
 * from its run.json and checked against the files on disk; and the files any fill left behind, for
 * {@code clean}.
 */
public record FillResume(
    Path runFolder, String runId, List<FillResult.FileDone> files, long bytes, long fileBytes) {

  /** When the run started, null when it does not say. */
  private static Instant startedOf(RunDocument run) {
    try {
      return run.started().map(Instant::parse).orElse(null);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /**
   * The files a fill recorded in {@code runJson} left in its folder (a killed run's, or kept ones):
   * only names of this run's own pattern, so nothing else is ever matched.
   */
  public static List<Path> leftoverFiles(JsonNode runJson) throws IOException {
    return leftoverFiles(RunDocumentCodec.decode(runJson, RunFolder.RUN_JSON));
  }

  /** The files the fill {@code run} left in its folder, by this run's own names only. */
  public static List<Path> leftoverFiles(RunDocument run) throws IOException {
    Path dir = Path.of(run.target().path().orElse("."));
    String runId = run.runId().orElse("");
    List<Path> found = new ArrayList<>();
    if (runId.isEmpty() || !Files.isDirectory(dir)) {
      return found;
    }
    try (var files = Files.newDirectoryStream(dir, TestFile.PREFIX + runId + "-fill-*.dat")) {
      for (Path f : files) {
        found.add(f);
      }
    }
    found.sort(null);
    return found;
  }

  static FillResume read(Path runFolder, Path dir) throws IOException {
    if (!RunDocumentCodec.exists(runFolder)) {
      throw new UsageException("--resume " + runFolder + " is not a run folder (no run.json)");
    }
    RunDocument run = RunDocumentCodec.read(runFolder);
    refuseUnresumable(run, runFolder, dir);
    String runId = run.runId().orElse("");
    long fileBytes = run.params().fileSizeBytes().orElse(0);
    List<FillResult.FileDone> files = new ArrayList<>();
    long bytes = 0;
    for (RunDocument.FillFile f : run.files()) {
      FillResult.FileDone d =
          new FillResult.FileDone(f.name(), f.bytes(), f.seconds(), f.complete());
      Path p = dir.resolve(d.name());
      if (!Files.isRegularFile(p) || Files.size(p) < d.bytes()) {
        throw new UsageException(
            "cannot resume: " + p + " is missing or shorter than recorded (were the files kept?)");
      }
      files.add(d);
      bytes += d.bytes();
    }
    // The file that was being written when the run was killed is not in run.json yet.
    Path next = dir.resolve(FillRun.fileName(runId, files.size() + 1));
    if (Files.isRegularFile(next)) {
      // A file preallocated to its whole size says nothing of what was written: from its start.
      long size = Files.size(next) >= fileBytes ? 0 : Files.size(next);
      files.add(new FillResult.FileDone(next.getFileName().toString(), size, 0, false));
      bytes += size;
    } else if (files.isEmpty()) {
      throw new UsageException("cannot resume: the fill in " + runFolder + " left no files");
    }
    return new FillResume(runFolder, runId, files, bytes, fileBytes);
  }

  /** Refuses a folder that is no fill's, a fill that is complete, of another folder, or going. */
  private static void refuseUnresumable(RunDocument run, Path runFolder, Path dir) {
    if (!run.command().filter("fill"::equals).isPresent()) {
      throw new UsageException("--resume " + runFolder + " is not a fill's run folder");
    }
    String status = run.result().status().orElse("");
    if (status.equals("complete")) {
      throw new UsageException("the fill in " + runFolder + " is complete: nothing to resume");
    }
    String filled = run.target().path().orElse("");
    if (!Path.of(filled).equals(dir)) {
      throw new UsageException("the fill in " + runFolder + " filled " + filled + ", not " + dir);
    }
    long pid = run.pid().orElse(-1);
    // RunProcess, as the history's readers: a live pid that started after the fill is a reused
    // one (the fill is gone), and another host's process cannot be seen from here.
    if (status.equals("running")
        && pid != ProcessHandle.current().pid()
        && RunProcess.of(run.host().orElse(null), pid, startedOf(run)) == RunProcess.State.ALIVE) {
      throw new UsageException(
          "the fill in " + runFolder + " may still be going (process " + pid + "); stop it first");
    }
  }
}
