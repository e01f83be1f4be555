package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.testing.RunFolderRig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code clean RUN} names, decided in one place: a path is itself, without asking the history;
 * an id is the history's folder for it, else the runs folder's; none is one line that says where it
 * was looked for.
 */
class RunByIdTest {

  private static final String ID = "20261204-101500-beef";

  @TempDir Path dir;

  /** A history the lookup must not ask. */
  private static final Supplier<DbLocation> NOT_ASKED =
      () -> {
        throw new AssertionError("the history was asked for a path");
      };

  /** A finished run with the id {@link #ID} in {@code folder}. */
  private static Path run(Path folder) throws Exception {
    return RunFolderRig.write(
        folder,
        """
        {"version":1,"command":"write","run_id":"%s","host":"lab1",
         "target":{"path":"/mnt/k","kind":"file"},
         "params":{},"started":"2026-12-04T10:15:00Z","ended":"2026-12-04T10:15:03Z",
         "result":{"bytes":3000000,"seconds":3.0,"average_MBps":1.0,"status":"complete","error":null}}
        """
            .formatted(ID),
        "time_s,write_MBps,bytes\n1,1.0,1000000\n2,1.0,1000000\n3,1.0,1000000\n");
  }

  @Test
  void aPathIsItselfAndTheHistoryIsNotAsked() throws Exception {
    Path there = Files.createDirectories(dir.resolve(ID)); // named like an id, but there
    assertThat(RunById.folderOf(there, NOT_ASKED, dir)).isEqualTo(there);
    Path notAnId = dir.resolve("gone").resolve("run");
    assertThat(RunById.folderOf(notAnId, NOT_ASKED, dir)).isEqualTo(notAnId);
  }

  @Test
  void anIdIsTheHistorysFolderBeforeTheRunsFolders() throws Exception {
    Path recorded = run(dir.resolve("elsewhere"));
    DbLocation history = DbLocation.sqlite(dir.resolve("h.db"));
    RunHistory.recordRunFolder(recorded, history);
    Path runs = Files.createDirectories(dir.resolve("runs"));
    Path underRuns = run(runs.resolve(ID + "-write"));

    assertThat(RunById.folderOf(Path.of(ID), () -> history, runs)).isEqualTo(recorded);
    assertThat(RunById.folderOf(Path.of(ID), () -> null, runs)).isEqualTo(underRuns);
    DbLocation empty = DbLocation.sqlite(dir.resolve("empty.db"));
    assertThat(RunById.folderOf(Path.of(ID), () -> empty, runs)).isEqualTo(underRuns);
  }

  @Test
  void anIdOfNoRunSaysWhereItLookedAndWhyTheHistoryCouldNotBeAsked() throws Exception {
    Path runs = dir.resolve("runs");
    assertThatThrownBy(() -> RunById.folderOf(Path.of(ID), () -> null, runs))
        .isInstanceOf(RunById.NotFound.class)
        .hasMessage(ID + " is neither a run folder nor the id of a run under " + runs);

    Path broken = Files.writeString(dir.resolve("broken.db"), "not a history\n".repeat(100));
    DbLocation history = DbLocation.sqlite(broken);
    assertThatThrownBy(() -> RunById.folderOf(Path.of(ID), () -> history, runs))
        .isInstanceOf(RunById.NotFound.class)
        .hasMessageStartingWith(
            ID
                + " is neither a run folder nor the id of a run in the history at "
                + history.redacted()
                + " or under "
                + runs
                + " (the history could not be read: ")
        .hasMessageNotContaining("\n");
  }
}
