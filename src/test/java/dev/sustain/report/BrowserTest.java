package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.analysis.Analyzer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens the HTML reports in a real headless Chromium (Debian's {@code chromium}) and reads the DOM
 * after the scripts ran: the page marks {@code data-drawn} once uPlot drew both charts, {@code
 * data-error} on any script error, and {@code data-seconds} with the calculator's projection, which
 * must match the analysis's own. Skipped where chromium is not installed.
 */
class BrowserTest {

  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Pattern ATTR = Pattern.compile("([a-z-]+)=\"([^\"]*)\"");

  @TempDir static Path dir;

  @BeforeAll
  static void needsChromium() {
    Assumptions.assumeTrue(
        Files.isExecutable(CHROMIUM),
        "chromium is not installed (apt-get install chromium): HTML reports not opened in a browser");
  }

  @Test
  void singleReportDrawsBothChartsAndProjectsLikeTheAnalysis() throws Exception {
    // A hostile model name: it must show as text and run nothing.
    Path run = dir.resolve("hostile-run");
    Files.createDirectories(run);
    Path source = Curves.RESOURCES.resolve("kingston-run");
    Files.copy(source.resolve("samples.csv"), run.resolve("samples.csv"));
    String json = Files.readString(source.resolve("run.json"), StandardCharsets.UTF_8);
    String evil =
        "</script><script>document.documentElement.setAttribute('data-pwned','1')</script>";
    Files.writeString(
        run.resolve("run.json"),
        json.replace("KINGSTON SNV3S1000G", evil.replace("\"", "\\\"")),
        StandardCharsets.UTF_8);
    long job = 500_000_000_000L;
    CurveReport r = CurveReport.load(run, null, job);
    Path html = dir.resolve("single.html");
    Files.writeString(html, HtmlReport.single(r), StandardCharsets.UTF_8);

    Dom dom = open(html);
    assertThat(dom.attr("data-error")).as("script error").isNull();
    assertThat(dom.attr("data-pwned")).isNull();
    assertThat(dom.attr("data-drawn")).isEqualTo("2");
    assertThat(Integer.parseInt(dom.attr("data-points-time"))).isEqualTo(r.series().size());
    assertThat(dom.text).contains("&lt;/script&gt;&lt;script&gt;document.documentElement");
    double js = dom.seconds().get(0);
    assertThat(js)
        .isCloseTo(r.analysis().projection().seconds(), org.assertj.core.data.Offset.offset(0.01));
  }

  @Test
  void longCurveWithStallsProjectsInsideTheCurveWithinAQuarterSecond() throws Exception {
    int n = 100_000;
    StringBuilder csv = new StringBuilder("time_s,write_MBps\n");
    for (int i = 1; i <= n; i++) {
      double r = i % 997 == 0 ? 0 : 180 - 60.0 * i / n + 8 * Math.sin(i / 13.0);
      csv.append(i).append(',').append(String.format(Locale.ROOT, "%.3f", r)).append('\n');
    }
    Path file = Files.writeString(dir.resolve("hdd.csv"), csv.toString());
    CurveReport probe = CurveReport.load(file, null, -1);
    long job = (long) (probe.series().totalBytes() * 0.4);
    CurveReport r = CurveReport.load(file, null, job);
    String page = HtmlReport.single(r);
    assertThat(page.length()).as("the page stays small").isLessThan(1_000_000);
    Path html = Files.writeString(dir.resolve("long.html"), page);

    Dom dom = open(html);
    assertThat(dom.attr("data-error")).isNull();
    assertThat(dom.attr("data-drawn")).isEqualTo("2");
    double expected = Analyzer.projectSeconds(r.series(), job, r.analysis().floorMBps());
    assertThat(dom.seconds().get(0))
        .isCloseTo(
            expected,
            org.assertj.core.data.Offset.offset(HtmlReport.CUMULATIVE_TOLERANCE_SECONDS + 0.01));
  }

  @Test
  void compareReportOverlaysTheCurvesAndTimesTheJobOnEach() throws Exception {
    Comparison c =
        CompareGoldenTest.comparisonOf("kingston-run", "wd-sn810.csv", "orico-thermal.csv");
    Path html = Files.writeString(dir.resolve("compare.html"), HtmlReport.compare(c));
    Dom dom = open(html);
    assertThat(dom.attr("data-error")).isNull();
    assertThat(dom.attr("data-drawn")).isEqualTo("2");
    List<Double> js = dom.seconds();
    assertThat(js).hasSize(3);
    for (int k = 0; k < 3; k++) {
      assertThat(js.get(k))
          .isCloseTo(c.rows().get(k).jobSeconds(), org.assertj.core.data.Offset.offset(0.01));
    }
    assertThat(dom.text).contains("finishes first");
  }

  /** The DOM after the page's scripts ran, and the html element's attributes. */
  private record Dom(String text, String htmlTag) {
    String attr(String name) {
      Matcher m = ATTR.matcher(htmlTag);
      while (m.find()) {
        if (m.group(1).equals(name)) {
          return m.group(2);
        }
      }
      return null;
    }

    List<Double> seconds() throws IOException {
      Matcher m = Pattern.compile("id=\"projection\"[^>]*data-seconds=\"([^\"]*)\"").matcher(text);
      if (!m.find()) {
        m = Pattern.compile("data-seconds=\"([^\"]*)\"[^>]*id=\"projection\"").matcher(text);
        assertThat(m.find()).as("the calculator wrote data-seconds").isTrue();
      }
      JsonNode arr = new ObjectMapper().readTree(m.group(1).replace("&quot;", "\""));
      List<Double> out = new ArrayList<>();
      arr.forEach(n -> out.add(n.isNull() ? Double.POSITIVE_INFINITY : n.asDouble()));
      return out;
    }
  }

  private static Dom open(Path html) throws Exception {
    Path profile = Files.createTempDirectory(dir, "chromium-profile");
    Path out = dir.resolve(html.getFileName() + ".dom");
    Path err = dir.resolve(html.getFileName() + ".err");
    ProcessBuilder pb =
        new ProcessBuilder(
            CHROMIUM.toString(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--user-data-dir=" + profile,
            "--window-size=1280,1800",
            "--virtual-time-budget=10000",
            "--dump-dom",
            html.toUri().toString());
    pb.redirectOutput(out.toFile());
    pb.redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish in 120 s");
    }
    String text = Files.readString(out, StandardCharsets.UTF_8);
    assertThat(text).as("chromium printed the DOM (stderr in " + err + ")").contains("<html");
    int start = text.indexOf("<html");
    String tag = text.substring(start, text.indexOf('>', start));
    return new Dom(text, tag);
  }
}
