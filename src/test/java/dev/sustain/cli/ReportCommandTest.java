package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Black-box tests of {@code report} and {@code compare}, in-process. */
class ReportCommandTest {

  private static final Path R = Path.of("src/test/resources/report");

  @TempDir Path dir;

  @Test
  void reportPrintsTheAnalysisAndASparklineAndWritesTheFiles() throws Exception {
    Path png = dir.resolve("k.png");
    Path svg = dir.resolve("k.svg");
    Path html = dir.resolve("k.html");
    Cli.Result r =
        Cli.okLine(
            "report {} --png {} --svg {} --html {} --job-size 500GB",
            R.resolve("kingston-run"),
            png,
            svg,
            html);
    assertThat(r.out())
        .contains("KINGSTON SNV3S1000G")
        .contains("cache-cliff")
        .contains("500 GB takes about")
        .contains("curve:")
        .containsPattern("█{10,}▂?▁{30,}")
        .contains("^ cliff at 1m 50s (281 GB)");
    BufferedImage img = ImageIO.read(png.toFile());
    assertThat(img.getWidth()).isEqualTo(1200);
    assertThat(img.getHeight()).isEqualTo(700);
    assertThat(Files.readString(svg)).contains("<svg");
    assertThat(Files.readString(html, StandardCharsets.UTF_8)).startsWith("<!DOCTYPE html>");
  }

  @Test
  void severalInputsGetNumberedFiles() throws Exception {
    Path png = dir.resolve("c.png");
    Cli.Result r =
        Cli.ok("report", R.resolve("wd-sn810.csv"), R.resolve("orico-thermal.csv"), "--png", png);
    assertThat(dir.resolve("c-1.png")).exists();
    assertThat(dir.resolve("c-2.png")).exists();
    assertThat(r.out()).contains("thermal-throttle");
  }

  @Test
  void badInputIsOneLineAndExit2() {
    Cli.Result missing = Cli.run("report", dir.resolve("nope.csv").toString());
    Cli.assertBadInput(missing);
    assertThat(missing.err()).contains("nope.csv");

    Cli.Result noFolder =
        Cli.runLine(
            "report {} --png {}", R.resolve("wd-sn810.csv"), dir.resolve("no/such/folder/x.png"));
    Cli.assertBadInput(noFolder);
    assertThat(noFolder.err()).contains("no such folder").doesNotContain("Exception");
    assertThat(
            Cli.run("compare", R.resolve("wd-sn810.csv").toString(), "--job-size", "lots")
                .exitCode())
        .isEqualTo(2);
  }

  @Test
  void compareJsonIsAListOfAnalysesWithLabels() throws Exception {
    Cli.Result r =
        Cli.okLine(
            "compare {} {} {} --job-size 500GB --json --png {}",
            R.resolve("kingston-run"),
            R.resolve("wd-sn810.csv"),
            R.resolve("samsung-t9.csv"),
            dir.resolve("o.png"));
    JsonNode list = new ObjectMapper().readTree(r.out());
    assertThat(list.isArray()).isTrue();
    assertThat(list).hasSize(3);
    assertThat(list.get(0).get("label").asText()).isEqualTo("KINGSTON SNV3S1000G 50026B7686ABCDEF");
    assertThat(list.get(1).get("label").asText()).isEqualTo("wd-sn810");
    assertThat(list.get(2).get("shape").asText()).isEqualTo("flat");
    assertThat(list.get(0).get("projection").get("GB").asDouble()).isEqualTo(500);
    // The notice about the file goes to stderr, so stdout stays JSON.
    assertThat(r.err()).contains("wrote");
    assertThat(dir.resolve("o.png")).exists();
  }

  @Test
  void compareTextCallsOutWhatMatters() {
    Cli.Result r =
        Cli.okLine(
            "compare {} {} --job-size 500GB", R.resolve("kingston-run"), R.resolve("wd-sn810.csv"));
    assertThat(r.out())
        .contains("time for 500 GB")
        .contains("wd-sn810 finishes first")
        .contains("Floors differ 9x");
  }

  @Test
  void compareCsvIsTheGoldenTable() throws Exception {
    Cli.Result r =
        Cli.okLine(
            "compare src/test/resources/report/kingston-run src/test/resources/report/wd-sn810.csv src/test/resources/report/samsung-t9.csv --job-size 500GB --csv");
    assertThat(r.out())
        .isEqualTo(
            Files.readString(
                Path.of("src/test/resources/golden/compare.csv"), StandardCharsets.UTF_8));
    assertThat(Cli.run("compare", "x", "--csv", "--json").exitCode()).isEqualTo(2);
  }
}
