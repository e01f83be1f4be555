package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.store.Drive;
import dev.sustain.store.EveryBackend;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.TestDatabases.Backend;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;

/** Every endpoint of the JSON API, on SQLite and on PostgreSQL (skipped without one). */
class ApiTest {

  @TempDir Path dir;

  private static final Instant T0 = Instant.parse("2026-11-01T08:00:00Z");

  @EveryBackend
  void everyEndpointAnswersFromTheHistory(Backend backend) throws Exception {
    String db = Served.freshDb(backend, dir);
    try (Served s = Served.start(db, null, 100)) {
      RunRecord kingston =
          withId(RunRecords.run("k-1", RunRecords.KINGSTON, T0, 153.0, 180.0, "cache-cliff"));
      RunRecord t9 =
          withId(
              RunRecords.run(
                  "t-1", RunRecords.T9, T0.plusSeconds(3600), 1500.0, 1600.0, "cache-cliff"));
      List<String> lines = Served.kingstonLines();
      Served.put(s.location, kingston, lines, Served.kingstonRunJson());
      Served.put(s.location, t9, lines, null);

      JsonNode health = s.json("/api/health");
      assertThat(health.path("status").asText()).isEqualTo("ok");
      assertThat(health.path("store").asText()).isEqualTo(backend.name().toLowerCase());

      JsonNode drives = s.json("/api/drives").path("drives");
      assertThat(drives).hasSize(2);
      assertThat(drives.get(0).path("drive").asText())
          .as("the drive with the newest run first")
          .isEqualTo(RunRecords.T9.id());
      assertThat(drives.get(1).path("trend").path("sentence").asText()).contains("one run");

      JsonNode one = s.json("/api/drives/" + pathPart(RunRecords.KINGSTON.id()));
      assertThat(one.path("drive").path("runs").asLong()).isEqualTo(1);
      // A drive that tells nothing is named by its path, slashes and all.
      Drive unnamed = Drive.of(null, null, null, null, null, "lab1", "/mnt/usb stick", null, null);
      Served.put(
          s.location,
          withId(RunRecords.run("u-1", unnamed, T0.minusSeconds(60), 40.0, 41.0, "flat")),
          List.of(),
          null);
      assertThat(
              s.json("/api/drives/" + pathPart(unnamed.id())).path("drive").path("drive").asText())
          .isEqualTo(unnamed.id());
      assertThat(s.get("/drives/" + pathPart(unnamed.id())).statusCode()).isEqualTo(200);

      JsonNode runs = s.json("/api/runs?limit=2");
      assertThat(runs.path("runs")).hasSize(2);
      assertThat(runs.path("next").isNull()).as("a third, older run follows").isFalse();
      runs = s.json("/api/runs?since=2026-11-01T07:59:30Z");
      assertThat(runs.path("runs")).hasSize(2);
      assertThat(runs.path("next").isNull()).isTrue();
      JsonNode first = runs.path("runs").get(0);
      for (String field :
          List.of(
              "run_id",
              "drive",
              "host",
              "command",
              "status",
              "started",
              "shape",
              "burst_MBps",
              "floor_MBps")) {
        assertThat(first.has(field)).as(field).isTrue();
      }
      assertThat(first.path("run_id").asText()).isEqualTo(t9.runId());
      assertThat(first.path("floor_MBps").asDouble()).isEqualTo(1500.0);

      JsonNode filtered =
          s.json(
              "/api/runs?drive="
                  + URLEncoder.encode(RunRecords.KINGSTON.id(), StandardCharsets.UTF_8));
      assertThat(filtered.path("runs")).hasSize(1);
      assertThat(filtered.path("runs").get(0).path("run_id").asText()).isEqualTo(kingston.runId());
      assertThat(s.json("/api/runs?status=running").path("runs")).isEmpty();
      assertThat(s.json("/api/runs?since=2026-11-01T08:30:00Z").path("runs")).hasSize(1);
      assertThat(s.json("/api/runs?host=lab1&command=write&shape=cache-cliff").path("runs"))
          .hasSize(2);

      JsonNode run = s.json("/api/runs/" + kingston.runId());
      assertThat(run.path("run").path("target").path("device").path("model").asText())
          .as("run.json as stored")
          .isEqualTo("KINGSTON SNV3S1000G");
      assertThat(run.path("analysis").path("shape").asText()).isEqualTo("cache-cliff");
      JsonNode noDoc = s.json("/api/runs/" + t9.runId());
      assertThat(noDoc.path("run").path("result").path("status").asText())
          .as("without a stored run.json, what the history knows")
          .isEqualTo("complete");

      JsonNode samples = s.json("/api/runs/" + kingston.runId() + "/samples");
      assertThat(samples.path("rows")).hasSize(lines.size() - 1);
      String[] header = lines.getFirst().split(",");
      JsonNode row5 = samples.path("rows").get(5);
      for (String column : header) {
        assertThat(row5.has(column)).as(column).isTrue();
      }
      String[] cells5 = lines.get(6).split(",", -1);
      assertThat(row5.path("time_s").asDouble()).isEqualTo(Double.parseDouble(cells5[0]));
      assertThat(row5.path("write_MBps").asDouble()).isEqualTo(Double.parseDouble(cells5[1]));

      HttpResponse<String> csv = s.get("/api/runs/" + kingston.runId() + "/samples?format=csv");
      assertThat(csv.statusCode()).isEqualTo(200);
      assertThat(csv.body().strip().split("\n")).hasSize(lines.size());

      JsonNode view = s.json("/api/runs/" + kingston.runId() + "/view");
      assertThat(view.path("html").asText()).contains("Figures").contains("burst");
      assertThat(view.path("data").path("curves")).hasSize(1);

      JsonNode compare = s.json("/api/compare?runs=" + kingston.runId() + "," + t9.runId());
      assertThat(compare.path("data").path("curves")).hasSize(2);
      assertThat(compare.path("runs")).hasSize(2);

      assertThat(s.get("/api/runs/" + UUID.randomUUID()).statusCode()).isEqualTo(404);
      assertThat(s.get("/").statusCode()).isEqualTo(200);
      assertThat(s.get("/live").body())
          .contains("/assets/uplot.js")
          .doesNotContain(kingston.runId());
    }
  }

  @ParameterizedTest(name = "{0} seed {1}")
  @org.junit.jupiter.params.provider.CsvSource({
    "SQLITE, 1",
    "SQLITE, 2",
    "POSTGRESQL, 3",
  })
  void cursorPagesGoThroughEveryRunOnceNewestFirst(Backend backend, long seed) throws Exception {
    String db = Served.freshDb(backend, dir);
    SplittableRandom random = new SplittableRandom(seed);
    try (Served s = Served.start(db, null, 100)) {
      List<RunRecord> all = new ArrayList<>();
      Drive[] drives = {RunRecords.KINGSTON, RunRecords.T9};
      int n = 40 + random.nextInt(40);
      for (int i = 0; i < n; i++) {
        // Several runs share a start time: the cursor must break the tie by id.
        Instant started = T0.plusSeconds(60L * random.nextInt(20));
        RunRecord r =
            withId(
                RunRecords.run(
                    "x", drives[random.nextInt(2)], started, 100.0 + i, 150.0, "cache-cliff"));
        all.add(r);
        Served.put(s.location, r, List.of(), null);
      }
      int limit = 1 + random.nextInt(9);
      List<String> seen = new ArrayList<>();
      String next = null;
      Instant previous = Instant.MAX;
      do {
        JsonNode page =
            s.json("/api/runs?limit=" + limit + (next == null ? "" : "&before=" + next));
        assertThat(page.path("runs").size()).as("seed %d", seed).isLessThanOrEqualTo(limit);
        for (JsonNode r : page.path("runs")) {
          Instant started = Instant.parse(r.path("started").asText());
          assertThat(started).as("seed %d: newest first", seed).isBeforeOrEqualTo(previous);
          previous = started;
          seen.add(r.path("run_id").asText());
        }
        next = page.path("next").isNull() ? null : page.path("next").asText();
      } while (next != null);
      assertThat(seen).as("seed %d: every run once", seed).hasSize(n);
      assertThat(new HashSet<>(seen)).as("seed %d", seed).hasSize(n);
      Set<String> ids = new HashSet<>();
      all.forEach(r -> ids.add(r.runId()));
      assertThat(new HashSet<>(seen)).as("seed %d", seed).isEqualTo(ids);
    }
  }

  /** Text for one segment of a path, as the pages' encodeURIComponent makes it. */
  static String pathPart(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** The same run under a fresh UUID, so tests never collide. */
  static RunRecord withId(RunRecord r) {
    return RunRecords.copy(r, UUID.randomUUID().toString(), r.ended(), r.status(), r.error());
  }
}
