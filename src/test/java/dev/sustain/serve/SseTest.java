package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.live.LiveRecorder;
import dev.sustain.sampling.SampleRow;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.store.EveryBackend;
import dev.sustain.store.RunHistory;
import dev.sustain.store.TestDatabases.Backend;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.io.TempDir;

/**
 * The event stream of a run that writes while it is watched: recorded by the same live recorder a
 * write uses, it delivers every interval exactly once and in order, to a viewer who came early and
 * to one who came late, and then an {@code end} event.
 */
class SseTest {

  @TempDir Path dir;

  /** What one viewer received. */
  record Received(List<Long> ids, List<JsonNode> rows, List<String> ends) {}

  @EveryBackend
  void everyIntervalExactlyOnceThenEnd(Backend backend) throws Exception {
    String db = Served.freshDb(backend, dir);
    try (Served s = Served.start(db, null, 50)) {
      String runId = UUID.randomUUID().toString();
      Path folder = Files.createDirectories(dir.resolve("run"));
      writeRunJson(folder, runId, "running");
      Files.writeString(
          folder.resolve("samples.csv"), String.join(",", SamplesCsv.FIXED_COLUMNS) + "\n");
      LiveRecorder recorder = new LiveRecorder(s.location);
      recorder.begin(folder);
      int rows = 0;
      for (; rows < 5; rows++) {
        row(folder, recorder, rows);
      }
      waitFor(() -> runningRuns(s) == 1, "the run recorded as running");

      Received early = new Received(sync(), sync(), sync());
      CompletableFuture<Void> first = watch(s, runId, early);
      waitFor(() -> early.rows().size() >= 5, "the early viewer got the rows so far");
      for (; rows < 40; rows++) {
        row(folder, recorder, rows);
        if (rows == 20) {
          int seen = rows;
          waitFor(() -> early.rows().size() >= seen - 3, "rows arrive while the run goes");
        }
      }
      writeRunJson(folder, runId, "complete");
      recorder.finish(folder);
      RunHistory.recordRunFolder(folder, s.location);
      first.get(60, TimeUnit.SECONDS);

      Received late = new Received(sync(), sync(), sync());
      watch(s, runId, late).get(60, TimeUnit.SECONDS);

      for (Received r : List.of(early, late)) {
        List<Long> expected = new ArrayList<>();
        for (long i = 0; i < 40; i++) {
          expected.add(i);
        }
        assertThat(r.ids()).as("every row once, in order").isEqualTo(expected);
        assertThat(r.ends()).hasSize(1);
        assertThat(Served.JSON.readTree(r.ends().getFirst()).path("status").asText())
            .isEqualTo("complete");
        for (int i = 0; i < r.rows().size(); i++) {
          assertThat(r.rows().get(i).path("time_s").asDouble()).isEqualTo(i + 1.0);
          assertThat(r.rows().get(i).path("bytes").asLong()).isEqualTo(bytesOf(i));
        }
      }
      assertThat(recorder.storedRows()).as("the recorder stored rows while it went").isPositive();
      // The server gives a feed back once its handler has returned, which may be just after the
      // viewer read the end event: wait for it rather than race it.
      waitFor(() -> s.dashboard.watchedRuns() == 0, "viewers gone, feed dropped");
    }
  }

  static long bytesOf(int i) {
    return (i % 7 == 3) ? 0 : 100_000_000L + i;
  }

  private static void row(Path folder, LiveRecorder recorder, int i) throws IOException {
    SampleRow r =
        new SampleRow(
            i + 1.0,
            1.0,
            bytesOf(i) / 1e6,
            bytesOf(i),
            10,
            1,
            2,
            3,
            5,
            Double.NaN,
            List.of(),
            SamplesCsv.WRITE);
    Files.writeString(
        folder.resolve("samples.csv"), SamplesCsv.line(r) + "\n", StandardOpenOption.APPEND);
    recorder.onSample(r);
  }

  private static final Instant STARTED = Instant.now().truncatedTo(ChronoUnit.SECONDS);

  static void writeRunJson(Path folder, String runId, String status) throws IOException {
    ObjectNode run = (ObjectNode) Served.JSON.readTree(Served.kingstonRunJson());
    run.put("run_id", runId);
    run.put("host", "sse-test");
    // Started now by the clock of its (made-up) host: another host's running run whose rows are
    // old by that clock would be shown stale.
    run.put("started", STARTED.toString());
    ((ObjectNode) run.get("result")).put("status", status);
    if (status.equals("running")) {
      run.remove("ended");
    }
    Files.writeString(folder.resolve("run.json"), run.toString());
  }

  private static int runningRuns(Served s) {
    try {
      return s.json("/api/runs?status=running").path("runs").size();
    } catch (Exception e) {
      return -1;
    }
  }

  static <T> List<T> sync() {
    return Collections.synchronizedList(new ArrayList<>());
  }

  /** Reads the event stream until its end event (or its close) in the background. */
  static CompletableFuture<Void> watch(Served s, String runId, Received into) throws Exception {
    HttpRequest req =
        HttpRequest.newBuilder(URI.create(s.base() + "/api/runs/" + runId + "/events"))
            .header("Accept", "text/event-stream")
            .timeout(Duration.ofSeconds(120))
            .build();
    HttpResponse<java.io.InputStream> resp =
        s.http.send(req, HttpResponse.BodyHandlers.ofInputStream());
    assertThat(resp.statusCode()).isEqualTo(200);
    return CompletableFuture.runAsync(
        () -> {
          try (BufferedReader in =
              new BufferedReader(new InputStreamReader(resp.body(), StandardCharsets.UTF_8))) {
            String event = "message";
            String id = null;
            String line;
            while ((line = in.readLine()) != null) {
              if (line.isEmpty()) {
                event = "message";
                id = null;
              } else if (line.startsWith("event:")) {
                event = line.substring(6).strip();
              } else if (line.startsWith("id:")) {
                id = line.substring(3).strip();
              } else if (line.startsWith("data:")) {
                String data = line.substring(5).strip();
                if (event.equals("message")) {
                  into.rows().add(Served.JSON.readTree(data));
                  into.ids().add(Long.parseLong(id));
                } else if (event.equals("end")) {
                  into.ends().add(data);
                  return;
                }
              }
            }
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }

  static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("waited 60 s for: " + what);
      }
      Thread.sleep(10); // a poll step, not a wait for time to pass: the condition decides
    }
  }
}
