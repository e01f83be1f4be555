package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.cli.Cli;
import dev.sustain.job.Job;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.RunStore;
import dev.sustain.store.TestDatabases;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard's run page says where a finished run stands among its model's drives, from the
 * local copy of a hub's figures in the serving user's data folder (as analyze and report do), and
 * says nothing of the kind for a run still going. A child JVM, since the copy is found through
 * XDG_DATA_HOME.
 */
class HubLineTest {

  @TempDir Path dir;

  @Test
  void aFinishedRunOfAModelTheCopyKnowsIsPlacedAmongItsDrives() throws Exception {
    String db = TestDatabases.freshDbValue(TestDatabases.Backend.SQLITE, dir);
    DbLocation location = DbLocation.parse(db, Map.of());
    RunStore.open(location).close();
    String runJson = Served.kingstonRunJson();
    Instant t0 = Instant.parse("2026-11-01T08:00:00Z");
    RunRecord done = RunRecords.run("k-done", RunRecords.KINGSTON, t0, 153.0, 180.0, "cache-cliff");
    RunRecord going =
        running(
            RunRecords.run(
                "k-going", RunRecords.KINGSTON, t0.plusSeconds(900), 153.0, 180.0, "cache-cliff"));
    Served.put(location, done, Served.kingstonLines(), runJson);
    Served.put(location, going, Served.kingstonLines(), runJson);
    Path data = dir.resolve("data");
    writeCopy(data.resolve("sustain/hub-models.json"), Served.JSON.readTree(runJson));

    ProcessBuilder pb = new ProcessBuilder(Cli.command("serve", "--db", db, "--port", "0"));
    pb.environment().put("XDG_DATA_HOME", data.toString());
    pb.redirectError(dir.resolve("serve-err.txt").toFile());
    Process serve = pb.start();
    try {
      String first =
          new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8))
              .readLine(); // blocks until it says where it listens, or exits
      assertThat(first).as(Files.readString(dir.resolve("serve-err.txt"))).isNotNull();
      Matcher m = Pattern.compile("http://127\\.0\\.0\\.1:([0-9]+)/").matcher(first);
      assertThat(m.find()).as(first).isTrue();
      String base = "http://127.0.0.1:" + m.group(1);
      String html = view(base, done.runId());
      assertThat(html)
          .contains(
              "<p class=\"hub-standing\" id=\"hub-standing\">Hub: among 5 drives"
                  + " of this model (1000 GB, this job) your floor ");
      // Every peer's floor is far above this drive's: it is at the bottom.
      assertThat(html).contains("is below all 5 drives (median 1200.0 MB/s)");
      assertThat(html.indexOf("hub-standing")).isGreaterThan(html.indexOf("</header>"));
      assertThat(view(base, going.runId())).contains("</header>").doesNotContain("hub-standing");
    } finally {
      serve.destroy();
      serve.waitFor(60, TimeUnit.SECONDS);
    }
  }

  private static String view(String base, String runId) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(base + "/api/runs/" + runId + "/view")).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return Served.JSON.readTree(r.body()).path("html").asText();
  }

  /** A copy as models --update writes it: five drives of this model, capacity and job. */
  private static void writeCopy(Path file, JsonNode run) throws Exception {
    ObjectNode copy = Served.JSON.createObjectNode();
    copy.put("hub", "http://127.0.0.1:1");
    ObjectNode model = copy.putObject("models").putObject("KINGSTON SNV3S1000G");
    model.put("model", "KINGSTON SNV3S1000G").put("drives", 5).put("runs", 5);
    ObjectNode g = model.putArray("groups").addObject();
    g.put("capacity_bytes", 1_000_204_886_016L).put("firmware", "unknown");
    g.put("job_key", Job.of(run).key()).put("drives", 5);
    g.putObject("floor_MBps").put("median", 1200.0);
    g.putObject("cache_GB").put("median", 300.0);
    ArrayNode floors = g.putObject("drive_medians").putArray("floor_MBps");
    for (double f : new double[] {1000, 1100, 1200, 1300, 1400}) {
      floors.add(f);
    }
    Files.createDirectories(file.getParent());
    Files.writeString(file, copy.toString());
  }

  private static RunRecord running(RunRecord r) {
    return RunRecords.copy(r, r.runId(), null, "running", null);
  }
}
