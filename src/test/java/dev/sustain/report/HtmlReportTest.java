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
  void scriptTextIsBrokenUpWhereItWouldEndTheElement() {
    assertThat(HtmlReport.scriptSafe("a='</script>'")).isEqualTo("a='<\\/script>'");
    assertThat(List.of(HtmlReport.scriptSafe("x"))).containsExactly("x");
  }
}
