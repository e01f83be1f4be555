package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.store.TestDatabases.Backend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class RunStoreTest {

  @TempDir Path temp;
  @RegisterExtension final FreshDb db = new FreshDb();

  private RunStore open(Backend backend) {
    db.make(backend, temp);
    return RunStore.open(DbLocation.parse(db.value(), Map.of()));
  }

  @EveryBackend
  void migratesAnEmptyDatabaseAndAgainWithoutChange(Backend backend) {
    try (RunStore store = open(backend)) {
      assertThat(store.schemaVersion()).isEqualTo("5");
      assertThat(store.count()).isZero();
    }
    // A second open finds the schema current and keeps the data.
    try (RunStore store = RunStore.open(DbLocation.parse(db.value(), Map.of()))) {
      store.record(
          RunRecords.run(
              "r1", RunRecords.T9, Instant.parse("2026-01-01T10:00:00Z"), 918.0, 963.0, "flat"));
    }
    try (RunStore store = RunStore.open(DbLocation.parse(db.value(), Map.of()))) {
      assertThat(store.schemaVersion()).isEqualTo("5");
      assertThat(store.count()).isEqualTo(1);
    }
  }

  @EveryBackend
  void storesEveryFieldAndReadsItBack(Backend backend) {
    RunRecord cliff =
        RunRecords.run(
            "0b3c7c9e-0000-4000-8000-000000000001",
            RunRecords.KINGSTON,
            Instant.parse("2026-03-01T09:00:00.123Z"),
            127.0,
            649.0,
            "cache-cliff");
    try (RunStore store = open(backend)) {
      store.record(cliff);
      RunRecord back = store.find(cliff.runId()).orElseThrow();
      assertThat(back).isEqualTo(cliff);
      assertThat(back.figures().cacheGB()).isEqualTo(280.0);
      assertThat(store.find("missing")).isEmpty();
    }
  }

  @EveryBackend
  void keepsNullFiguresAsNull(Backend backend) {
    RunRecord running =
        new RunRecord(
            "run-x",
            Drive.of(null, null, null, null, null, "lab2", "/mnt/scratch/sustain.tmp", null, null),
            "lab2",
            "verify",
            null,
            // Started now: another host's running run with nothing recorded for long reads stale.
            Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS),
            null,
            "running",
            null,
            null,
            null,
            null,
            "run",
            null,
            null,
            null,
            null);
    try (RunStore store = open(backend)) {
      store.record(running);
      RunRecord back = store.find("run-x").orElseThrow();
      assertThat(back).isEqualTo(running);
      assertThat(back.figures()).isEqualTo(RunRecord.Figures.NONE);
      assertThat(back.drive().id()).isEqualTo("path:lab2:/mnt/scratch/sustain.tmp");
    }
  }

  @EveryBackend
  void recordingTheSameRunAgainUpdatesIt(Backend backend) {
    Instant t = Instant.parse("2026-03-01T09:00:00Z");
    RunRecord atStart =
        new RunRecord(
            "same",
            RunRecords.T9,
            "lab1",
            "write",
            null,
            t,
            null,
            "running",
            null,
            null,
            null,
            "/runs/same",
            "run",
            null,
            null,
            null,
            null);
    RunRecord atEnd = RunRecords.run("same", RunRecords.T9, t, 918.0, 963.0, "flat");
    try (RunStore store = open(backend)) {
      store.record(atStart);
      store.record(atEnd);
      assertThat(store.count()).isEqualTo(1);
      assertThat(store.find("same").orElseThrow().status()).isEqualTo("complete");
      assertThat(store.find("same").orElseThrow().figures().floorMBps()).isEqualTo(918.0);
    }
  }

  @EveryBackend
  void listsNewestFirstAndFiltersByDrive(Backend backend) {
    Instant t0 = Instant.parse("2026-03-01T09:00:00Z");
    try (RunStore store = open(backend)) {
      // Recorded out of order on purpose: the order must come from the start time.
      store.record(
          RunRecords.run(
              "k2", RunRecords.KINGSTON, t0.plusSeconds(7200), 700.0, 750.0, "gc-erratic"));
      store.record(RunRecords.run("t1", RunRecords.T9, t0.plusSeconds(3600), 918.0, 963.0, "flat"));
      store.record(RunRecords.run("k1", RunRecords.KINGSTON, t0, 972.0, 972.0, "flat"));
      store.record(
          RunRecords.run(
              "k3", RunRecords.KINGSTON, t0.plusSeconds(10800), 470.0, 470.0, "gc-erratic"));

      assertThat(store.runs(null, 100))
          .extracting(RunRecord::runId)
          .containsExactly("k3", "k2", "t1", "k1");
      assertThat(store.runs(null, 2)).extracting(RunRecord::runId).containsExactly("k3", "k2");
      assertThat(store.runs(RunRecords.KINGSTON.id(), 100))
          .extracting(RunRecord::runId)
          .containsExactly("k3", "k2", "k1");
      assertThat(store.runs("S6XANS0W700123", 100))
          .extracting(RunRecord::runId)
          .containsExactly("t1");
      assertThat(store.runs("pssd t9", 100)).extracting(RunRecord::runId).containsExactly("t1");
      // LIKE wildcards in the filter are taken literally.
      assertThat(store.runs("%", 100)).isEmpty();
      assertThat(store.runs("nothing", 100)).isEmpty();
    }
  }

  @EveryBackend
  void anIdleOpenStoreDoesNotHoldTheWriteLock(Backend backend) {
    Instant t = Instant.parse("2026-03-01T09:00:00Z");
    try (RunStore idle = open(backend);
        RunStore other = RunStore.open(DbLocation.parse(db.value(), Map.of()))) {
      idle.record(RunRecords.run("a", RunRecords.T9, t, 918.0, 963.0, "flat"));
      idle.runs(null, 10);
      // "idle" stays open and does nothing; "other" must get the write lock at once, not after
      // the 15 s busy timeout.
      long start = System.nanoTime();
      other.record(RunRecords.run("b", RunRecords.T9, t.plusSeconds(60), 918.0, 963.0, "flat"));
      long ms = (System.nanoTime() - start) / 1_000_000;
      // Well under the busy timeout, even on a machine busy elsewhere.
      assertThat(ms).as("ms to write beside an idle open store").isLessThan(10_000);
      assertThat(idle.count()).isEqualTo(2);
    }
  }

  @Test
  void sqliteFileHasARollbackJournalAndNoMappedFiles() throws Exception {
    // WAL's -shm index is memory-mapped: a file made immutable or truncated under it was a
    // SIGBUS that killed the run. A rollback journal maps nothing; neither may the database.
    try (RunStore store = open(Backend.SQLITE)) {
      Path file = store.location().sqliteFile();
      assertThat(file).exists();
      try (var c = RunStore.connect(store.location());
          var st = c.createStatement()) {
        try (var rs = st.executeQuery("PRAGMA journal_mode")) {
          rs.next();
          assertThat(rs.getString(1)).isEqualToIgnoringCase("delete");
        }
        try (var rs = st.executeQuery("PRAGMA mmap_size")) {
          rs.next();
          assertThat(rs.getLong(1)).isZero();
        }
      }
      assertThat(file.resolveSibling(file.getFileName() + "-shm")).doesNotExist();
      assertThat(file.resolveSibling(file.getFileName() + "-wal")).doesNotExist();
    }
  }

  @Test
  void anUnreachableServerFailsWithARedactedMessage() {
    String password = "S3cret-Never-Shown";
    DbLocation loc =
        DbLocation.parse(
            "jdbc:postgresql://127.0.0.1:1/nodb?user=u&password=" + password + "&connectTimeout=2",
            Map.of());
    assertThatThrownBy(() -> RunStore.open(loc))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("127.0.0.1:1/nodb")
        .hasMessageNotContaining(password)
        .hasNoCause();
  }

  @Test
  void aWrongPasswordFailsWithoutShowingIt() {
    String url = System.getenv(TestDatabases.PG_ENV);
    org.junit.jupiter.api.Assumptions.assumeTrue(
        url != null, "no PostgreSQL: set " + TestDatabases.PG_ENV);
    String wrong = "Wrong-Pw-" + System.nanoTime();
    String bad = url.replaceAll("password=[^&]*", "password=" + wrong);
    assertThatThrownBy(() -> RunStore.open(DbLocation.parse(bad, Map.of())))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("password authentication failed")
        .hasMessageNotContaining(wrong);
  }

  @Test
  void aFileWhereTheFolderShouldBeIsAClearError() throws Exception {
    Path blocker = Files.writeString(temp.resolve("blocker"), "x");
    DbLocation loc = DbLocation.sqlite(blocker.resolve("history.db"));
    assertThatThrownBy(() -> RunStore.open(loc))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("cannot create the folder");
    assertThat(List.of(blocker)).allMatch(Files::isRegularFile);
  }
}
