package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.store.EveryBackend;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.TestDatabases.Backend;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.Select;

/**
 * Like with like on the dashboard, over SQLite and PostgreSQL: three 1 MiB QD32 runs of a drive and
 * a newer 64 KiB QD1 run at 3.6 MB/s. The drive's last floor and trend are the 1 MiB runs'; the
 * selector shows the other job's; compare of the two jobs says the jobs differ and reads no drive
 * change into it. And the looks: the runs page fits 1280 px with its time column whole, the drive
 * filter matches part of a serial or says nothing matched, a one-point trend has an axis around its
 * point.
 */
class LikeWithLikeBrowserTest {

  static final String BIG = "{\"bs_bytes\":1048576,\"qd\":32,\"direct\":true,\"engine\":\"uring\"}";
  static final String SMALL = "{\"bs_bytes\":65536,\"qd\":1,\"direct\":true,\"engine\":\"uring\"}";
  static final Instant T0 = Instant.parse("2026-11-01T08:00:00Z");

  @TempDir Path dir;

  static RunRecord run(Served s, int day, double floor, String params, double scale)
      throws Exception {
    RunRecord k =
        RunRecords.run(
            "r", RunRecords.KINGSTON, T0.plusSeconds(86_400L * day), floor, floor, "flat");
    RunRecord r =
        RunRecords.with(
            k,
            f -> {
              f.runId = UUID.randomUUID().toString();
              f.paramsJson = params;
              f.runFolder = null;
              f.targetPath = "/mnt/k";
            });
    List<String> lines = new ArrayList<>();
    for (String line : Served.kingstonLines()) {
      if (lines.isEmpty()) {
        lines.add(line);
        continue;
      }
      String[] c = line.split(",", -1);
      c[1] = String.format(Locale.ROOT, "%.3f", Double.parseDouble(c[1]) * scale);
      c[2] = Long.toString(Math.round(Long.parseLong(c[2]) * scale));
      lines.add(String.join(",", c));
    }
    Served.put(s.location, r, lines, null);
    return r;
  }

  @EveryBackend
  void theDriveIsJudgedByItsOwnJob(Backend backend) throws Exception {
    try (Served s = Served.start(Served.freshDb(backend, dir), null, 100);
        Browser browser = Browser.open(dir)) {
      RunRecord a = run(s, 0, 1500, BIG, 1);
      run(s, 1, 1510, BIG, 1);
      run(s, 2, 1480, BIG, 1);
      RunRecord small = run(s, 3, 3.6, SMALL, 0.01);
      JsonNode d = s.json("/api/drives").path("drives").get(0);
      assertThat(d.path("last_floor_MBps").asDouble()).isEqualTo(1480.0);
      assertThat(d.at("/job/label").asText()).isEqualTo("write 1 MiB QD32 direct (uring, file)");
      assertThat(d.at("/trend/runs").asInt()).isEqualTo(3);
      assertThat(d.at("/trend/direction").asText()).isEqualTo("held");
      JsonNode listed = s.json("/api/runs?limit=1").path("runs").get(0);
      assertThat(listed.at("/job/key").asText()).isEqualTo("write|65536|1|direct|-|uring|file");

      String driveId = RunRecords.KINGSTON.id();
      browser.get(s.base() + "/drives/" + java.net.URLEncoder.encode(driveId, "UTF-8"));
      browser.awaitReady("drive");
      assertThat(browser.driver.findElement(By.id("last-floor")).getText()).contains("1480 MB/s");
      assertThat(browser.driver.findElement(By.id("trend")).getText()).contains("held");
      assertThat(browser.attr("data-floor-points")).isEqualTo("3");
      Select pick = new Select(browser.driver.findElement(By.id("job-select")));
      assertThat(pick.getFirstSelectedOption().getText()).startsWith("write 1 MiB QD32");
      pick.selectByValue("write|65536|1|direct|-|uring|file");
      browser.await(d2 -> d2.getCurrentUrl().contains("?job="), "the picked job in the address");
      browser.awaitReady("drive");
      assertThat(browser.driver.findElement(By.id("last-floor")).getText()).contains("3.60 MB/s");
      assertThat(browser.driver.findElement(By.id("trend")).getText()).contains("one run so far");
      // One point: an axis of a day either side of it, not years away.
      String[] x = browser.attr("data-floor-x").split(",");
      double at = small.started().getEpochSecond();
      assertThat(Double.parseDouble(x[0])).isEqualTo(at - 86400);
      assertThat(Double.parseDouble(x[1])).isEqualTo(at + 86400);

      browser.get(s.base() + "/compare?runs=" + a.runId() + "," + small.runId());
      browser.awaitReady("compare");
      String text = browser.driver.findElement(By.tagName("main")).getText();
      assertThat(text)
          .contains("The runs did different jobs: request size 1 MiB vs 64 KiB, depth QD32 vs QD1")
          .contains("no difference below is read as a change of the drive")
          .doesNotContain("Cause: unexplained")
          .doesNotContain("#2");
      assertThat(text.indexOf("different jobs")).isLessThan(text.indexOf("finishes first"));
    }
  }

  @EveryBackend
  void theRunsPageFitsAndItsDriveFilterMatchesPartOfASerial(Backend backend) throws Exception {
    try (Served s = Served.start(Served.freshDb(backend, dir), null, 100);
        Browser browser = Browser.open(dir)) {
      for (int i = 0; i < 3; i++) {
        run(s, i, 1500, BIG, 1);
      }
      browser.get(
          s.base()
              + "/runs?drive="
              + RunRecords.KINGSTON.serial().substring(2, 8).toLowerCase(Locale.ROOT));
      browser.awaitReady("runs");
      assertThat(browser.attr("data-rows")).isEqualTo("3");
      assertThat(browser.driver.findElement(By.id("filter-note")).getText()).contains("KINGSTON");
      // 1280 px: no sideways scroll, and the time column's cells end inside the window.
      long scroll = (Long) browser.script("return document.documentElement.scrollWidth;");
      long width = (Long) browser.script("return document.documentElement.clientWidth;");
      assertThat(scroll).isLessThanOrEqualTo(width);
      Number right =
          (Number)
              browser.script(
                  "var c = document.querySelector('table.runs tbody td.time');"
                      + " return c.getBoundingClientRect().right;");
      assertThat(right.doubleValue()).isLessThanOrEqualTo(width);
      assertThat(browser.driver.findElement(By.cssSelector("table.runs tbody td.time")).getText())
          .matches("\\d+m \\d\\ds");

      browser.get(s.base() + "/runs?drive=no-such-drive");
      browser.awaitReady("runs");
      assertThat(browser.driver.findElement(By.id("filter-note")).getText())
          .isEqualTo("No drive matches \"no-such-drive\": no key, model or serial contains it.");
      assertThat(browser.attr("data-drive-matches")).isEqualTo("0");
    }
  }
}
