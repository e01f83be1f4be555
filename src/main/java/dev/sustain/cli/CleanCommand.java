package dev.sustain.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.run.RunFolder;
import dev.sustain.target.RunMark;
import dev.sustain.target.TestFile;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import dev.sustain.workload.CopyRun;
import dev.sustain.workload.FillResume;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code sustain clean RUN}: removes the test file a run left behind (a killed run's, or a kept
 * one; a fill's files; a copy's pass folders) and, for a run that was killed, records in its
 * run.json that it never finished. A run that is still going is refused.
 */
@Command(name = "clean", mixinStandardHelpOptions = true)
public final class CleanCommand extends BaseCommand {

  @Parameters(index = "0", paramLabel = "RUN")
  Path run;

  @Override
  protected int execute() throws Exception {
    Path runJson = run.resolve(RunFolder.RUN_JSON);
    if (!Files.isRegularFile(runJson)) {
      throw new UsageException(run + " is not a run folder (no run.json)");
    }
    JsonNode root;
    try {
      root = RunFolder.JSON.readTree(runJson.toFile());
    } catch (IOException e) {
      throw new UsageException(
          runJson + ": not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
    }
    String status = root.at("/result/status").asText("");
    long pid = root.path("pid").asLong(-1);
    if ("running".equals(status) && isAlive(pid, root.path("started").asText(""))) {
      throw new UsageException(
          "the run in " + run + " is still going (process " + pid + "); stop it first");
    }
    String testFile = root.at("/target/test_file").asText("");
    String runId = root.path("run_id").asText("");
    Path markFolder =
        !testFile.isEmpty()
            ? Path.of(testFile).toAbsolutePath().getParent()
            : Path.of(root.at("/target/path").asText("."));
    if (!runId.isEmpty() && RunMark.read(markFolder, runId, null) == RunMark.State.LIVE) {
      throw new UsageException("the run in " + run + " is still going; stop it first");
    }
    boolean removed = false;
    if ("fill".equals(root.path("command").asText())) {
      for (Path f : FillResume.leftoverFiles(root)) {
        long size = Files.size(f);
        Files.delete(f);
        removed = true;
        out().println("Removed " + f + " (" + Units.decimalBytes(size) + ")");
      }
    }
    if ("copy".equals(root.path("command").asText())) {
      for (Path pass : leftoverPasses(root)) {
        long size = removeTree(pass);
        removed = true;
        out().println("Removed " + pass + " (" + Units.decimalBytes(size) + ")");
      }
    }
    if (!testFile.isEmpty() && Files.exists(Path.of(testFile))) {
      Path f = Path.of(testFile);
      if (!f.getFileName().toString().startsWith(TestFile.PREFIX)
          && !root.at("/target/kind").asText().equals("file")) {
        throw new UsageException(testFile + " does not look like a Sustain test file; not removed");
      }
      long size = Files.size(f);
      Files.delete(f);
      removed = true;
      out().println("Removed " + f + " (" + Units.decimalBytes(size) + ")");
    }
    if (!runId.isEmpty()) {
      RunMark.remove(markFolder, runId);
    }
    if ("running".equals(status)) {
      ObjectNode result = (ObjectNode) root.get("result");
      result.put("status", "failed");
      result.put(
          "error",
          "the run was killed before it finished (SIGKILL, a crash or a power loss);"
              + " its samples are kept, what it wrote was removed by sustain clean");
      RunFolder.open(run).writeRunJson((ObjectNode) root);
      out().println("Marked the run in " + run + " as failed: it was killed before it finished");
    }
    if (!removed) {
      out().println("No test file left to remove for " + run);
    }
    out().flush();
    return ExitCodes.OK;
  }

  /**
   * The pass folders a copy left in its destination (killed mid-pass, or kept with --keep), from
   * its run.json: {@code pass-1 .. pass-repeat}, none of which existed when the copy began (it
   * refuses a destination that holds one).
   */
  static List<Path> leftoverPasses(JsonNode runJson) {
    List<Path> found = new ArrayList<>();
    String dst = runJson.at("/target/path").asText("");
    int repeat = runJson.at("/params/repeat").asInt(0);
    for (int n = 1; n <= repeat && !dst.isEmpty(); n++) {
      Path pass = CopyRun.passDir(Path.of(dst), n);
      if (Files.isDirectory(pass, LinkOption.NOFOLLOW_LINKS)) {
        found.add(pass);
      }
    }
    return found;
  }

  /** Deletes a folder and what it holds (links themselves, never what they point to). */
  private static long removeTree(Path root) throws IOException {
    long bytes = 0;
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
          bytes += Files.size(p);
        }
        Files.delete(p);
      }
    }
    return bytes;
  }

  /**
   * True when the run's process is alive: the pid exists and that process started before the run
   * did (a newer process with a reused pid is not the run).
   */
  private static boolean isAlive(long pid, String started) {
    if (pid <= 0) {
      return false;
    }
    Optional<ProcessHandle> h = ProcessHandle.of(pid);
    if (h.isEmpty() || !h.get().isAlive()) {
      return false;
    }
    Optional<Instant> processStart = h.get().info().startInstant();
    try {
      Instant runStart = Instant.parse(started);
      return processStart.map(ps -> !ps.isAfter(runStart)).orElse(true);
    } catch (DateTimeParseException e) {
      return true;
    }
  }
}
