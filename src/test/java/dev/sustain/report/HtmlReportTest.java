package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

  @Test
  void onePageWithNothingToFetch() {
    String html =
        HtmlReport.single(CurveReport.load(Curves.RESOURCES.resolve("kingston-run"), null, -1));
    assertThat(html).doesNotContainIgnoringCase("<script src").doesNotContainIgnoringCase("<link");
    assertThat(html).doesNotContain("@import").doesNotContainPattern("url\\(\\s*['\"]?https?:");
    assertThat(html).contains("uPlot").contains("id=\"sustain-data\"");
    // The figures in words, the shape, its evidence and the run's device are all in the page.
    assertThat(html)
        .contains("cache size")
        .contains("281.0 GB")
        .contains("127 MB/s")
        .contains("cache-cliff")
        .contains("KINGSTON SNV3S1000G")
        .contains("queue depth");
  }

  @Test
  void embeddedJsonCannotCloseItsScriptAndReadsBackTheSame() throws Exception {
    String hostile = "</script><script>alert(1)</script> & \u2028 <!--";
    ObjectNode o = JsonNodeFactory.instance.objectNode().put("label", hostile);
    String safe = HtmlReport.scriptSafeJson(o);
    assertThat(safe).doesNotContain("<").doesNotContain(">").doesNotContain("\u2028");
    assertThat(new ObjectMapper().readTree(safe).get("label").asText()).isEqualTo(hostile);
  }

  @Test
  void textPutIntoThePageIsNotTakenForAPlaceholder() {
    String filled =
        HtmlReport.fill(
            "<h1>{{TITLE}}</h1><script>{{DATA}}</script>",
            Map.of("TITLE", "{{DATA}}", "DATA", "{}"));
    assertThat(filled).isEqualTo("<h1>{{DATA}}</h1><script>{}</script>");
    assertThat(HtmlReport.esc("<b>\"x\" & 'y'</b>"))
        .isEqualTo("&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;");
  }

  @Test
  void bothPagesTakeTheSharedHeadFilledWithTheirOwnParts() {
    // The shared head is filled with the page's parts; a part's text that looks like an include
    // is text, not a resource read from the class path.
    String head = "{{>dev/sustain/report/page-head.html}}";
    Map<String, String> parts = Map.of("UPLOT_CSS", "u{}", "REPORT_CSS", "r{}", "TITLE", head);
    String filled = HtmlReport.fill("<head>\n" + head + "\n<title>{{TITLE}}</title>", parts);
    assertThat(filled)
        .startsWith("<head>\n<meta charset=\"utf-8\">\n")
        .contains("<style>u{}</style>\n<style>r{}</style>\n")
        .contains("window.onerror")
        .contains("</script>\n<title>" + head + "</title>")
        .doesNotContain("{{UPLOT_CSS}}");
    // The report, one file, and the dashboard's shell each hold it once and nothing unfilled.
    String report =
        HtmlReport.single(CurveReport.load(Curves.RESOURCES.resolve("kingston-run"), null, -1));
    String shell =
        HtmlReport.fill(
            ReportAssets.resource("dev/sustain/serve/app.html"),
            Map.of(
                "UPLOT_CSS",
                "",
                "REPORT_CSS",
                "",
                "APP_CSS",
                "",
                "UPLOT_JS",
                "",
                "REPORT_JS",
                "",
                "APP_JS",
                ""));
    for (String page : List.of(report, shell)) {
      assertThat(page.split("window.onerror", -1)).hasSize(2);
      assertThat(page).doesNotContain("{{").contains("<pre id=\"errors\" hidden></pre>");
      assertThat(page.indexOf("<meta charset=\"utf-8\">")).isBetween(0, 100);
    }
    assertThat(report).contains(ReportAssets.load().reportCss());
  }

  @Test
  void scriptTextIsBrokenUpWhereItWouldEndTheElement() {
    assertThat(HtmlReport.scriptSafe("a='</script>'")).isEqualTo("a='<\\/script>'");
    assertThat(List.of(HtmlReport.scriptSafe("x"))).containsExactly("x");
  }
}
