package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.cli.Cli;
import dev.sustain.store.EveryBackend;
import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The live card of a real write recording into SQLite and PostgreSQL, read as from across the room:
 * the rate now, GB written, elapsed, time left of its --time, the phase and a sparkline, in large
 * type without hovering; then the write is SIGKILLed and the card says killed, and after {@code
 * sustain clean} the runs list and the run page give the same figures and say it was cleaned.
 */
class LiveCardBrowserTest {

  @TempDir Path dir;

  @EveryBackend
  void theCardShowsTheRunAndItsKill(Backend backend) throws Exception {
    String db = Served.freshDb(backend, dir);
    Path target = Files.createDirectories(dir.resolve("target"));
    try (Served s = Served.start(db, null, 100);
        Browser browser = Browser.open(dir)) {
      browser.get(s.base() + "/live");
      browser.awaitReady("live");
      // Through the page cache, wrapping over a small file: cheap, never waiting on the disk.
      Process write =
          Cli.startCachedWrite(
              dir.resolve("stdout"),
              dir.resolve("stderr"),
              target,
              "10m",
              "200ms",
              dir.resolve("run"),
              db);
      try {
        browser.await(d -> !d.findElements(By.cssSelector(".live-card")).isEmpty(), "the card");
        WebElement card = browser.driver.findElement(By.cssSelector(".live-card"));
        browser.await(d -> Integer.parseInt(card.getAttribute("data-points")) >= 5, "rows drawn");
        assertThat(write.isAlive()).as("still writing").isTrue();
        assertThat(figure(card, "rate")).matches("[\\d.]+ MB/s");
        assertThat(figure(card, "written")).matches("[\\d.]+ GB");
        assertThat(figure(card, "elapsed")).matches("[\\d.]+s");
        // --time 10m: the time left counts down from ten minutes.
        assertThat(figure(card, "left")).matches("9m \\d\\ds");
        assertThat(figure(card, "phase")).isNotEqualTo("waiting…").isNotBlank();
        assertThat(
                Integer.parseInt(
                    card.findElement(By.cssSelector(".spark")).getAttribute("data-spark-points")))
            .isGreaterThanOrEqualTo(5);
        // Large enough to read across a room, without hovering.
        String size =
            (String)
                browser.script(
                    "return getComputedStyle(arguments[0]).fontSize;",
                    card.findElement(By.cssSelector("[data-figure='rate']")));
        assertThat(Double.parseDouble(size.replace("px", ""))).isGreaterThanOrEqualTo(36);
        write.destroyForcibly(); // SIGKILL: no end is ever written by the run
        Await.ended(write, "the killed write");
        browser.await(
            d -> "killed".equals(card.getAttribute("data-ended")), "the card says killed");
        assertThat(card.findElement(By.cssSelector(".status.killed")).getText())
            .isEqualTo("killed");
        assertThat(figure(card, "left")).isEqualTo("–");
        assertThat(browser.attr("data-api-error")).isNull();
        afterCleanThePagesAgree(s, browser, dir.resolve("run"), db);
      } finally {
        write.destroyForcibly();
        write.waitFor();
        Cli.run("clean", dir.resolve("run").toString(), "--db", db);
      }
    }
  }

  /**
   * After {@code clean}, the runs list and the run page give the figures of the run's stored rows
   * (the API's, which KilledRunTest checks against the rows) and a note that says it was cleaned:
   * no 0 bytes in 0 s, no "without recording an end", no clean left to run.
   */
  private static void afterCleanThePagesAgree(Served s, Browser browser, Path out, String db)
      throws Exception {
    Cli.Result clean = Cli.ok("clean", out, "--db", db);
    JsonNode summary = s.json("/api/runs?status=killed").path("runs").get(0);
    String runId = summary.path("run_id").asText();
    assertThat(summary.path("bytes").asLong()).isPositive();
    assertThat(summary.path("average_MBps").asDouble())
        .isCloseTo(
            summary.path("bytes").asLong() / summary.path("seconds").asDouble() / 1e6, within(0.1));
    browser.get(s.base() + "/runs");
    browser.awaitReady("runs");
    WebElement row = browser.driver.findElement(By.cssSelector("tr[data-run='" + runId + "']"));
    List<WebElement> cells = row.findElements(By.tagName("td"));
    String average = cells.get(cells.size() - 2).getText();
    String time = cells.getLast().getText();
    assertThat(average).matches("[\\d.]+ MB/s").isNotEqualTo("0.00 MB/s");
    assertThat(row.getText()).contains("killed").doesNotContain("left files");
    browser.get(s.base() + "/runs/" + runId);
    browser.awaitReady("run");
    String note = browser.driver.findElement(By.cssSelector(".status-note")).getText();
    assertThat(note).contains("sustain clean removed").doesNotContain("without recording an end");
    String written = browser.driver.findElement(By.id("written")).getText();
    assertThat(written)
        .as("the run page and the list give the same figures")
        .contains(" in " + time + " ")
        .contains(" at " + average + " ")
        .doesNotContain("0.00 GB");
    assertThat(browser.driver.findElements(By.id("clean-command"))).as("nothing left").isEmpty();
  }

  private static String figure(WebElement card, String name) {
    return card.findElement(By.cssSelector("[data-figure='" + name + "']")).getText();
  }
}
