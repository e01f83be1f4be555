package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.cli.Cli;
import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.testing.EmulatedDrive;
import dev.sustain.testing.EmulatedDrive.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The live page while a real write runs on the emulated drive (throttled by the kernel): the run
 * appears, its chart grows interval by interval, its phase is put in words, and it ends as
 * complete. The write is another process recording into the same history, as another host would.
 * Root and cgroup-v1 blkio only; skipped elsewhere with the reason.
 */
@Tag("root")
class LiveBrowserTest {

  private static final long MB = 1_000_000L;

  @TempDir Path dir;

  @Test
  void theLiveChartGrowsWhileAThrottledRunWrites() throws Exception {
    String db = Served.freshDb(Backend.SQLITE, dir);
    try (EmulatedDrive drive = EmulatedDrive.create(1L << 30, dir);
        Served s = Served.start(db, null, 100);
        Browser browser = Browser.open(dir)) {
      browser.get(s.base() + "/live");
      browser.awaitReady("live");
      Process write =
          drive.start(
              Cli.command(
                  "write",
                  drive.mountPoint().toString(),
                  "--size",
                  "400MB",
                  "--interval",
                  "250ms",
                  "--out",
                  dir.resolve("run").toString(),
                  "--db",
                  db),
              dir.resolve("stdout"),
              dir.resolve("stderr"),
              List.of(Phase.initially(40 * MB), Phase.afterBytes(160 * MB, 16 * MB)));
      try {
        // The page looks for running runs every few seconds; the run's card then fills.
        browser.await(
            d -> !d.findElements(By.cssSelector(".live-card")).isEmpty(), "the run's card");
        WebElement card = browser.driver.findElement(By.cssSelector(".live-card"));
        browser.await(d -> points(card) >= 4, "the first intervals drawn");
        int early = points(card);
        browser.await(d -> points(card) >= early + 8, "the chart growing");
        assertThat(write.isAlive()).as("it grew while the run was still writing").isTrue();
        browser.await(
            d -> !card.findElement(By.cssSelector(".phase")).getText().startsWith("waiting"),
            "the live phase in words");
        assertThat(write.waitFor(180, TimeUnit.SECONDS)).as("the write ended").isTrue();
        assertThat(write.exitValue()).as(Files.readString(dir.resolve("stderr"))).isZero();
        browser.await(d -> "complete".equals(card.getAttribute("data-ended")), "the end event");
        int rows = Files.readAllLines(dir.resolve("run").resolve("samples.csv")).size() - 1;
        assertThat(points(card)).as("every interval drawn once").isEqualTo(rows);
        assertThat(browser.attr("data-error")).isNull();
      } finally {
        write.destroy();
        write.waitFor(30, TimeUnit.SECONDS);
      }
    }
  }

  private static int points(WebElement card) {
    return Integer.parseInt(card.getAttribute("data-points"));
  }
}
