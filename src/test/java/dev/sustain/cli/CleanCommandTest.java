package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.run.RunProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code clean} of a killed run's folder, twice, and of folders whose run.json is hostile: the
 * second clean changes nothing and says so; a run.json that is no JSON object, names a file that is
 * not a Sustain test file, or comes from a newer Sustain is refused in one line (exit 2), with
 * nothing removed.
 */
class CleanCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** A write killed on this host (its pid long gone) that left its test file in {@code target}. */
  private Path killedWrite(String testFileName, String kind) throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    Path testFile = Files.writeString(target.resolve(testFileName), "x".repeat(2_000));
    Path folder = Files.createDirectories(dir.resolve("run"));
    ObjectNode root = JSON.createObjectNode();
    root.put("version", 1).put("command", "write").put("run_id", "20261203-072500-abcd");
    root.put("host", RunProcess.thisHost()).put("pid", Long.MAX_VALUE);
    root.put("started", Instant.now().toString());
    root.putObject("target")
        .put("path", target.toString())
        .put("kind", kind)
        .put("test_file", testFile.toString());
    root.putObject("params").put("bs_bytes", 1 << 20).put("qd", 4);
    root.putNull("ended");
    ObjectNode result = root.putObject("result");
    result.put("bytes", 2_000).put("seconds", 0.5).put("status", "running").putNull("error");
    Files.writeString(folder.resolve("run.json"), JSON.writeValueAsString(root));
    return folder;
  }

  @Test
  void aKilledRunCleanedTwiceIsMarkedOnceAndTheSecondCleanChangesNothing() throws Exception {
    Path run = killedWrite("sustain-test-20261203-072500-abcd.dat", "folder");
    JsonNode before = JSON.readTree(run.resolve("run.json").toFile());
    Path testFile = Path.of(before.at("/target/test_file").asText());

    Cli.Result first = Cli.ok("clean", run, "--db", "none");
    assertThat(first.out())
        .contains("Removed " + testFile + " (2.0 kB)")
        .contains("Marked the run in " + run + " as killed: it never finished")
        .doesNotContain("No test file left");
    assertThat(testFile).doesNotExist();
    JsonNode after = JSON.readTree(run.resolve("run.json").toFile());
    assertThat(after.at("/result/status").asText()).isEqualTo("killed");
    assertThat(after.at("/result/error").asText()).contains("killed, or crashed");
    assertThat(after.path("ended").isNull()).as("nobody saw it end").isTrue();
    // Only the status and its error change: every other key stays as the run wrote it.
    ObjectNode expected = before.deepCopy();
    ((ObjectNode) expected.get("result"))
        .put("status", "killed")
        .put("error", after.at("/result/error").asText());
    assertThat(after).isEqualTo(expected);
    String marked = Files.readString(run.resolve("run.json"));

    Cli.Result second = Cli.ok("clean", run, "--db", "none");
    assertThat(second.out()).isEqualTo("No test file left to remove for " + run + "\n");
    assertThat(second.err()).isEmpty();
    assertThat(Files.readString(run.resolve("run.json"))).isEqualTo(marked);
  }

  @Test
  void aRunJsonThatIsNoJsonIsRefusedInOneLine() throws Exception {
    Path run = killedWrite("sustain-test-20261203-072500-abcd.dat", "folder");
    Files.writeString(run.resolve("run.json"), "{\"version\": 1, \"result\": {\"status\": ");
    Cli.Result r = Cli.assertBadInput(Cli.run("clean", run.toString(), "--db", "none"));
    assertThat(r.err()).contains(run.resolve("run.json") + ": not valid JSON: ");
    assertThat(dir.resolve("target").resolve("sustain-test-20261203-072500-abcd.dat")).exists();

    Files.writeString(run.resolve("run.json"), "[\"run.json\", 1]");
    Cli.Result array = Cli.assertBadInput(Cli.run("clean", run.toString(), "--db", "none"));
    assertThat(array.err()).contains("holds no JSON object");
  }

  /**
   * Every write's run.json says {@code "kind": "file"}, so a hostile or mistaken one that names a
   * user's file as its test file, with the kind Sustain really writes, must not have it removed:
   * only this run's own name or its mark beside the file makes a file the run's.
   */
  @ParameterizedTest
  @ValueSource(strings = {"folder", "file"})
  void aRunJsonNamingAnotherFileRemovesNothing(String kind) throws Exception {
    Path run = killedWrite("precious.txt", kind);
    Path precious = dir.resolve("target").resolve("precious.txt");
    Cli.Result r = Cli.assertBadInput(Cli.run("clean", run.toString(), "--db", "none"));
    assertThat(r.err()).contains(precious + " does not look like a Sustain test file; not removed");
    assertThat(precious).hasContent("x".repeat(2_000));
    assertThat(Files.readString(run.resolve("run.json"))).contains("\"running\"");
  }

  @Test
  void anotherRunsTestFileAndALinkAreNotThisRunsToRemove() throws Exception {
    Path run = killedWrite("sustain-test-20261203-072500-ffff.dat", "file");
    Path other = dir.resolve("target").resolve("sustain-test-20261203-072500-ffff.dat");
    Cli.Result r = Cli.assertBadInput(Cli.run("clean", run.toString(), "--db", "none"));
    assertThat(r.err()).contains(other + " does not look like a Sustain test file; not removed");
    assertThat(other).exists();

    Path linked = killedWrite("sustain-test-20261203-072500-abcd.dat", "file");
    Path precious = Files.writeString(dir.resolve("precious.txt"), "mine");
    Path link = dir.resolve("target").resolve("sustain-test-20261203-072500-abcd.dat");
    Files.delete(link);
    Files.createSymbolicLink(link, precious);
    Cli.assertBadInput(Cli.run("clean", linked.toString(), "--db", "none"));
    assertThat(precious).hasContent("mine");
  }

  @Test
  void aFileTheUserNamedGoesWithTheRunsMarkBesideIt() throws Exception {
    Path run = killedWrite("mytest.bin", "file");
    Path named = dir.resolve("target").resolve("mytest.bin");
    Files.writeString(dir.resolve("target").resolve("sustain-test-20261203-072500-abcd.run"), "");
    Cli.Result r = Cli.ok("clean", run, "--db", "none");
    assertThat(r.out()).contains("Removed " + named);
    assertThat(named).doesNotExist();
  }

  @Test
  void aRunIdThatIsAPathIsRefused() throws Exception {
    Path run = killedWrite("sustain-test-20261203-072500-abcd.dat", "file");
    ObjectNode root = (ObjectNode) JSON.readTree(run.resolve("run.json").toFile());
    Files.writeString(
        run.resolve("run.json"), JSON.writeValueAsString(root.put("run_id", "../../x")));
    Cli.Result r = Cli.assertBadInput(Cli.run("clean", run.toString(), "--db", "none"));
    assertThat(r.err()).contains("not a run id: ../../x");
    assertThat(dir.resolve("target").resolve("sustain-test-20261203-072500-abcd.dat")).exists();
  }

  @Test
  void aRunJsonOfANewerSustainIsRefusedWithNothingRemoved() throws Exception {
    Path run = killedWrite("sustain-test-20261203-072500-abcd.dat", "folder");
    ObjectNode root = (ObjectNode) JSON.readTree(run.resolve("run.json").toFile());
    Files.writeString(run.resolve("run.json"), JSON.writeValueAsString(root.put("version", 99)));
    Cli.Result r = Cli.assertBadInput(Cli.run("clean", run.toString(), "--db", "none"));
    assertThat(r.err()).contains("made by a newer Sustain");
    assertThat(dir.resolve("target").resolve("sustain-test-20261203-072500-abcd.dat")).exists();
  }

  /**
   * A copy's run.json names its destination as text: one that names a folder holding pass folders
   * of someone else's (a hostile or mistaken run.json) gets nothing removed there, as no mark of
   * the run is beside them.
   */
  @Test
  void aCopysRunJsonNamingAnotherFolderRemovesNoPassFolder() throws Exception {
    Path elsewhere = Files.createDirectories(dir.resolve("project"));
    Path own = Files.createDirectories(elsewhere.resolve("pass-1"));
    Files.writeString(own.resolve("notes.txt"), "the user's own");
    Path folder = Files.createDirectories(dir.resolve("run"));
    ObjectNode root = JSON.createObjectNode();
    root.put("version", 1).put("command", "copy").put("run_id", "20261203-072500-abcd");
    root.put("host", RunProcess.thisHost()).put("pid", Long.MAX_VALUE);
    root.put("started", Instant.now().toString());
    root.putObject("target").put("path", elsewhere.toString()).put("kind", "folder");
    root.putObject("params").put("repeat", 2);
    root.putObject("result").put("status", "failed").put("error", "stopped");
    Files.writeString(folder.resolve("run.json"), JSON.writeValueAsString(root));

    Cli.Result r = Cli.run("clean", folder.toString(), "--db", "none");
    assertThat(own.resolve("notes.txt")).hasContent("the user's own");
    assertThat(r.out()).contains("Left " + own).doesNotContain("Removed");
  }

  /** A copy's kept passes, with its mark beside them, are removed by clean, and the mark too. */
  @Test
  void aCopysKeptPassesAreRemovedWithItsMark() throws Exception {
    Path src = dir.resolve("src");
    Cli.ok("dataset", "photos", src, "--size", "2MB", "--seed", "3");
    Path dst = dir.resolve("dst");
    Path run = dir.resolve("run");
    Cli.ok("copy", src, dst, "--repeat", "2", "--keep", "--db", "none", "--out", run);
    assertThat(dst.resolve("pass-1")).isDirectory();
    try (Stream<Path> marks = Files.list(dst)) {
      assertThat(marks.map(p -> p.getFileName().toString()))
          .as("the copy's mark beside its kept passes")
          .anyMatch(n -> n.startsWith("sustain-test-") && n.endsWith(".run"));
    }

    Cli.Result r = Cli.ok("clean", run, "--db", "none");
    assertThat(r.out()).contains("Removed " + dst.resolve("pass-1"));
    assertThat(r.out()).contains("Removed " + dst.resolve("pass-2"));
    try (Stream<Path> left = Files.list(dst)) {
      assertThat(left).as("the passes and the mark are gone").isEmpty();
    }
  }
}
