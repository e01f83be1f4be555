package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.unit.Durations;
import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

/** The PNG's time axis: ticks at round steps, labelled as times, drawn where the curve is. */
class TimeAxisTest {

  @TempDir Path dir;

  /** Steps a person reads at a glance; XChart's own choice on 1 s samples was every 7 s. */
  private static final Set<Double> ROUND =
      DoubleStream.of(
              0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600)
          .boxed()
          .collect(Collectors.toSet());

  private static double parsed(String label) {
    // Durations.parse takes no zero (no run lasts 0 s), and the first tick is at 0.
    return label.equals("0s") ? 0 : Durations.parse(label.replace(" ", "")).toNanos() / 1e9;
  }

  @Test
  void seededRunsOf2sTo10hGetFourToTenTicksAtARoundStepWithRisingLabels() {
    Random random = new Random(29);
    for (int i = 0; i < 2_000; i++) {
      // Log-uniform from 2 s to 10 h, so short runs are tried as often as long ones.
      double seconds = Math.exp(Math.log(2) + random.nextDouble() * Math.log(36_000 / 2.0));
      List<TimeTicks.Tick> ticks = TimeTicks.of(seconds);
      double step = TimeTicks.stepSeconds(seconds);
      String run = "a run of " + seconds + " s";
      assertThat(ROUND).as(run).contains(step);
      assertThat(ticks.size()).as(run).isBetween(4, 10);
      assertThat(ticks.get(0).label()).isEqualTo("0s");
      TimeTicks.Tick last = ticks.get(ticks.size() - 1);
      assertThat(last.seconds()).as(run).isLessThanOrEqualTo(seconds + 1e-6);
      assertThat(last.seconds() + step).as(run).isGreaterThan(seconds);
      for (int k = 1; k < ticks.size(); k++) {
        TimeTicks.Tick t = ticks.get(k);
        assertThat(t.seconds() - ticks.get(k - 1).seconds()).as(run).isCloseTo(step, within());
        // Each label reads back (as --time reads a duration) as its tick's place, so they rise.
        assertThat(parsed(t.label())).as(run + ": " + t.label()).isCloseTo(t.seconds(), within());
        assertThat(parsed(t.label())).isGreaterThan(parsed(ticks.get(k - 1).label()));
      }
    }
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-6);
  }

  @Test
  void labelsReadAsTheReportWritesTimes() {
    assertThat(labels(2)).containsExactly("0s", "0.5s", "1.0s", "1.5s", "2.0s");
    assertThat(labels(300)).containsExactly("0s", "1m 00s", "2m 00s", "3m 00s", "4m 00s", "5m 00s");
    assertThat(labels(100))
        .containsExactly("0s", "15s", "30s", "45s", "1m 00s", "1m 15s", "1m 30s");
    assertThat(labels(36_000))
        .containsExactly("0s", "2h 00m", "4h 00m", "6h 00m", "8h 00m", "10h 00m");
    assertThat(labels(5_400))
        .containsExactly(
            "0s", "10m 00s", "20m 00s", "30m 00s", "40m 00s", "50m 00s", "1h 00m", "1h 10m",
            "1h 20m", "1h 30m");
  }

  private static List<String> labels(double seconds) {
    return TimeTicks.of(seconds).stream().map(TimeTicks.Tick::label).toList();
  }

  private CurveReport curve(int samples, double intervalSeconds) {
    double[] t = new double[samples];
    double[] r = new double[samples];
    for (int i = 0; i < samples; i++) {
      t[i] = (i + 1) * intervalSeconds;
      // The cliff at 37% of the run, away from every tick, whose grid line it would hide.
      r[i] = i < samples * 37 / 100 ? 1500 + 20 * Math.sin(i) : 400 + 15 * Math.sin(i / 3.0);
    }
    SampleSeries s = SampleSeries.of(t, r);
    return new CurveReport(dir, "ssd", RunInfo.NONE, s, Analyzer.analyze(s), List.of());
  }

  @Test
  void aPngHasItsGridAtTheRoundTicksAndNoneBetween() throws Exception {
    for (CurveReport c : List.of(curve(300, 1), curve(120, 0.25), curve(2_400, 15))) {
      List<XYChart> charts = ChartImages.single(c, 1200, 700);
      Path png = dir.resolve("axis.png");
      ChartImages.writePng(charts, png);
      if (System.getenv("SUSTAIN_KEEP_CHARTS") != null) {
        java.nio.file.Files.copy(
            png,
            Path.of(System.getenv("SUSTAIN_KEEP_CHARTS"))
                .resolve("axis-" + c.series().durationSeconds() + ".png"),
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      BufferedImage img = ImageIO.read(png.toFile());
      assertThat(img.getWidth()).isEqualTo(1200);
      assertThat(img.getHeight()).isEqualTo(700);

      TimedChart top = (TimedChart) charts.get(0);
      Rectangle2D plot = top.plotBounds();
      List<TimeTicks.Tick> ticks = top.ticks();
      assertThat(ticks.size()).isBetween(4, 10);
      double unit =
          c.series().durationSeconds() > 3 * 3600
              ? 3600
              : c.series().durationSeconds() > 1200 ? 60 : 1;
      for (int k = 1; k < ticks.size(); k++) {
        int x = (int) Math.floor(top.getScreenXFromChart(ticks.get(k).seconds() / unit));
        int between =
            (int)
                Math.round(
                    top.getScreenXFromChart(
                        (ticks.get(k).seconds() + ticks.get(k - 1).seconds()) / 2 / unit));
        String where = c.series().durationSeconds() + " s run, tick " + ticks.get(k).label();
        assertThat(gridPixels(img, x, plot)).as(where).isGreaterThan((int) (plot.getHeight() / 3));
        // Between ticks a column crosses only the horizontal grid lines and the curve.
        assertThat(gridPixels(img, between, plot))
            .as(where + ", between")
            .isLessThan((int) (plot.getHeight() / 10));
      }
    }
  }

  /** Pixels of the grid's light grey in a column of the plot (the curve crosses a few). */
  private static int gridPixels(BufferedImage img, int x, Rectangle2D plot) {
    int n = 0;
    for (int y = (int) plot.getMinY() + 2; y < plot.getMaxY() - 2; y++) {
      Color c = new Color(img.getRGB(x, y));
      if (Arrays.stream(new int[] {c.getRed(), c.getGreen(), c.getBlue()})
          .allMatch(v -> v >= 0xd0 && v <= 0xf0)) {
        n++;
      }
    }
    return n;
  }
}
