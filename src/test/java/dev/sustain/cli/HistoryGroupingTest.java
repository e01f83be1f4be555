package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history groups runs as a person would: a tmpfs is one "drive" whatever folder was written, a
 * kept file read back or verified goes under the drive it is on, the null engine and {@code --db
 * none} record nothing, {@code --drive} finds a part of a key or path, and the table names the
 * engine and the request size. Runs on /dev/shm (a tmpfs on Linux); skips where it is not one.
 */
class HistoryGroupingTest {

  @TempDir Path temp;
  private Path shm;
  private Path db;

  @BeforeEach
  void onTmpfs() throws Exception {
    Path devShm = Path.of("/dev/shm");
    assumeTrue(
        Files.isDirectory(devShm) && "tmpfs".equals(Files.getFileStore(devShm).type()),
        "/dev/shm is not a tmpfs here");
    shm = Files.createTempDirectory(devShm, "sustain-history-");
    db = temp.resolve("history.db");
  }

  @AfterEach
  void removeShm() throws Exception {
    if (shm != null) {
      try (var s = Files.walk(shm)) {
        for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  private Cli.Result write(Path target, String... more) throws Exception {
    Files.createDirectories(target);
    java.util.List<String> args =
        new java.util.ArrayList<>(
            java.util.List.of(
                "write",
                target.toString(),
                "--size",
                "8MiB",
                "--interval",
                "100ms",
                "--db",
                db.toString()));
    args.addAll(java.util.List.of(more));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    return r;
  }

  private JsonNode history(String... more) throws Exception {
    java.util.List<String> args =
        new java.util.ArrayList<>(java.util.List.of("history", "--json", "--db", db.toString()));
    args.addAll(java.util.List.of(more));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    return RunFolder.JSON.readTree(r.out());
  }

  @Test
  void twoFoldersOnOneTmpfsAreOneEntryWithItsTrendLine() throws Exception {
    Cli.Result first = write(shm.resolve("a"));
    assertThat(first.out()).contains("note: this is memory (tmpfs), not a drive");
    write(shm.resolve("b"), "--bs", "256KiB", "--engine", "threads");
    JsonNode h = history();
    assertThat(h.get("runs")).hasSize(2);
    assertThat(h.get("drives")).as(h.toString()).hasSize(1);
    String drive = h.at("/drives/0/drive").asText();
    assertThat(drive).startsWith("fs:").endsWith(":/dev/shm (tmpfs)");
    assertThat(h.at("/runs/0/drive").asText()).isEqualTo(drive);
    assertThat(h.at("/runs/1/drive").asText()).isEqualTo(drive);

    Cli.Result text = Cli.run("history", "--db", db.toString());
    assertThat(text.out())
        .contains("memory (tmpfs at /dev/shm on ")
        .containsOnlyOnce("  trend: ")
        .containsPattern("started \\(UTC\\)\\s+command\\s+engine\\s+bs\\s+status")
        .containsPattern("write\\s+threads\\s+256KiB\\s+complete")
        .containsPattern("write\\s+uring\\s+1MiB\\s+complete");
  }

  @Test
  void aKeptFileReadBackAndVerifiedGoesUnderItsRunsDrive() throws Exception {
    Path out = temp.resolve("kept");
    write(shm.resolve("k"), "--keep", "--out", out.toString());
    Path file =
        Path.of(
            RunFolder.JSON
                .readTree(out.resolve("run.json").toFile())
                .at("/target/test_file")
                .asText());
    Cli.Result read = Cli.ok("read", out, "--db", db);
    Cli.Result verify = Cli.ok("verify", file, "--db", db);
    Cli.Result sweep =
        Cli.okLine(
            "sweep {} --bs 1MiB --qd 1 --size-per-point 4MiB --write-only --db {}",
            shm.resolve("k"),
            db);
    JsonNode h = history();
    assertThat(h.get("runs")).hasSize(4);
    assertThat(h.get("drives")).as(h.toString()).hasSize(1);
    assertThat(h.at("/drives/0/drive").asText()).endsWith(":/dev/shm (tmpfs)");
    Files.deleteIfExists(file);
  }

  @Test
  void theNullEngineAndDbNoneRecordNothing() throws Exception {
    write(shm.resolve("n"), "--engine", "null");
    // Nothing recorded: not even an empty history is made (and history refuses a missing one).
    assertThat(db).doesNotExist();

    Path none = temp.resolve("none-run");
    Cli.Result r =
        Cli.okLine(
            "write {} --size 4MiB --db none --out {}",
            Files.createDirectories(shm.resolve("x")),
            none);
    assertThat(r.err()).doesNotContain("warning");
    assertThat(Files.exists(Path.of("none"))).as("no history file named none").isFalse();
    assertThat(db).doesNotExist();
    Cli.Result h = Cli.run("history", "--db", "none");
    Cli.assertBadInput(h);
    assertThat(h.err()).startsWith("sustain history: --db none keeps no history");
  }

  @Test
  void driveMatchesAPartOfTheKeyOrThePathInAnyCase() throws Exception {
    write(shm.resolve("usb-stick"));
    assertThat(history("--drive", "SHM").get("runs")).hasSize(1);
    assertThat(history("--drive", "usb-st").get("runs")).as("the target path").hasSize(1);
    assertThat(history("--drive", "tmpfs").get("runs")).hasSize(1);
    assertThat(history("--drive", "nothing-like-it").get("runs")).isEmpty();
  }
}
