package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report's, the dashboard's and the hub's size labels choose their unit as the text report
 * does ({@link Phrase#gb}): a 4 kB run is "4.0 kB" and 8 MB "8.0 MB" on the page too, never "0.000
 * GB" or "0.008 GB" (issue 29). They are one script, sizes.js, put before each page's own; it is
 * run by node, which is skipped where it is not installed.
 */
class SizeLabelParityTest {

  private static final Path NODE = Path.of("/usr/bin/node");

  @TempDir Path dir;

  private static final double[] GIGABYTES = {
    0, 4e-6, 4.096e-6, 0.0005, 0.008, 0.0084, 0.00999, 0.01, 0.0503, 0.5, 1, 2.1, 99.94, 150.2, 4000
  };

  @Test
  void theSharedLabelsAreTheTextReports() throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(NODE), "node is not installed: labels not run");
    StringBuilder script = new StringBuilder(resourceText("dev/sustain/report/sizes.js"));
    List<String> expected = new ArrayList<>();
    for (double v : GIGABYTES) {
      script.append("console.log(SustainSizes.gb(").append(v).append("));\n");
      expected.add(Phrase.gb(v));
    }
    Path file = dir.resolve("labels.js");
    Files.writeString(file, script.toString());
    Process p =
        new ProcessBuilder(NODE.toString(), file.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out.strip().lines().toList()).isEqualTo(expected);
    assertThat(expected).contains("4.0 kB", "8.0 MB").doesNotContain("0.000 GB", "0.008 GB");
  }

  /**
   * The report, the dashboard and the hub print sizes with the shared script alone: none keeps a
   * copy of its own to drift from it (the hub's printed a small drive as "0 GB").
   */
  @Test
  void everyPageUsesTheSharedLabels() throws Exception {
    for (String page :
        List.of(
            "dev/sustain/report/report.js", "dev/sustain/serve/app.js", "dev/sustain/hub/hub.js")) {
      String js = resourceText(page);
      assertThat(js)
          .as(page)
          .doesNotContain("function gb(")
          .doesNotContain("function decimalBytes(")
          .contains("SustainSizes.gb");
    }
    // The hub's sizes are bytes (a drive's capacity), the shared labels' gigabytes.
    assertThat(resourceText("dev/sustain/hub/hub.js"))
        .contains("gb(g.capacity_bytes / 1e9)")
        .doesNotContain("gb(g.capacity_bytes)");
  }

  /**
   * The report's inlined script (which the dashboard also loads, before its own) carries the shared
   * labels ahead of the report's own script.
   */
  @Test
  void theReportsScriptCarriesTheSharedLabelsFirst() throws Exception {
    String reportJs = ReportAssets.load().reportJs();
    String sizes = HtmlReport.scriptSafe(resourceText("dev/sustain/report/sizes.js"));
    assertThat(reportJs).startsWith(sizes);
    assertThat(reportJs.indexOf("SustainSizes.gb", sizes.length())).isPositive();
  }

  private static String resourceText(String name) throws IOException {
    try (InputStream in = SizeLabelParityTest.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
