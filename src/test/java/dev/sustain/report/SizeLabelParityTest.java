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
 * The HTML report's and the dashboard's size labels choose their unit as the text report does
 * ({@link Phrase#gb}): a 4 kB run is "4.0 kB" and 8 MB "8.0 MB" on the page too, never "0.000 GB"
 * or "0.008 GB" (issue 29). The pages' own functions are run by node, which is skipped where it is
 * not installed.
 */
class SizeLabelParityTest {

  private static final Path NODE = Path.of("/usr/bin/node");

  @TempDir Path dir;

  private static final double[] GIGABYTES = {
    0, 4e-6, 4.096e-6, 0.0005, 0.008, 0.0084, 0.00999, 0.01, 0.0503, 0.5, 1, 2.1, 99.94, 150.2, 4000
  };

  @Test
  void theReportsLabelsAreTheTextReports() throws Exception {
    assertLikeTheText("dev/sustain/report/report.js");
  }

  @Test
  void theDashboardsLabelsAreTheTextReports() throws Exception {
    assertLikeTheText("dev/sustain/serve/app.js");
  }

  private void assertLikeTheText(String resource) throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(NODE), "node is not installed: labels not run");
    String js = resourceText(resource);
    StringBuilder script = new StringBuilder();
    script
        .append(function(js, "gb"))
        .append('\n')
        .append(function(js, "decimalBytes"))
        .append('\n');
    List<String> expected = new ArrayList<>();
    for (double v : GIGABYTES) {
      script.append("console.log(gb(").append(v).append("));\n");
      expected.add(Phrase.gb(v));
    }
    Path file = dir.resolve("labels.js");
    Files.writeString(file, script.toString());
    Process p =
        new ProcessBuilder(NODE.toString(), file.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out.strip().lines().toList()).as(resource).isEqualTo(expected);
    assertThat(expected).contains("4.0 kB", "8.0 MB").doesNotContain("0.000 GB", "0.008 GB");
  }

  /** The text of {@code function NAME(...) {...}} in {@code js}, braces matched. */
  static String function(String js, String name) {
    int start = js.indexOf("function " + name + "(");
    assertThat(start).as("function " + name + " in the script").isNotNegative();
    int open = js.indexOf('{', start);
    int depth = 0;
    for (int i = open; i < js.length(); i++) {
      char c = js.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return js.substring(start, i + 1);
      }
    }
    throw new AssertionError("unbalanced braces in function " + name);
  }

  private static String resourceText(String name) throws IOException {
    try (InputStream in = SizeLabelParityTest.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
