package dev.sustain.workload;

import com.fasterxml.jackson.databind.JsonNode;
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

  /** When the run in {@code root} (a run.json) started, null when it does not say. */
  private static Instant startedOf(JsonNode root) {
    try {
      return Instant.parse(root.path("started").asText());
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /**
   * The files a fill recorded in {@code runJson} left in its folder (a killed run's, or kept ones):
   * only names of this run's own pattern, so nothing else is ever matched.
   */
  public static List<Path> leftoverFiles(JsonNode runJson) throws IOException {
    Path dir = Path.of(runJson.at("/target/path").asText("."));
    String runId = runJson.path("run_id").asText("");
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
    Path runJson = runFolder.resolve(RunFolder.RUN_JSON);
    if (!Files.isRegularFile(runJson)) {
      throw new UsageException("--resume " + runFolder + " is not a run folder (no run.json)");
    }
    JsonNode root = RunFolder.JSON.readTree(runJson.toFile());
    if (!"fill".equals(root.path("command").asText())) {
      throw new UsageException("--resume " + runFolder + " is not a fill's run folder");
    }
    String status = root.at("/result/status").asText();
    if (status.equals("complete")) {
      throw new UsageException("the fill in " + runFolder + " is complete: nothing to resume");
    }
    if (!Path.of(root.at("/target/path").asText()).equals(dir)) {
      throw new UsageException(
          "the fill in "
              + runFolder
              + " filled "
              + root.at("/target/path").asText()
              + ", not "
              + dir);
    }
    long pid = root.path("pid").asLong(-1);
    // RunProcess, as the history's readers: a live pid that started after the fill is a reused
    // one (the fill is gone), and another host's process cannot be seen from here.
    if (status.equals("running")
        && pid != ProcessHandle.current().pid()
        && RunProcess.of(root.path("host").asText(null), pid, startedOf(root))
            == RunProcess.State.ALIVE) {
      throw new UsageException(
          "the fill in " + runFolder + " may still be going (process " + pid + "); stop it first");
    }
    String runId = root.path("run_id").asText();
    long fileBytes = root.at("/params/file_size_bytes").asLong();
    List<FillResult.FileDone> files = new ArrayList<>();
    long bytes = 0;
    for (JsonNode f : root.path("files")) {
      FillResult.FileDone d =
          new FillResult.FileDone(
              f.path("name").asText(),
              f.path("bytes").asLong(),
              f.path("seconds").asDouble(),
              f.path("complete").asBoolean());
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
}
