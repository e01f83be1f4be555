package dev.sustain.workload;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunJson;
import dev.sustain.run.RunProcess;
import dev.sustain.run.RunProcess.State;
import dev.sustain.run.RunStatus;
import dev.sustain.target.RunMark;
import dev.sustain.target.TestFile;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
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
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The work of {@code sustain clean RUN}: removes what a run left behind (a killed run's test file,
 * or a kept one; a fill's files; a copy's pass folders; its mark and its reserve) and, for a run
 * that was killed, records in its run.json that it was killed. A run that is still going is
 * refused, and so is a running one of another host, which only its own host can tell from a live
 * one. The command records the kill in the history (it knows where the history is); run.json is
 * read as its {@link RunDocument} and written by {@link RunJson#markKilled}. Stateless.
 */
public final class CleanRun {

  /**
   * What was done.
   *
   * @param removed something was removed (a test file, a fill's file, a pass folder)
   * @param markedKilled the run was running and is now marked killed in its run.json
   */
  public record Cleaned(boolean removed, boolean markedKilled) {}

  /**
   * Every signal a run can catch ends it with its clean-up; only what it cannot catch (SIGKILL) or
   * a crash leaves it running. Which one, nothing here can tell.
   */
  static final String KILLED_ERROR =
      "the run was killed, or crashed, before it finished;"
          + " its samples are kept, what it wrote was removed by sustain clean";

  private CleanRun() {}

  /**
   * Cleans the run folder {@code run}, telling {@code say} each line of what it did.
   *
   * @throws UsageException when {@code run} is no readable run folder, or its run may still go
   */
  public static Cleaned clean(Path run, Consumer<String> say) throws IOException {
    RunDocument doc = read(run);
    boolean running = doc.result().status().filter(RunStatus.RUNNING.word()::equals).isPresent();
    if (running) {
      refuseUnlessGone(run, doc);
    }
    Optional<Path> testFile = doc.target().testFile().filter(f -> !f.isEmpty()).map(Path::of);
    String runId = doc.runId().orElse("");
    if (!runId.matches("[0-9A-Za-z-]{0,64}")) {
      // A run id becomes part of file names here (the mark, the test files): never a path.
      throw new UsageException(RunDocumentCodec.fileOf(run) + ": not a run id: " + runId);
    }
    Path markFolder =
        testFile
            .map(f -> f.toAbsolutePath().getParent())
            .orElseGet(() -> Path.of(doc.target().path().orElse(".")));
    if (!runId.isEmpty() && RunMark.read(markFolder, runId, null) == RunMark.State.LIVE) {
      throw new UsageException("the run in " + run + " is still going; stop it first");
    }
    boolean removed = removeLeftovers(doc, say);
    if (testFile.isPresent() && Files.exists(testFile.get())) {
      removeTestFile(doc, testFile.get(), say);
      removed = true;
    }
    if (!runId.isEmpty()) {
      RunMark.remove(markFolder, runId);
    }
    Files.deleteIfExists(run.resolve(RunFolder.RESERVE)); // the room a killed run set aside
    boolean marked = running && RunJson.markKilled(RunFolder.open(run), KILLED_ERROR);
    if (marked) {
      say.accept("Marked the run in " + run + " as killed: it never finished");
    }
    return new Cleaned(removed, marked);
  }

  private static RunDocument read(Path run) throws IOException {
    if (!RunDocumentCodec.exists(run)) {
      throw new UsageException(run + " is not a run folder (no run.json)");
    }
    Path runJson = RunDocumentCodec.fileOf(run);
    try {
      return RunDocumentCodec.read(run);
    } catch (JsonProcessingException e) {
      throw new UsageException(
          runJson + ": not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
    } catch (IOException e) {
      throw new UsageException(runJson + ": " + e.getMessage().lines().findFirst().orElse(""));
    }
  }

  /** A fill's files and a copy's pass folders, by the run's own names and mark only. */
  private static boolean removeLeftovers(RunDocument doc, Consumer<String> say) throws IOException {
    boolean removed = false;
    if (doc.command().filter("fill"::equals).isPresent()) {
      for (Path f : FillResume.leftoverFiles(doc)) {
        long size = Files.size(f);
        Files.delete(f);
        removed = true;
        say.accept("Removed " + f + " (" + Units.decimalBytes(size) + ")");
      }
    }
    if (doc.command().filter("copy"::equals).isPresent()) {
      for (Path pass : leftoverPasses(doc, say)) {
        long size = removeTree(pass);
        removed = true;
        say.accept("Removed " + pass + " (" + Units.decimalBytes(size) + ")");
      }
    }
    return removed;
  }

  /**
   * The test file goes only when it is a regular file (not a link) that is this run's own: named as
   * Sustain names this run's test files ({@code sustain-test-RUNID[...].dat}), or, for a file the
   * user named as the target, with this run's mark beside it (taken before the file was made, so no
   * other file has it). Every run writes {@code "kind": "file"}, so the kind says nothing; a
   * run.json that names any other file (a hostile or mistaken one: {@code /etc/passwd}, a user's
   * own file) is refused with nothing removed.
   */
  private static void removeTestFile(RunDocument doc, Path f, Consumer<String> say)
      throws IOException {
    String runId = doc.runId().orElse("");
    String name = f.getFileName() == null ? "" : f.getFileName().toString();
    Path folder = f.toAbsolutePath().getParent();
    boolean named = name.startsWith(TestFile.PREFIX + runId) && name.endsWith(".dat");
    boolean marked =
        !runId.isEmpty()
            && folder != null
            && Files.isRegularFile(RunMark.pathFor(folder, runId), LinkOption.NOFOLLOW_LINKS);
    if (!(named || marked) || !Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
      throw new UsageException(f + " does not look like a Sustain test file; not removed");
    }
    long size = Files.size(f);
    Files.delete(f);
    say.accept("Removed " + f + " (" + Units.decimalBytes(size) + ")");
  }

  /**
   * The pass folders a copy left in its destination (killed mid-pass, or kept with --keep), from
   * its run.json: {@code pass-1 .. pass-repeat}, none of which existed when the copy began (it
   * refuses a destination that holds one), and only with the run's mark beside them (taken in the
   * destination before the first pass was made, so no other folder has it). A run.json names its
   * destination as text anyone can write: one that names a folder without the mark ({@code /home},
   * a user's own project with a pass-1 of its own) gets nothing removed there, each such folder
   * said to {@code say}.
   */
  static List<Path> leftoverPasses(RunDocument doc, Consumer<String> say) {
    List<Path> found = new ArrayList<>();
    String dst = doc.target().path().orElse("");
    String runId = doc.runId().orElse("");
    int repeat = doc.params().repeat().orElse(0);
    if (dst.isEmpty()) {
      return found;
    }
    Path destination = Path.of(dst).toAbsolutePath().normalize();
    boolean marked =
        !runId.isEmpty()
            && Files.isRegularFile(RunMark.pathFor(destination, runId), LinkOption.NOFOLLOW_LINKS);
    for (int n = 1; n <= repeat; n++) {
      Path pass = CopyRun.passDir(destination, n);
      if (!Files.isDirectory(pass, LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      if (marked) {
        found.add(pass);
      } else {
        say.accept("Left " + pass + ": no mark of run " + runId + " beside it, so not this run's");
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
  private static void refuseUnlessGone(Path run, RunDocument doc) {
    String host = doc.host().orElse(RunProcess.thisHost());
    long pid = doc.pid().orElse(-1);
    Instant started;
    try {
      started = Instant.parse(doc.started().orElse(""));
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
}
