package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.run.RunObserver;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a group's progress shows of each target's own run: its notes, as a single write prints them,
 * and its live phase in its line of the block.
 */
class GroupProgressTest {

  @TempDir Path dir;

  @Test
  void aTargetsNoteIsPrintedWithItsNameAsASingleWritePrintsIt() throws Exception {
    // 16 MB is not whole 4 KiB blocks: the write says it rounds the size up.
    Path a = Files.createDirectories(dir.resolve("a"));
    Path b = Files.createDirectories(dir.resolve("b"));
    Cli.Result one =
        Cli.okLine("write {} --size 16MB --engine null --db none --out {}", a, dir.resolve("one"));
    List<String> notes = one.out().lines().filter(l -> l.startsWith("note: ")).toList();
    assertThat(notes).as(one.out()).isNotEmpty();

    Cli.Result group =
        Cli.okLine(
            "write {} {} --size 16MB --engine null --db none --out {}", a, b, dir.resolve("g"));
    for (String name : List.of("a", "b")) {
      for (String note : notes) {
        assertThat(group.out())
            .as("target %s's note", name)
            .contains("note: " + name + ": " + note.substring("note: ".length()));
      }
    }
  }

  @Test
  void aTargetsLivePhaseStandsInItsLineWhileItWrites() {
    StringWriter screen = new StringWriter();
    GroupProgress progress = new GroupProgress(new PrintWriter(screen), false, List.of("a", "b"));
    progress.together();
    Path folder = dir.resolve("a");
    RunObserver a = progress.member("a");
    a.started(new RunObserver.RunInfo("r1", "write", folder, folder, "sync", 1 << 20, -1));
    a.phase("after the cliff at 1.2 GB");
    RunObserver b = progress.member("b");
    b.started(new RunObserver.RunInfo("r2", "write", folder, folder, "sync", 1 << 20, -1));
    b.phase(""); // not known yet
    progress.groupRow(1, new double[] {100, 200}, 300);
    assertThat(screen.toString())
        .containsPattern("(?m)^  a .* written, after the cliff at 1\\.2 GB$")
        .containsPattern("(?m)^  b .* written, writing$");
  }
}
