package dev.sustain.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunStore;
import dev.sustain.store.SampleStore;
import dev.sustain.store.TestDatabases;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A dashboard for tests: a fresh history (a SQLite file or a new PostgreSQL schema), runs put in it
 * the way the runs themselves record them, and the dashboard on 127.0.0.1 at a free port.
 */
final class Served implements AutoCloseable {

  static final ObjectMapper JSON = new ObjectMapper();

  /** A real run folder: its samples.csv and run.json. */
  static final Path KINGSTON_RUN = Path.of("src/test/resources/report/kingston-run");

  final String dbValue;
  final DbLocation location;
  final Dashboard dashboard;
  final String token;
  final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private Served(String dbValue, DbLocation location, Dashboard dashboard, String token) {
    this.dbValue = dbValue;
    this.location = location;
    this.dashboard = dashboard;
    this.token = token;
  }

  /** A fresh, empty history of {@code backend}; skips the test where the backend is missing. */
  static String freshDb(TestDatabases.Backend backend, Path dir) {
    return TestDatabases.freshDbValue(backend, dir);
  }

  static Served start(String dbValue, String token, long pollMillis) throws IOException {
    DbLocation location = DbLocation.parse(dbValue, Map.of());
    RunStore.open(location).close(); // the history exists before it is served, as a run makes it
    Dashboard d =
        Dashboard.start(
            location,
            new Dashboard.Settings(InetAddress.getLoopbackAddress(), 0, token, pollMillis));
    return new Served(dbValue, location, d, token);
  }

  String base() {
    return "http://127.0.0.1:" + dashboard.port();
  }

  /** Records {@code run} and its samples lines (header first) as a run's own recording does. */
  static void put(DbLocation location, RunRecord run, List<String> csvLines, String runJson) {
    try (RunStore store = RunStore.open(location);
        SampleStore samples = SampleStore.open(location)) {
      if (!csvLines.isEmpty()) {
        samples.saveDocument(run.runId(), runJson, csvLines.getFirst());
        List<SampleStore.Line> lines = new ArrayList<>();
        for (int i = 1; i < csvLines.size(); i++) {
          lines.add(new SampleStore.Line(i - 1, csvLines.get(i)));
        }
        samples.append(run.runId(), csvLines.getFirst(), lines);
      }
      store.record(run);
    }
  }

  static List<String> kingstonLines() throws IOException {
    return Files.readAllLines(KINGSTON_RUN.resolve("samples.csv"), StandardCharsets.UTF_8);
  }

  static String kingstonRunJson() throws IOException {
    return Files.readString(KINGSTON_RUN.resolve("run.json"), StandardCharsets.UTF_8);
  }

  HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return get(path, token);
  }

  HttpResponse<String> get(String path, String bearer) throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base() + path)).timeout(Duration.ofSeconds(60));
    if (bearer != null) {
      b.header("Authorization", "Bearer " + bearer);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  JsonNode json(String path) throws IOException, InterruptedException {
    HttpResponse<String> r = get(path);
    if (r.statusCode() != 200) {
      throw new AssertionError(path + " answered " + r.statusCode() + ": " + r.body());
    }
    return JSON.readTree(r.body());
  }

  @Override
  public void close() {
    dashboard.close();
    TestDatabases.drop(dbValue);
  }
}
