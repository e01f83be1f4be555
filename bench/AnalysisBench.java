// Times the analysis of 100,000 one-second samples (a 28-hour run) for each hard shape: a
// spinning disk's zoned decline and its SMR stalls, a flat drive, a drive swinging without TRIM, a
// QLC staircase, a sawtooth of thermal dips and a temperature step. Not a JMH harness: each curve
// is analysed a few times after a warm-up and the best of this thread's CPU time is printed (so
// that other load on the machine does not skew it), with the wall time beside it.
//
//   ./mvnw -q -B compile && bench/analysis-bench.sh
//
// The target (issue 13): under 1 s for each.
import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.Media;
import dev.sustain.analysis.SampleSeries;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

public class AnalysisBench {

  static final int SAMPLES = Integer.getInteger("samples", 100_000);
  static final int RUNS = Integer.getInteger("runs", 5);
  static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** One sample a second of {@code profile}, with 4% noise and, where given, a temperature. */
  static SampleSeries curve(
      DoubleUnaryOperator profile, DoubleUnaryOperator temp, Media media, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    SampleSeries.Builder b = SampleSeries.builder(SAMPLES).media(media);
    for (int i = 0; i < SAMPLES; i++) {
      double rate = Math.max(0, profile.applyAsDouble(i + 0.5) * (1 + 0.04 * r.nextGaussian()));
      double c = temp == null ? Double.NaN : Math.round(temp.applyAsDouble(i + 1));
      b.add(i + 1, rate, -1, c, Double.NaN);
    }
    return b.build();
  }

  public static void main(String[] args) {
    SplittableRandom r = new SplittableRandom(42);
    double[] gc = new double[SAMPLES];
    for (int i = 0; i < SAMPLES; ) {
      int len = 3 + r.nextInt(12);
      double level = (i / 7) % 2 == 0 ? 940 : 120;
      for (int k = 0; k < len && i < SAMPLES; k++) {
        gc[i++] = level;
      }
    }
    double[] smr = new double[SAMPLES];
    for (int i = 0; i < SAMPLES; i++) {
      double u = r.nextDouble();
      smr[i] = i < 7200 ? 146 : u < 0.2 ? 0 : u < 0.5 ? 60 : 146;
    }
    Object[][] cases = {
      {"hdd-zoned", curve(t -> 240 - 120 * t / SAMPLES, null, Media.HDD, 1)},
      {"smr-stalls", curve(t -> smr[(int) t], null, Media.HDD, 2)},
      {"flat", curve(t -> 918, null, Media.SSD, 3)},
      {"gc-erratic", curve(t -> gc[(int) t], null, Media.SSD, 4)},
      {"cache-cliff (QLC)", curve(t -> t < 20 ? 5000 : t < 153 ? 1500 : 80, null, Media.SSD, 5)},
      {"thermal (sawtooth)", curve(t -> t > 300 && t % 50 < 8 ? 20 : 800, null, Media.SSD, 6)},
      // The long regular cycles: 60 s at a third, 100 s back at full speed, after 300 s.
      {"thermal (cycles)", curve(t -> t > 300 && (t - 300) % 160 < 60 ? 600 : 1800, null, Media.SSD, 8)},
      // Cycles too shallow for the midline (6% every 34 s): the period fold reads them.
      {"thermal (shallow)", curve(t -> t > 368 && t % 34 < 12 ? 1100 : 1300, null, Media.SSD, 9)},
      {
        "thermal (temperature)",
        curve(t -> t < 3000 ? 100 : 80, t -> t < 3000 ? 25 + 20 * t / 3000 : 45, Media.SSD, 7)
      },
    };
    System.out.printf(
        Locale.ROOT, "%s samples, best of %d after a warm-up%n", SAMPLES, RUNS);
    for (Object[] c : cases) {
      SampleSeries s = (SampleSeries) c[1];
      Analysis a = Analyzer.analyze(s, 500_000_000_000L);
      long bestCpu = Long.MAX_VALUE;
      long bestWall = Long.MAX_VALUE;
      for (int run = 0; run < RUNS; run++) {
        long cpu0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        a = Analyzer.analyze(s, 500_000_000_000L);
        bestWall = Math.min(bestWall, System.nanoTime() - t0);
        bestCpu = Math.min(bestCpu, THREADS.getCurrentThreadCpuTime() - cpu0);
      }
      System.out.printf(
          Locale.ROOT,
          "%-22s read as %-16s %6.0f ms CPU  %6.0f ms wall%n",
          (String) c[0],
          a.shape().word(),
          bestCpu / 1e6,
          bestWall / 1e6);
    }
  }
}
