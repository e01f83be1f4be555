package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.Listings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code write T1 T2 ...} and {@code fill D1 D2 ...} end to end on real folders: the group folder,
 * each target's ordinary run folder, the group's samples and analysis, the refusals before anything
 * is written, solo rates from the history, and the commands that read a group folder.
 */
class GroupCommandTest {

  @TempDir Path dir;

  private Path folder(String name) throws Exception {
    return Files.createDirectories(dir.resolve(name));
  }

  private static JsonNode json(Path file) throws Exception {
    return RunFolder.JSON.readTree(file.toFile());
  }

  /** {@code write} with the command {@code line} (as {@link Cli#runLine} takes it), recorded. */
  private Cli.Result write(String line, Object... values) {
    Object[] all = java.util.Arrays.copyOf(values, values.length + 1);
    all[values.length] = dir.resolve("history.db");
    return Cli.runLine("write " + line + " --interval 250ms --db {}", all);
  }

  @Test
  void twoFoldersWrittenAtOnceLeaveTheGroupAndTheirOwnRunFolders() throws Exception {
    Path a = folder("a");
    Path b = folder("b");
    Path out = dir.resolve("group");
    Cli.Result r = write("{} {} --size 16MB --out {}", a, b, out);
    assertThat(r.exitCode()).as(r.err()).isZero();

    JsonNode group = json(out.resolve("group.json"));
    assertThat(group.path("kind").asText()).isEqualTo("group");
    assertThat(group.path("status").asText()).isEqualTo("complete");
    assertThat(group.at("/params/target/size_bytes").asLong()).isEqualTo(16_000_000);
    assertThat(group.path("targets")).hasSize(2);
    for (String name : List.of("a", "b")) {
      JsonNode run = json(out.resolve(name).resolve("run.json"));
      assertThat(run.at("/result/status").asText()).isEqualTo("complete");
      assertThat(run.at("/result/bytes").asLong()).isEqualTo(16_003_072); // whole 4 KiB blocks
      assertThat(run.at("/params/group/role").asText()).isEqualTo("member");
      assertThat(Files.isRegularFile(out.resolve(name).resolve("analysis.json"))).isTrue();
    }
    List<String> samples = Files.readAllLines(out.resolve("samples.csv"));
    assertThat(samples.getFirst()).isEqualTo("time_s,a_MBps,b_MBps,sum_MBps");
    assertThat(samples).hasSizeGreaterThan(1);
    JsonNode analysis = json(out.resolve("analysis.json"));
    assertThat(analysis.path("kind").asText()).isEqualTo("group");
    assertThat(analysis.has("shared_ceiling_MBps")).isTrue();
    assertThat(analysis.at("/targets/0/analysis/shape").isTextual()).isTrue();
    assertThat(analysis.path("evidence")).isNotEmpty();
    // The test files are gone; the progress names each target and the sum.
    assertThat(Listings.of(a)).isEmpty();
    assertThat(Listings.of(b)).isEmpty();
    assertThat(r.out())
        .contains("Together: a, b")
        .containsPattern("(?m)^  a +")
        .containsPattern("(?m)^  sum +")
        .contains("Group folder: " + out);

    // analyze prints what analysis.json holds; report and compare read the group folder too.
    Cli.Result analyzed = Cli.ok("analyze", out, "--json");
    assertThat(RunFolder.JSON.readTree(analyzed.out())).isEqualTo(analysis);
    Cli.Result text = Cli.run("analyze", out.toString());
    assertThat(text.out()).startsWith("Group " + out).contains("shared ceiling: ");
    Path html = dir.resolve("group.html");
    Cli.Result report = Cli.ok("report", out, "--html", html);
    assertThat(report.out()).contains("sum:").contains("a:");
    assertThat(Files.readString(html))
        .contains("Each target and the sum")
        .contains("\"kind\":\"group\"")
        .contains("\"label\":\"b\"");
    Cli.Result compare = Cli.ok("compare", out);
    assertThat(compare.out()).contains("Group " + out + ":");
  }

  @Test
  void aStaggeredTargetStartsItsTurnLater() throws Exception {
    Path out = dir.resolve("group");
    Cli.Result r =
        write(
            "{} {} --size 8MB --stagger 1500ms --out {}",
            folder("first").toString(),
            folder("second").toString(),
            out);
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode group = json(out.resolve("group.json"));
    assertThat(group.at("/params/stagger_s").asDouble()).isEqualTo(1.5);
    // The first starts at the line (a busy machine may wake its thread late, never a whole
    // stagger late); the second not before its turn.
    assertThat(group.at("/targets/0/start_s").asDouble()).isLessThan(1.0);
    assertThat(group.at("/targets/1/start_s").asDouble()).isGreaterThanOrEqualTo(1.45);
    String firstRow = Files.readAllLines(out.resolve("samples.csv")).get(1);
    assertThat(firstRow.split(",", -1)[2]).as("second has not begun").isEmpty();
  }

  @Test
  void aWordThatNamesNothingIsATypoNotASecondTarget() throws Exception {
    // "--time 5 sec": the "sec" is not a new file in the working folder.
    Path a = folder("a");
    String word = "sec-" + Long.toHexString(System.nanoTime());
    Cli.Result r = write("{} {} --size 4MB --out {}", a, word, dir.resolve("g"));
    Cli.assertBadInput(r);
    assertThat(r.err().strip())
        .isEqualTo(
            "sustain write: unexpected argument '" + word + "' (a group's targets must exist)");
    assertThat(Path.of(word)).doesNotExist();
    assertThat(Listings.of(a)).isEmpty();
    assertThat(dir.resolve("g")).doesNotExist();
    // A new file named with its folder is still a target.
    Path out = dir.resolve("g2");
    Cli.Result ok = write("{} {} --size 4MB --out {}", a, dir.resolve("b.dat"), out);
    assertThat(ok.exitCode()).as(ok.err()).isZero();
  }

  @Test
  void anyRefusedTargetRefusesTheGroupBeforeAnythingIsWritten() throws Exception {
    Path a = folder("a");
    Path out = dir.resolve("group");
    Cli.Result missing = write("{} {} --size 8MB --out {}", a, dir.resolve("nope/file"), out);
    Cli.assertBadInput(missing);
    assertThat(missing.err().strip())
        .startsWith("sustain write: ")
        .contains("nope")
        .hasLineCount(1);
    assertThat(Files.exists(out)).as("no group folder").isFalse();
    assertThat(Listings.of(a)).as("nothing written in the good target").isEmpty();

    Cli.Result twice = write("{} {} --size 8MB --out {}", a, a + "/", out);
    Cli.assertBadInput(twice);
    assertThat(twice.err()).contains("is given twice");

    Cli.Result lone = write("{} --size 8MB --stagger 1s", a);
    Cli.assertBadInput(lone);
    assertThat(lone.err()).contains("need two targets or more");

    Cli.Result repeat = write("{} {} --size 8MB --repeat 2", a, folder("b").toString());
    Cli.assertBadInput(repeat);
    assertThat(repeat.err()).contains("take one target, not a group");
    assertThat(Files.exists(out)).isFalse();
  }

  @Test
  void severalFoldersAreFilledAtOnceToTheirLimit() throws Exception {
    Path out = dir.resolve("group");
    Cli.Result r =
        Cli.okLine(
            "fill {} {} --file-size 4MB --limit 12MB --interval 250ms --out {} --db {}",
            folder("x"),
            folder("y"),
            out,
            dir.resolve("history.db"));
    JsonNode group = json(out.resolve("group.json"));
    assertThat(group.path("command").asText()).isEqualTo("fill");
    assertThat(group.at("/params/target/limit_bytes").asLong()).isEqualTo(12_000_000);
    for (String name : List.of("x", "y")) {
      JsonNode run = json(out.resolve(name).resolve("run.json"));
      assertThat(run.path("command").asText()).isEqualTo("fill");
      assertThat(run.at("/result/end").asText()).isEqualTo("limit");
      assertThat(run.at("/result/files").asInt()).isEqualTo(3);
    }
    assertThat(Listings.of(dir.resolve("x"))).as("the fill's files removed").isEmpty();
    assertThat(Files.isRegularFile(out.resolve("analysis.json"))).isTrue();
  }

  @Test
  void withoutASoloPassEachDrivesHistoryGivesItsSoloRateButNotItsGroupRuns() throws Exception {
    Path a = folder("a");
    Path b = folder("b");
    Path alone = dir.resolve("alone");
    Cli.Result solo = write("{} --size 24MB --out {}", a, alone);
    assertThat(solo.exitCode()).as(solo.err()).isZero();

    for (String g : List.of("group1", "group2")) {
      Path out = dir.resolve(g);
      Cli.Result r = write("{} {} --size 8MB --out {}", a, b, out);
      assertThat(r.exitCode()).as(r.err()).isZero();
      JsonNode t = json(out.resolve("group.json")).path("targets").get(0);
      // Both folders are on one drive here: its run alone is what both wrote alone, and the
      // first group's runs (beside each other) never stand for it.
      assertThat(t.path("solo_source").asText()).as(t::toString).isEqualTo("history");
      assertThat(t.path("solo_MBps").asDouble()).isPositive();
      assertThat(t.path("solo_from").asText()).contains(alone.toString());
    }
  }
}
