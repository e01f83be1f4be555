package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.store.EveryBackend;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.unit.ByteSize;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

/**
 * The small things of issue 27 in a real browser, over SQLite and PostgreSQL: a run under a second
 * gets time ticks in tenths of a second (drawn on a canvas; the page keeps the labels it drew), a
 * flush below a second reads in ms, and the calculator's job box holds a size as the command line
 * takes it (500GB, 300GiB), never twelve digits of GB.
 */
class PageDetailsBrowserTest {

  @TempDir Path dir;

  private static final Instant T0 = Instant.parse("2026-11-01T08:00:00Z");

  /** 0.8 s of a 2 GB/s write in eight 0.1 s intervals, then a 16 ms flush. */
  private static RunRecord shortRun(Served s) throws Exception {
    List<String> lines = new ArrayList<>();
    lines.add(Served.kingstonLines().getFirst());
    for (int i = 1; i <= 8; i++) {
      lines.add(
          String.format(
              Locale.ROOT, "%.1f,2000.000,200000000,1907,1.2,3.4,9.9,18.5,38.1", i * 0.1));
    }
    ObjectNode run = (ObjectNode) Served.JSON.readTree(Served.kingstonRunJson());
    ObjectNode params = (ObjectNode) run.path("params");
    params.put("size_bytes", 1_600_000_000L);
    params.put("interval_s", 0.1);
    ObjectNode result = (ObjectNode) run.path("result");
    result.put("bytes", 1_600_000_000L);
    result.put("seconds", 0.816);
    result.put("average_MBps", 1960.784);
    result.put("flush_s", 0.016);
    RunRecord r =
        ApiTest.withId(RunRecords.run("short", RunRecords.KINGSTON, T0, null, 1960.784, "flat"));
    Served.put(s.location, r, lines, Served.JSON.writeValueAsString(run));
    return r;
  }

  @EveryBackend
  void aRunUnderASecondHasTicksAndItsFlushInMs(Backend backend) throws Exception {
    try (Served s = Served.start(Served.freshDb(backend, dir), null, 100);
        Browser browser = Browser.open(dir)) {
      RunRecord run = shortRun(s);
      browser.get(s.base() + "/runs/" + run.runId());
      browser.awaitReady("run");
      browser.await(d -> "2".equals(browser.attr("data-drawn")), "both charts drawn");
      assertThat(browser.attr("data-api-error")).isNull();
      List<String> ticks = Arrays.asList(browser.attr("data-time-ticks").split("\\|"));
      assertThat(ticks)
          .as("ticks on 0.8 s: %s", ticks)
          .hasSizeGreaterThanOrEqualTo(3)
          .doesNotHaveDuplicates()
          .allSatisfy(t -> assertThat(t).matches("\\d+(\\.\\d+)? s"))
          .anySatisfy(t -> assertThat(t).matches("0\\.\\d+ s"));
      String text = browser.driver.findElement(By.tagName("main")).getText();
      assertThat(text).containsPattern("flush\\s+16 ms");
      // No other place gives the flush as 0 s or in hundredths of a second.
      assertThat(text).doesNotContainPattern("flush\\s+0(\\.\\d+)?\\s?s\\b");
    }
  }

  @EveryBackend
  void theJobBoxHoldsASizeAsTheCommandLineTakesIt(Backend backend) throws Exception {
    try (Served s = Served.start(Served.freshDb(backend, dir), null, 100);
        Browser browser = Browser.open(dir)) {
      RunRecord a =
          ApiTest.withId(RunRecords.run("a", RunRecords.KINGSTON, T0, 153.0, 180.0, "flat"));
      Served.put(s.location, a, Served.kingstonLines(), Served.kingstonRunJson());
      // Two thirds of the bytes: a total of 212.744931... GB, far from a round size.
      List<String> slower = new ArrayList<>();
      for (String line : Served.kingstonLines()) {
        String[] c = line.split(",", -1);
        if (!slower.isEmpty()) {
          c[1] = String.format(Locale.ROOT, "%.3f", Double.parseDouble(c[1]) * 2 / 3);
          c[2] = Long.toString(Long.parseLong(c[2]) * 2 / 3);
        }
        slower.add(String.join(",", c));
      }
      RunRecord b =
          ApiTest.withId(
              RunRecords.run("b", RunRecords.T9, T0.plusSeconds(60), 100.0, 120.0, "flat"));
      Served.put(s.location, b, slower, null);
      for (String page :
          List.of("/runs/" + b.runId(), "/compare?runs=" + a.runId() + "," + b.runId())) {
        browser.get(s.base() + page);
        browser.awaitReady(page.startsWith("/runs/") ? "run" : "compare");
        browser.await(d -> "2".equals(browser.attr("data-drawn")), "charts drawn on " + page);
        String job = browser.driver.findElement(By.id("job")).getAttribute("value");
        assertThat(job)
            .as(page)
            .matches("\\d+(\\.\\d{1,2})?GB|\\d+GiB")
            // Three significant digits at most: 213GB, 12.7GB, not 212.744931GB.
            .satisfies(v -> assertThat(v.replaceAll("\\D", "").length()).isLessThanOrEqualTo(3));
        assertThat(ByteSize.parse(job).bytes()).as("--size takes " + job).isPositive();
        assertThat(browser.driver.findElement(By.id("projection")).getText())
            .as(page)
            .doesNotContain("Not a size");
      }
    }
  }
}
