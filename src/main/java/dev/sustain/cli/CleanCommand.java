package dev.sustain.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunProcess;
import dev.sustain.run.RunProcess.State;
import dev.sustain.run.RunStatus;
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
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code sustain clean RUN}: removes the test file a run left behind (a killed run's, or a kept
 * one; a fill's files; a copy's pass folders) and, for a run that was killed, records in its
 * run.json and in the history that it was killed. A run that is still going is refused, and so is a
 * running one of another host, which only its own host can tell from a live one.
 *
 * <p>The dashboard and {@code history} already show such a run as killed on its host (they read the
 * history and check the process: RunLiveness), but they only read. This command is the one that
 * writes it down, because it runs on the run's host and is asked to end the run's leftovers: after
 * it, every host's dashboard shows the run as killed, not stale.
 */
@Command(name = "clean", mixinStandardHelpOptions = true)
public final class CleanCommand extends BaseCommand {

  @Parameters(index = "0", paramLabel = "RUN")
  Path run;

  @Mixin DbOption db = new DbOption();

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
    boolean running = RunStatus.RUNNING.word().equals(status);
    if (running) {
      refuseUnlessGone(root);
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
    Files.deleteIfExists(run.resolve(RunFolder.RESERVE)); // the room a killed run set aside
    if (running) {
      ObjectNode result = (ObjectNode) root.get("result");
      result.put("status", RunStatus.KILLED.word());
      result.put(
          "error",
          // Every signal a run can catch ends it with its clean-up; only what it cannot catch
          // (SIGKILL) or a crash leaves it running. Which one, nothing here can tell.
          "the run was killed, or crashed, before it finished;"
              + " its samples are kept, what it wrote was removed by sustain clean");
      RunFolder.open(run).writeRunJson((ObjectNode) root);
      out().println("Marked the run in " + run + " as killed: it never finished");
      // Its rows and status in the history too (a warning, not a failure, when it is out of
      // reach: the run folder is what clean is about).
      if (!historyThere()) {
        out().println("Not recorded in a history: there is none at " + db.location().sqliteFile());
      } else if (db.recordQuietly(run, err()) != null) {
        out().println("Recorded it as killed in the history");
      }
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
   * Refuses a running run whose process may live: this host's run whose process is there, or
   * another host's (its process cannot be seen from here). A run.json without a host is taken for
   * this host's, as folders were before run.json named it.
   */
  private void refuseUnlessGone(JsonNode root) {
    String host = root.path("host").asText(RunProcess.thisHost());
    long pid = root.path("pid").asLong(-1);
    Instant started;
    try {
      started = Instant.parse(root.path("started").asText(""));
    } catch (DateTimeParseException e) {
      started = null;
    }
    if (!host.equals(RunProcess.thisHost())) {
      throw new UsageException(
          "the run in "
              + run
              + " ran on "
              + host
              + ", whose processes this host cannot see; run sustain clean there");
    }
    if (pid > 0 && (started == null || RunProcess.of(host, pid, started) == State.ALIVE)) {
      throw new UsageException(
          "the run in " + run + " is still going (process " + pid + "); stop it first");
    }
  }

  /** A history file that is not there is not made by clean: it has no other runs to join. */
  private boolean historyThere() {
    if (db.none()) {
      return true; // --db none: recordQuietly records nothing and says nothing
    }
    try {
      db.existing();
      return true;
    } catch (UsageException e) {
      return false;
    }
  }
}
