package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.document.RunDocumentCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The idle before a run, from the history: asked with the run's record at its start; recording a
 * folder reads it and never writes into it, so run.json is the same with {@code --db none}.
 */
class IdleBeforeTest {

  @TempDir Path temp;

  /** A run of the drive with {@code serial}, with a {@code before} whose idle is not known. */
  private Path run(String name, String serial, String started, String ended) throws Exception {
    Path dir = RunFoldersTest.writeRunFolder(temp.resolve(name), serial, started, 127.0);
    Path runJson = dir.resolve("run.json");
    Files.writeString(
        runJson,
        Files.readString(runJson)
            .replace("\"ended\":\"2026-03-01T09:10:29Z\"", "\"ended\":\"" + ended + "\"")
            .replace(
                "\"params\":",
                "\"run_id\":\""
                    + name
                    + "\",\"before\":{\"free_bytes\":1,\"idle_s\":null},"
                    + "\"params\":"));
    return dir;
  }

  @Test
  void recordingAFolderLeavesItsRunJsonByteForByte() throws Exception {
    DbLocation db = DbLocation.sqlite(temp.resolve("history.db"));
    Path first = run("a", "50026B7686AB1234", "2026-03-01T09:00:00Z", "2026-03-01T09:10:29Z");
    Path second = run("b", "50026B7686AB1234", "2026-03-01T10:00:00Z", "2026-03-01T10:10:29Z");
    RunHistory.recordRunFolder(first, db);
    byte[] left = Files.readAllBytes(second.resolve("run.json"));

    RunHistory.recordRunFolder(second, db);

    // The history knows an earlier run of this drive, yet the folder is as the run left it.
    assertThat(Files.readAllBytes(second.resolve("run.json"))).isEqualTo(left);
    assertThat(new String(left, java.nio.charset.StandardCharsets.UTF_8))
        .contains("\"idle_s\":null");
  }

  @Test
  void theIdleIsFromTheSameDrivesLastRunThatEndedBeforeTheStart() throws Exception {
    DbLocation db = DbLocation.sqlite(temp.resolve("history.db"));
    RunHistory.recordRunFolder(
        run("a", "50026B7686AB1234", "2026-03-01T09:00:00Z", "2026-03-01T09:10:29Z"), db);
    RunHistory.recordRunFolder(
        run("other", "S3EWNX0M912345", "2026-03-01T09:20:00Z", "2026-03-01T09:30:00Z"), db);
    Path later = run("c", "50026B7686AB1234", "2026-03-01T11:00:00Z", "2026-03-01T11:10:00Z");
    RunHistory.recordRunFolder(later, db); // ends after the start asked about: not before it
    Path second = run("b", "50026B7686AB1234", "2026-03-01T10:00:00Z", "2026-03-01T10:10:29Z");

    // 09:10:29 to 10:00:00: the other drive's later end and this drive's later run do not count.
    assertThat(RunHistory.idleBefore(RunDocumentCodec.read(second), db)).hasValue(2971.0);
    assertThat(RunHistory.idleBefore(RunDocumentCodec.read(temp.resolve("a")), db))
        .as("the drive's first run")
        .isEmpty();
  }
}
