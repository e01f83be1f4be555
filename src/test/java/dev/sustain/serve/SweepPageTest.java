package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.RunStore;
import dev.sustain.store.SampleStore;
import dev.sustain.store.TestDatabases.Backend;
import java.nio.file.Path;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

/**
 * A sweep stores no samples: its run page is its table of request sizes by depths from its
 * run.json, over the API and in a browser, instead of a page that waits for samples for ever.
 */
class SweepPageTest {

  @TempDir Path dir;

  static final String SWEEP_JSON =
      """
      {"run_id": "ID", "command": "sweep", "host": "lab1", "started": "2026-11-01T08:00:00Z",
       "result": {"command": "sweep", "status": "complete", "size_per_point_bytes": 1073741824,
        "points": [
         {"bs": 4096, "qd": 1, "write_MBps": 41.5, "read_MBps": null},
         {"bs": 4096, "qd": 32, "write_MBps": 380.25, "read_MBps": null},
         {"bs": 1048576, "qd": 1, "write_MBps": 1210.0, "read_MBps": null},
         {"bs": 1048576, "qd": 32, "write_MBps": 2950.75, "read_MBps": null}],
        "verdict": "1 MiB at QD32 reaches the drive's rate <b>."}}
      """;

  static RunRecord sweep(Served s) {
    RunRecord w =
        RunRecords.run(
            "w", RunRecords.KINGSTON, Instant.parse("2026-11-01T08:00:00Z"), null, null, null);
    String id = UUID.randomUUID().toString();
    RunRecord run =
        new RunRecord(
            id,
            w.drive(),
            "lab1",
            "sweep",
            "{\"engine\":\"uring\"}",
            w.started(),
            w.ended(),
            "complete",
            null,
            null,
            null,
            "/runs/sweep-1",
            "run",
            "sustain 0.1.0",
            null,
            null,
            null);
    try (RunStore store = RunStore.open(s.location);
        SampleStore samples = SampleStore.open(s.location)) {
      store.record(run);
      samples.saveDocument(id, SWEEP_JSON.replace("\"ID\"", "\"" + id + "\""), null);
    }
    return run;
  }

  @Test
  void theViewIsTheTableOfPoints() throws Exception {
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100)) {
      RunRecord run = sweep(s);
      JsonNode view = s.json("/api/runs/" + run.runId() + "/view");
      assertThat(view.path("kind").asText()).isEqualTo("sweep");
      String html = view.path("html").asText();
      assertThat(html)
          .contains("<th class=\"num\">QD1</th><th class=\"num\">QD32</th>")
          .contains("<tr><th>4 KiB</th><td class=\"num\">41.5</td><td class=\"num\">380</td></tr>")
          .contains("<tr><th>1 MiB</th><td class=\"num\">1210</td><td class=\"num\">2951</td></tr>")
          .contains("reaches the drive&#39;s rate &lt;b&gt;.")
          .contains("1 GiB written each")
          .doesNotContain("<b>");
      assertThat(view.path("summary").path("run_id").asText()).isEqualTo(run.runId());
    }
  }

  @Test
  void theBrowserShowsTheTable() throws Exception {
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100);
        Browser browser = Browser.open(dir)) {
      RunRecord run = sweep(s);
      browser.get(s.base() + "/runs/" + run.runId());
      browser.awaitReady("run");
      assertThat(browser.attr("data-error")).isNull();
      assertThat(browser.attr("data-api-error")).isNull();
      String text = browser.driver.findElement(By.id("sweep")).getText();
      assertThat(text).contains("QD32").contains("1 MiB").contains("2951");
      assertThat(browser.driver.findElement(By.tagName("main")).getText())
          .doesNotContain("Loading");
    }
  }
}
