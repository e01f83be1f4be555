package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.cli.Cli;
import dev.sustain.run.RunProcess;
import dev.sustain.store.EveryBackend;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.testing.Await;
import dev.sustain.testing.RunFolderRig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run killed while it records itself (SIGKILL: no end is ever written) is shown killed by the
 * dashboard, its API and {@code history} on its host as soon as its process is gone; another host's
 * run is never called killed, only stale once its rows stop; a live pid that started after the run
 * (reused) is not the run's.
 */
class KilledRunTest {

  @TempDir Path dir;

  @Test
  void aWriteKilledWhileWatchedIsShownKilledEverywhere() throws Exception {
    String db = Served.freshDb(Backend.SQLITE, dir);
    Cli.Folders rig = Cli.in(dir, "target", "run");
    try (Served s = Served.start(db, null, 100)) {
      Process write =
          Cli.startCachedWrite(
              dir.resolve("stdout"),
              dir.resolve("stderr"),
              rig.target(),
              "10m",
              "200ms",
              rig.out(),
              db);
      String runId;
      SseTest.Received seen = new SseTest.Received(SseTest.sync(), SseTest.sync(), SseTest.sync());
      CompletableFuture<Void> feed;
      try {
        String[] found = {null};
        Await.until(
            "the write listed as running by the dashboard",
            () -> {
              assertThat(write.isAlive())
                  .as("the write goes on until it is seen: %s", stderr())
                  .isTrue();
              JsonNode runs = s.json("/api/runs?status=running").path("runs");
              if (runs.size() == 1) {
                found[0] = runs.get(0).path("run_id").asText();
              }
              return found[0] != null;
            });
        runId = found[0];
        feed = SseTest.watch(s, runId, seen);
        Await.until("rows in the live feed", () -> seen.rows().size() >= 2);
        write.destroyForcibly(); // SIGKILL: nothing of the run's own ends it
        Await.ended(write, "the killed write");
      } finally {
        write.destroyForcibly();
      }
      assertThat(RunFolderRig.document(rig.out()).result().status().orElseThrow())
          .as("the run itself never wrote an end")
          .isEqualTo("running");

      // Read after the process is reaped: each of these checks it then, so no wait is needed.
      JsonNode summary = s.json("/api/runs/" + runId).path("summary");
      assertThat(summary.path("status").asText()).isEqualTo("killed");
      assertThat(summary.path("status_note").asText()).contains("process is gone");
      assertThat(s.json("/api/runs?status=running").path("runs")).isEmpty();
      assertThat(ids(s.json("/api/runs?status=killed"))).containsExactly(runId);
      assertThat(s.json("/api/health").path("running").asInt()).isZero();
      assertThat(s.json("/api/drives").path("drives").get(0).path("running").asInt()).isZero();
      JsonNode history = historyJson(db);
      assertThat(history.path("runs")).hasSize(1);
      assertThat(history.at("/runs/0/run_id").asText()).isEqualTo(runId);
      assertThat(history.at("/runs/0/status").asText()).isEqualTo("killed");
      Cli.Result text = Cli.run("history", "--db", db);
      assertThat(text.out()).contains(" killed ").contains("killed: its process is gone");

      // What it wrote, in every list and page: its stored rows' bytes and time, not the 0 bytes in
      // 0 s of its start; and what it left, with the clean to run.
      JsonNode rows = s.json("/api/runs/" + runId + "/samples").path("rows");
      long bytes = 0;
      double seconds = 0;
      for (JsonNode row : rows) {
        bytes += row.path("bytes").asLong();
        seconds = Math.max(seconds, row.path("time_s").asDouble());
      }
      assertThat(bytes).as("rows were stored").isPositive();
      String testFile = RunFolderRig.document(rig.out()).target().testFile().orElseThrow();
      assertThat(testFile).isNotEmpty();
      List<JsonNode> shown =
          List.of(
              s.json("/api/runs").path("runs").get(0),
              s.json("/api/runs?status=killed").path("runs").get(0),
              s.json("/api/runs/" + runId).path("summary"),
              s.json("/api/runs/" + runId + "/view").path("summary"));
      for (JsonNode r : shown) {
        assertThat(r.path("bytes").asLong()).isEqualTo(bytes);
        assertThat(r.path("seconds").asDouble()).isCloseTo(seconds, within(0.001));
        assertThat(r.path("average_MBps").asDouble()).isCloseTo(bytes / seconds / 1e6, within(0.1));
        assertThat(r.path("status_note").asText())
            .contains(testFile)
            .contains("sustain clean " + rig.out());
        assertThat(r.path("clean_command").asText()).isEqualTo("sustain clean " + rig.out());
      }

      // The live feed ends at the dashboard's next poll, as killed.
      feed.get(Await.GENEROUS.toSeconds(), TimeUnit.SECONDS);
      assertThat(seen.ends()).hasSize(1);
      assertThat(Served.JSON.readTree(seen.ends().getFirst()).path("status").asText())
          .isEqualTo("killed");

      // clean writes it down, in run.json and in the history, for every host to see.
      Cli.Result clean = Cli.ok("clean", rig.out(), "--db", db);
      assertThat(clean.out()).contains("Recorded it as killed in the history");
      assertThat(RunFolderRig.document(rig.out()).result().status().orElseThrow())
          .isEqualTo("killed");
      assertThat(historyJson(db).at("/runs/0/status").asText()).isEqualTo("killed");
      assertThat(stored(s, runId)).as("stored, not only shown").isEqualTo("killed");
      // After clean, the figures and the note agree with what happened. clean's record fills in
      // the rows samples.csv holds that the live recording had not stored when the SIGKILL came,
      // so the figures are those of every stored row now, at least what was shown before.
      long cleanedBytes = 0;
      double cleanedSeconds = 0;
      for (JsonNode row : s.json("/api/runs/" + runId + "/samples").path("rows")) {
        cleanedBytes += row.path("bytes").asLong();
        cleanedSeconds = Math.max(cleanedSeconds, row.path("time_s").asDouble());
      }
      assertThat(cleanedBytes).as("clean keeps every stored row").isGreaterThanOrEqualTo(bytes);
      for (JsonNode r :
          List.of(
              s.json("/api/runs").path("runs").get(0),
              s.json("/api/runs/" + runId).path("summary"))) {
        assertThat(r.path("bytes").asLong()).isEqualTo(cleanedBytes);
        assertThat(r.path("seconds").asDouble()).isCloseTo(cleanedSeconds, within(0.001));
        assertThat(r.path("average_MBps").asDouble())
            .isCloseTo(cleanedBytes / cleanedSeconds / 1e6, within(0.1));
        assertThat(r.path("status_note").asText())
            .contains("sustain clean removed")
            .doesNotContain("without recording an end");
        assertThat(r.has("clean_command")).isFalse();
      }
    }
  }

  private String stderr() throws Exception {
    Path f = dir.resolve("stderr");
    return Files.exists(f) ? Files.readString(f) : "";
  }

  /**
   * Another host's live-looking run, this host's pid in it: running while rows come, then stale.
   */
  @EveryBackend
  void anotherHostsRunIsStaleNeverKilled(Backend backend) throws Exception {
    String db = Served.freshDb(backend, dir);
    String elsewhere = RunProcess.thisHost() + "-elsewhere";
    long gonePid = Long.MAX_VALUE; // no such process here, and no matter: it is not this host's
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    try (Served s = Served.start(db, null, 100)) {
      RunRecord fresh = running("fresh", elsewhere, gonePid, now.minusSeconds(30));
      Served.put(s.location, fresh, rows(10), null);
      RunRecord quiet = running("quiet", elsewhere, gonePid, now.minus(Duration.ofMinutes(10)));
      Served.put(s.location, quiet, rows(60), null); // its last row 9 minutes ago
      assertThat(status(s, fresh)).isEqualTo("running");
      JsonNode stale = s.json("/api/runs/" + quiet.runId()).path("summary");
      assertThat(stale.path("status").asText()).isEqualTo("stale");
      assertThat(stale.path("status_note").asText()).contains("cannot be checked");
      assertThat(ids(s.json("/api/runs?status=running"))).containsExactly(fresh.runId());
      assertThat(ids(s.json("/api/runs?status=stale"))).containsExactly(quiet.runId());
      assertThat(ids(s.json("/api/runs?status=killed"))).isEmpty();
      assertThat(stored(s, quiet.runId()))
          .as("only shown: the history is not written")
          .isEqualTo("running");
      JsonNode history = historyJson(s.dbValue);
      List<String> statuses = new ArrayList<>();
      history.path("runs").forEach(r -> statuses.add(r.path("status").asText()));
      assertThat(statuses).containsExactly("running", "stale");
    }
  }

  /** This host's run whose pid now belongs to a process that started later (this JVM). */
  @EveryBackend
  void aReusedPidIsNotTheRun(Backend backend) throws Exception {
    String db = Served.freshDb(backend, dir);
    Instant jvmStart = ProcessHandle.current().info().startInstant().orElseThrow();
    long self = ProcessHandle.current().pid();
    try (Served s = Served.start(db, null, 100)) {
      RunRecord reused =
          running("reused", RunProcess.thisHost(), self, jvmStart.minus(Duration.ofMinutes(30)));
      Served.put(s.location, reused, rows(5), null);
      RunRecord live =
          running(
              "live", RunProcess.thisHost(), self, Instant.now().truncatedTo(ChronoUnit.MILLIS));
      Served.put(s.location, live, rows(5), null);
      assertThat(status(s, reused)).as("a live pid that started after the run").isEqualTo("killed");
      assertThat(status(s, live)).as("its own live process").isEqualTo("running");
    }
  }

  private static String status(Served s, RunRecord r) throws Exception {
    return s.json("/api/runs/" + r.runId()).path("summary").path("status").asText();
  }

  private static List<String> ids(JsonNode page) {
    List<String> ids = new ArrayList<>();
    page.path("runs").forEach(r -> ids.add(r.path("run_id").asText()));
    return ids;
  }

  private static JsonNode historyJson(String db) throws Exception {
    Cli.Result r = Cli.ok("history", "--json", "--db", db);
    return Served.JSON.readTree(r.out());
  }

  /** The status as the history holds it, not as a reader shows it. */
  private static String stored(Served s, String runId) {
    return dev.sustain.store.JdbiStores.unpooled(s.location)
        .withHandle(
            h ->
                h.createQuery("SELECT status FROM runs WHERE run_id = :id")
                    .bind("id", runId)
                    .mapTo(String.class)
                    .one());
  }

  /** A write recorded as running by {@code host}'s process {@code pid}. */
  private static RunRecord running(String name, String host, long pid, Instant started) {
    RunRecord complete = RunRecords.run(name, RunRecords.KINGSTON, started, null, null, null);
    return new RunRecord(
        UUID.nameUUIDFromBytes(name.getBytes(java.nio.charset.StandardCharsets.UTF_8)).toString(),
        complete.drive(),
        host,
        "write",
        "{\"engine\":\"threads\"}",
        started,
        null,
        "running",
        null,
        null,
        null,
        "/runs/" + name,
        "run",
        "sustain 0.1.0",
        "/mnt/k",
        pid,
        null);
  }

  /** A samples.csv header and {@code seconds} rows, one a second. */
  private static List<String> rows(int seconds) {
    List<String> lines = new ArrayList<>();
    lines.add("time_s,write_MBps,bytes");
    for (int t = 1; t <= seconds; t++) {
      lines.add(String.format(Locale.ROOT, "%d.000,100.0,100000000", t));
    }
    return lines;
  }
}
