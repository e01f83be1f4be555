package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.TestDatabases.Backend;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The dashboard in a real browser: the run page shows the report's figures and draws its charts,
 * the compare page overlays two runs, the runs page lists and picks, and a guarded dashboard asks
 * for its token once per tab.
 */
class DashboardBrowserTest {

  @TempDir Path dir;

  private static final Instant T0 = Instant.parse("2026-11-01T08:00:00Z");

  private List<RunRecord> twoRuns(Served s) throws Exception {
    RunRecord a =
        ApiTest.withId(RunRecords.run("a", RunRecords.KINGSTON, T0, 153.0, 180.0, "cache-cliff"));
    RunRecord b =
        ApiTest.withId(
            RunRecords.run("b", RunRecords.T9, T0.plusSeconds(60), 900.0, 950.0, "flat"));
    Served.put(s.location, a, Served.kingstonLines(), Served.kingstonRunJson());
    // The second run: the same curve at two thirds of the rate, so the overlay has two curves.
    List<String> slower = new ArrayList<>();
    for (String line : Served.kingstonLines()) {
      String[] c = line.split(",", -1);
      if (slower.isEmpty()) {
        slower.add(line);
        continue;
      }
      c[1] = String.format(java.util.Locale.ROOT, "%.3f", Double.parseDouble(c[1]) * 2 / 3);
      c[2] = Long.toString(Long.parseLong(c[2]) * 2 / 3);
      slower.add(String.join(",", c));
    }
    Served.put(s.location, b, slower, null);
    return List.of(a, b);
  }

  /** Stores two runs and opens the first one's page, once the page says it is ready. */
  private void openTheFirstRunsPage(Served s, Browser browser) throws Exception {
    RunRecord run = twoRuns(s).getFirst();
    browser.get(s.base() + "/runs/" + run.runId());
    browser.awaitReady("run");
  }

  @Test
  void runPageShowsTheFiguresAndDrawsTheCharts() throws Exception {
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100);
        Browser browser = Browser.open(dir)) {
      openTheFirstRunsPage(s, browser);
      assertThat(browser.attr("data-error")).isNull();
      assertThat(browser.attr("data-api-error")).isNull();
      browser.await(d -> "2".equals(browser.attr("data-drawn")), "both charts drawn");
      assertThat(browser.attr("data-csp")).as("nothing the page needs is blocked").isNull();
      assertThat(Integer.parseInt(browser.attr("data-points-time")))
          .as("points drawn on the time chart")
          .isGreaterThan(100);
      String text = browser.driver.findElement(By.tagName("main")).getText();
      assertThat(text).contains("Figures").contains("burst").contains("floor").contains("Advice");
      assertThat(text).contains("KINGSTON SNV3S1000G");
      assertThat(browser.driver.findElements(By.cssSelector("#chart-time canvas"))).isNotEmpty();
      // The calculator works on this page as in the report file.
      WebElement job = browser.driver.findElement(By.id("job"));
      job.clear();
      job.sendKeys("500GB");
      browser.await(
          d -> d.findElement(By.id("projection")).getText().contains("500 GB takes about"),
          "the calculator's answer");
    }
  }

  /**
   * The report's HTML goes into the page with innerHTML: markup in it that got past the escaping
   * could carry a script or a handler. The policy runs none of them, while the page's own scripts
   * (served as files) draw the report.
   */
  @Test
  void markupPutInWithInnerHtmlRunsNoScript() throws Exception {
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100);
        Browser browser = Browser.open(dir)) {
      openTheFirstRunsPage(s, browser);
      browser.await(d -> "2".equals(browser.attr("data-drawn")), "both charts drawn");
      assertThat(browser.attr("data-csp")).isNull();
      browser.script(
          "var box = document.createElement('div');"
              + " box.innerHTML = '<img src=\"data:,x\" onerror=\"document.documentElement"
              + ".setAttribute(\\'data-ran\\', \\'handler\\')\">'"
              + " + '<a id=\"js-link\" href=\"javascript:document.documentElement"
              + ".setAttribute(\\'data-ran\\', \\'link\\')\">x</a>';"
              + " document.getElementById('report').appendChild(box);"
              + " document.getElementById('js-link').click();");
      browser.await(
          d -> {
            String csp = browser.attr("data-csp");
            return csp != null && csp.split(";").length >= 2;
          },
          "the policy blocking the inline handler and the javascript: link");
      assertThat(browser.attr("data-csp")).contains("script-src");
      assertThat(browser.attr("data-ran")).as("no inline script ran").isNull();
    }
  }

  @Test
  void comparePageOverlaysTwoRuns() throws Exception {
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100);
        Browser browser = Browser.open(dir)) {
      List<RunRecord> runs = twoRuns(s);
      // Pick them on the runs page, as a person would.
      browser.get(s.base() + "/runs");
      browser.awaitReady("runs");
      assertThat(browser.attr("data-rows")).isEqualTo("2");
      for (WebElement box : browser.driver.findElements(By.cssSelector("input.pick"))) {
        box.click();
      }
      browser.driver.findElement(By.id("compare-picked")).click();
      browser.awaitReady("compare");
      assertThat(browser.driver.getCurrentUrl()).contains(runs.get(0).runId());
      browser.await(d -> "2".equals(browser.attr("data-drawn")), "both overlay charts drawn");
      assertThat(browser.attr("data-error")).isNull();
      List<String> legend =
          browser.driver.findElements(By.cssSelector("#chart-time .u-legend .u-series")).stream()
              .map(WebElement::getText)
              .toList();
      assertThat(String.join("\n", legend))
          .contains("KINGSTON SNV3S1000G")
          .contains("Samsung PSSD T9");
      String seconds = browser.driver.findElement(By.id("projection")).getAttribute("data-seconds");
      assertThat(Served.JSON.readTree(seconds)).as("a projection per run").hasSize(2);
    }
  }

  @Test
  void aGuardedDashboardAsksForItsTokenOncePerTab() throws Exception {
    String token = "browser-token-0123456789";
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), token, 100);
        Browser browser = Browser.open(dir)) {
      twoRuns(s);
      browser.get(s.base() + "/");
      browser.await(d -> "token".equals(browser.attr("data-page")), "the token form");
      browser.driver.findElement(By.id("token")).sendKeys(token);
      browser.driver.findElement(By.cssSelector("#token-form button")).click();
      browser.awaitReady("home");
      assertThat(browser.driver.findElement(By.tagName("main")).getText())
          .contains("KINGSTON SNV3S1000G");
      assertThat(browser.script("return sessionStorage.getItem('sustain-token');"))
          .isEqualTo(token);
      browser.get(s.base() + "/runs");
      browser.awaitReady("runs");
      assertThat(browser.attr("data-rows")).as("no second question").isEqualTo("2");
    }
  }
}
