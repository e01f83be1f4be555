package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.RunFolderRig;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a new user meets first: mistyped commands and options, sizes, the words of the summary. */
class UsabilityTest {

  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource({"wrte, write", "analyse, analyze", "compar, compare", "hisotry, history"})
  void aMistypedCommandGetsTheNearestCommand(String typed, String meant) {
    Cli.Result r = Cli.run(typed, "x");
    Cli.assertBadInput(r);
    assertThat(r.err().strip())
        .startsWith("sustain: unknown command '" + typed + "'; did you mean " + meant)
        .doesNotContain("Unmatched")
        .hasLineCount(1);
  }

  @Test
  void aWordNothingLikeACommandGetsNoGuess() {
    Cli.Result r = Cli.run("xyzzy");
    Cli.assertBadInput(r);
    assertThat(r.err().strip())
        .isEqualTo("sustain: unknown command 'xyzzy' (see 'sustain --help')");
  }

  @ParameterizedTest
  @CsvSource({"xyzzy, --help", "wrte, -h", "xyzzy, --version"})
  void anUnknownCommandWithHelpIsStillAnUnknownCommand(String typed, String option) {
    Cli.Result r = Cli.run(typed, option);
    Cli.assertBadInput(r);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().strip())
        .startsWith("sustain: unknown command '" + typed + "'")
        .hasLineCount(1);
  }

  @Test
  void aMistypedOptionNamesTheSubcommandAndTheNearestOption() {
    Cli.Result r = Cli.run("write", "--sise", "1GiB", dir.toString());
    Cli.assertBadInput(r);
    assertThat(r.err().strip())
        .isEqualTo("sustain write: unknown option '--sise'; did you mean --size?");
    Cli.Result h = Cli.run("history", "--drve", "x");
    assertThat(h.err().strip())
        .isEqualTo("sustain history: unknown option '--drve'; did you mean --drive?");
  }

  @Test
  void everyOptionErrorNamesItsSubcommand() {
    Cli.Result r = Cli.run("write", dir.toString(), "--qd", "many");
    Cli.assertBadInput(r);
    assertThat(r.err()).startsWith("sustain write: ").contains("--qd");
    Cli.Result a = Cli.run("analyze");
    Cli.assertBadInput(a);
    assertThat(a.err()).startsWith("sustain analyze: ");
  }

  @ParameterizedTest
  @CsvSource({"1G, 1GiB, 1GB", "500M, 500MiB, 500MB", "2t, 2TiB, 2TB", "64k, 64KiB, 64kB"})
  void aOneLetterSizeIsRefusedWithTheTwoExactSpellings(String given, String binary, String dec)
      throws Exception {
    Cli.Result r = Cli.run("write", dir.toString(), "--size", given);
    Cli.assertBadInput(r);
    assertThat(r.err().strip())
        .startsWith("sustain write: ")
        .contains("'" + given + "' is ambiguous: write " + binary + " (")
        .contains(" or " + dec + " (")
        .hasLineCount(1);
    try (var left = Files.list(dir)) {
      assertThat(left).as("nothing is written for bad input").isEmpty();
    }
  }

  @Test
  void aRoundedSizeIsSaidWithWhatItBecame() throws Exception {
    Path target = Files.createDirectories(dir.resolve("t"));
    Cli.Result r =
        Cli.ok("write", target, "--size", "1gb", "--engine", "null", "--out", dir.resolve("run"));
    // 10^9 is not a whole number of 4 KiB blocks (verifiable data): 244141 blocks are written.
    assertThat(r.out())
        .contains(
            "note: --size 1000000000 B (1.0 GB) is rounded up to 1000001536 B (1.0 GB), a whole"
                + " number of 4 KiB blocks");
    Cli.Result exact =
        Cli.ok("write", target, "--size", "1GiB", "--engine", "null", "--out", dir.resolve("run2"));
    assertThat(exact.out()).doesNotContain("rounded");
  }

  @Test
  void oneIntervalIsSingular() throws Exception {
    Path target = Files.createDirectories(dir.resolve("t"));
    Cli.Result r =
        Cli.ok(
            "write",
            target, // One interval by construction: the null engine writes 4 MiB in microseconds (a
            // write
            // that short still has its row) and, however busy the machine, in under a minute.
            "--size",
            "4MiB",
            "--interval",
            "60s",
            "--engine",
            "null",
            "--out",
            dir.resolve("run"));
    assertThat(r.out()).contains(" over 1 interval\n").doesNotContain("1 intervals");
  }

  @Test
  void writeJsonPrintsTheResultAndTheAnalysisAsOneObject() throws Exception {
    Cli.Folders rig = Cli.in(dir, "t", "run");
    Cli.Result r =
        rig.ok("write TARGET --size 24MiB --interval 100ms --expect 1MB/s --json --out OUT");
    var doc = dev.sustain.run.RunFolder.JSON.readTree(r.out());
    assertThat(doc.at("/result/status").asText()).isEqualTo("complete");
    assertThat(doc.at("/result/bytes").asLong()).isEqualTo(24L << 20);
    assertThat(doc.at("/run_folder").asText()).isEqualTo(rig.out().toString());
    assertThat(doc.at("/analysis/shape").isTextual()).isTrue();
    assertThat(doc.at("/analysis/burst_MBps").isNumber()).isTrue();
    assertThat(doc.at("/expectation/points").size()).isEqualTo(4);
    // People's words went to stderr, so stdout is nothing but the JSON.
    assertThat(r.err()).contains("Wrote 25.2 MB (24 MiB)");
    assertThat(r.out()).doesNotContain("Wrote");
  }

  @Test
  void untilFloorSaysWhatItWritesAtMostAndThatTheFloorWasNotReached() throws Exception {
    Cli.Folders rig = Cli.in(dir, "t", "run");
    Cli.Result r = rig.run("write TARGET --until floor --size 16MiB --out OUT");
    // Written, but not what was asked: exit 4, neither done (0) nor failed (1).
    assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.FLOOR_NOT_REACHED);
    assertThat(r.out())
        .contains("note: --until floor: writing until the rate holds within ±10% for 1m 00s")
        .contains("at most 16.8 MB (--size)")
        .contains("note: --until floor: the floor was NOT reached")
        .contains("it wrote all it was allowed (16.8 MB)");
    assertThat(RunFolderRig.document(rig.out()).result().floorReached()).contains(false);

    // Without --size the most it writes is the free space less the margin, and it says so.
    Cli.Result plan =
        rig.run("write TARGET --until floor --engine null --time 1s --out {}", dir.resolve("plan"));
    assertThat(plan.exitCode()).as(plan.err()).isEqualTo(ExitCodes.FLOOR_NOT_REACHED);
    assertThat(plan.out()).contains("for at most 1.00s");
  }

  @Test
  void memoryIsCalledMemoryNotADrive() throws Exception {
    Path shm = Path.of("/dev/shm");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isDirectory(shm) && "tmpfs".equals(Files.getFileStore(shm).type()),
        "/dev/shm is not a tmpfs here");
    Cli.Result info = Cli.ok("info", shm);
    assertThat(info.out())
        .startsWith("/dev/shm  ->  memory (tmpfs mounted on /dev/shm), not a drive")
        .contains("a write here measures memory and the CPU");
    Cli.Result json = Cli.run("info", shm.toString(), "--json");
    var doc = dev.sustain.run.RunFolder.JSON.readTree(json.out());
    assertThat(doc.get("memory").asBoolean()).isTrue();
    assertThat(doc.at("/filesystem/type").asText()).isEqualTo("tmpfs");
    assertThat(doc.get("device").isNull()).isTrue();
  }

  @Test
  void generateCompletionPrintsAScriptThatCompletesCommandsAndOptions() throws Exception {
    Cli.Result r = Cli.ok("generate-completion");
    assertThat(r.out()).contains("complete -F _complete_sustain").contains("--size");
    Path script = dir.resolve("sustain-completion.bash");
    Files.writeString(script, r.out());
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isExecutable(Path.of("/bin/bash")), "no bash to run the completion in");
    assertThat(CompletionTest.complete(script, "sustain wr")).isEqualTo("write");
    assertThat(CompletionTest.complete(script, "sustain write --si")).isEqualTo("--size");
    assertThat(CompletionTest.complete(script, "sustain history --dr")).isEqualTo("--drive");
  }

  @Test
  void aManualPagePerCommandFromThePicocliModel() throws Exception {
    Path man = dir.resolve("man");
    Cli.Result r = Cli.ok("gen-manpage", "-d", man);
    for (String c :
        java.util.List.of(
            "sustain",
            "sustain-write",
            "sustain-analyze",
            "sustain-report",
            "sustain-compare",
            "sustain-history",
            "sustain-info",
            "sustain-verify",
            "sustain-read",
            "sustain-sweep",
            "sustain-fill",
            "sustain-copy",
            "sustain-dataset",
            "sustain-clean",
            "sustain-trim",
            "sustain-share",
            "sustain-hub",
            "sustain-models",
            "sustain-generate-completion")) {
      assertThat(man.resolve(c + ".adoc")).as(c).exists();
    }
    assertThat(Files.readString(man.resolve("sustain-write.adoc")))
        .contains("= sustain-write(1)")
        .contains("*--size*=_SIZE_")
        .contains("*--json*");
    // The sections a manual page has beyond --help, in every page, in man(7)'s order.
    for (String c : java.util.List.of("sustain", "sustain-write", "sustain-info", "sustain-trim")) {
      String page = Files.readString(man.resolve(c + ".adoc"));
      assertThat(page)
          .as(c)
          .containsSubsequence(
              "== Name",
              "== Synopsis",
              "== Description",
              "== Options",
              "== Exit status",
              "== Files",
              "== Environment",
              "== Units",
              "== Examples",
              "== See also");
      assertThat(page)
          .as(c)
          .contains("~/.local/share/sustain/history.db")
          .contains("*SUSTAIN_DB*", "*XDG_DATA_HOME*", "*SUSTAIN_JAVA*", "*SUSTAIN_AOT*")
          .contains("*JAVA_HOME*", "*fio*(1)", "*smartctl*(8)", "*f3read*(1)");
    }
    assertThat(Files.readString(man.resolve("sustain-write.adoc")))
        .contains("sustain write /mnt/usb --until floor");
    // Hidden from users: the page generator itself is not in the top command's help.
    assertThat(Cli.run("--help").out())
        .contains("generate-completion")
        .doesNotContain("gen-manpage");
  }
}
