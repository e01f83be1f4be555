package dev.sustain.hub;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.cli.Cli;
import dev.sustain.serve.Browser;
import dev.sustain.share.HubClient;
import dev.sustain.share.HubModels;
import dev.sustain.share.ShareDocument;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

/**
 * The hub's pages in Chromium, served live and as the static export ({@code hub --export}) opened
 * from file://: the model list finds a model, its page draws what the API holds, under its policy.
 * One hub, one browser and one set of shares for both.
 */
class HubBrowserTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A stranger's model name: quotes, markup, a script end and letters beyond ASCII. */
  static final String ODD_MODEL = "ODD \"Ünï\" </script><b>X 2TB";

  @RegisterExtension static final TestHub LIVE = new TestHub(1000);

  @TempDir static Path dir;
  private static Browser browser;

  @BeforeAll
  static void share() throws Exception {
    HubClient client = LIVE.client();
    String salt = client.salt();
    double[] floors = {100, 120, 140};
    for (int d = 0; d < 3; d++) {
      for (int r = 0; r < 2; r++) {
        Path run =
            HubRuns.write(
                dir.resolve("r" + d + "-" + r), HubRuns.MODEL, d, r, 2500, 60, floors[d] + r, 200);
        assertThat(client.share(ShareDocument.build(run, salt).toString()).status()).isEqualTo(201);
      }
    }
    HubRuns.write(dir.resolve("other"), ODD_MODEL, 9, 0, 900, 30, 90, 100);
    assertThat(client.share(ShareDocument.build(dir.resolve("other"), salt).toString()).status())
        .isEqualTo(201);
    browser = Browser.open(dir);
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.close();
    }
  }

  @Test
  void theModelPageShowsCountsDistributionsAndCurvesUnderItsPolicy() {
    browser.get("http://localhost:" + LIVE.hub().port() + "/");
    findAndOpenTheModel();
    assertTheModelPage();
  }

  @Test
  void theStaticExportIsTheApiAndItsPagesOpenFromFilesWithNothingIdentifying() throws Exception {
    Path out = dir.resolve("export");
    Cli.Result r = Cli.ok("hub", "--db", LIVE.db(), "--export", out);
    assertThat(r.out()).contains("Exported 2 models");
    String key = HubExport.fileKey(HubRuns.MODEL);
    assertThat(key).isEqualTo("ACME_20NV9_201TB");
    // Each file is what the live API answers at its address.
    assertThat(tree(out.resolve("api/models/" + key + ".json")))
        .isEqualTo(api(HubModels.path(HubRuns.MODEL)));
    assertThat(tree(out.resolve("api/models/" + key + "/runs.json")))
        .isEqualTo(api(HubModels.path(HubRuns.MODEL) + "/runs"));
    assertThat(tree(out.resolve("api/models.json")).path("models").get(0).path("drives").asInt())
        .isEqualTo(3);
    String all = everyFile(out);
    assertThat(all).contains(HubRuns.MODEL).contains("\"floor_MBps\"");
    assertThat(all)
        .doesNotContain(HubRuns.IDENTIFYING)
        .doesNotContain("127.0.0.1:" + LIVE.hub().port());

    browser.get(out.resolve("index.html").toUri().toString());
    findAndOpenTheModel();
    assertThat(browser.driver.getCurrentUrl()).startsWith("file:").endsWith(key + "/index.html");
    assertTheModelPage();
    // The stranger's name is text on its page, and its page opens too.
    browser.get(out.resolve("index.html").toUri().toString());
    browser.awaitReady("models");
    browser.driver.findElement(By.linkText(ODD_MODEL)).click();
    browser.awaitReady("model");
    assertThat(browser.attr("data-csp")).isNull();
    assertThat(browser.driver.findElement(By.id("model")).getText()).isEqualTo(ODD_MODEL);
    assertThat(browser.driver.findElements(By.tagName("b"))).isEmpty();
  }

  private static void findAndOpenTheModel() {
    browser.awaitReady("models");
    assertThat(browser.attr("data-csp")).as("nothing the page needs is blocked").isNull();
    assertThat(browser.driver.findElements(By.cssSelector("tr.model"))).hasSize(2);
    browser.driver.findElement(By.id("search")).sendKeys("acme");
    browser.await(
        d -> d.findElements(By.cssSelector("tr.model")).size() == 1, "the search applied");
    browser.driver.findElement(By.linkText(HubRuns.MODEL)).click();
    browser.awaitReady("model");
  }

  private static void assertTheModelPage() {
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
  }

  private static JsonNode api(String path) throws Exception {
    HubClient.Answer a = LIVE.client().get(path);
    assertThat(a.status()).isEqualTo(200);
    return a.body();
  }

  private static JsonNode tree(Path file) throws Exception {
    return JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
  }

  private static String everyFile(Path out) throws Exception {
    StringBuilder b = new StringBuilder();
    List<Path> files;
    try (Stream<Path> s = Files.walk(out)) {
      files = s.filter(Files::isRegularFile).toList();
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(8);
    for (Path f : files) {
      b.append(f).append('\n').append(Files.readString(f, StandardCharsets.UTF_8));
    }
    return b.toString();
  }
}
