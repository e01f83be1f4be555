package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FiguresTableTest {

  /** The recovered row's words agree with its value: never "no | the rate climbed back". */
  @ParameterizedTest
  @ValueSource(strings = {"kingston-run", "orico-thermal.csv", "samsung-t9.csv", "wd-sn810.csv"})
  void theRecoveredRowSaysWhatItsValueSays(String curve) {
    var a = CurveReport.load(Curves.RESOURCES.resolve(curve), null, -1).analysis();
    String html = FiguresTable.of(a);
    int at = html.indexOf("<th>recovered</th>");
    String row = html.substring(at, html.indexOf("</tr>", at));
    List<String> cells = List.of(row.replaceAll("<[^>]+>", "|").split("\\|+"));
    assertThat(cells).element(2).isEqualTo(a.recovered() ? "yes" : "no");
    assertThat(cells)
        .element(3)
        .isEqualTo(
            a.recovered()
                ? "the rate climbed back while writing"
                : "the rate did not climb back while writing");
  }
}
