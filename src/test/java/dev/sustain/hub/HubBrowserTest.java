package dev.sustain.hub;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.serve.Browser;
import dev.sustain.share.HubClient;
import dev.sustain.share.ShareDocument;
import dev.sustain.store.DbLocation;
import dev.sustain.store.TestDatabases;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

/** The hub's pages in Chromium: the model list finds a model, its page draws what the API holds. */
class HubBrowserTest {

  @TempDir Path dir;

  @Test
  void theModelPageShowsCountsDistributionsAndCurvesUnderItsPolicy() throws Exception {
    String db = TestDatabases.freshDbValue(TestDatabases.Backend.POSTGRESQL, dir);
    try (Hub hub = Hub.start(DbLocation.parse(db, Map.of()), HubTest.settings(1000));
        Browser browser = Browser.open(dir)) {
      HubClient client = new HubClient("http://127.0.0.1:" + hub.port(), null);
      String salt = client.salt();
      double[] floors = {100, 120, 140};
      for (int d = 0; d < 3; d++) {
        for (int r = 0; r < 2; r++) {
          Path run =
              HubRuns.write(
                  dir.resolve("r" + d + "-" + r),
                  HubRuns.MODEL,
                  d,
                  r,
                  2500,
                  60,
                  floors[d] + r,
                  200);
          assertThat(client.share(ShareDocument.build(run, salt).toString()).status())
              .isEqualTo(201);
        }
      }
      HubRuns.write(dir.resolve("other"), "OTHER DRIVE X", 9, 0, 900, 30, 90, 100);
      client.share(ShareDocument.build(dir.resolve("other"), salt).toString());
      String base = "http://localhost:" + hub.port();
      browser.get(base + "/");
      browser.awaitReady("models");
      assertThat(browser.driver.findElements(By.cssSelector("tr.model"))).hasSize(2);
      browser.driver.findElement(By.id("search")).sendKeys("acme");
      browser.await(
          d -> d.findElements(By.cssSelector("tr.model")).size() == 1, "the search applied");
      browser.driver.findElement(By.linkText(HubRuns.MODEL)).click();
      browser.awaitReady("model");
      assertThat(browser.attr("data-error")).isNull();
      assertThat(browser.attr("data-csp")).as("nothing the page needs is blocked").isNull();
      assertThat(browser.driver.findElement(By.id("counts")).getText())
          .startsWith("3 drives, 6 runs");
      assertThat(browser.driver.findElement(By.cssSelector("tr.group td.drives")).getText())
          .isEqualTo("3");
      // The floor's median is the middle drive's median (120.5 MB/s over its two runs).
      assertThat(browser.driver.findElement(By.cssSelector("tr.group td.floor")).getText())
          .startsWith("120.");
      assertThat(browser.driver.findElements(By.cssSelector("svg.strip circle.dot"))).hasSize(6);
      assertThat(browser.driver.findElements(By.cssSelector("#overlay polyline.curve"))).hasSize(6);
    } finally {
      TestDatabases.drop(db);
    }
  }
}
