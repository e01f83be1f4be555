package dev.sustain.sampling;

import static dev.sustain.testing.Generators.longBetween;
import static dev.sustain.testing.Generators.pick;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.input.CurveReader;
import dev.sustain.input.ImportedCurve;
import dev.sustain.testing.SamplerRig;
import dev.sustain.testing.Seeded;
import dev.sustain.testing.Seeds;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.io.TempDir;

/**
 * One clock for the record: a sampler whose wake-ups are late by random amounts (from none to more
 * than an interval) writes rows whose {@code time_s} is when each row was made, and whose rate is
 * its bytes over {@code time_s} less the time before it, to the printed digits, on every row.
 */
class SamplerClockTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long MILLISECOND = 1_000_000L;

  @TempDir Path dir;

  @Seeded(60)
  void everyRowsRateIsItsBytesOverItsTimes(long seed) {
    Seeds.withSeed(seed, this::everyRowsRateIsItsBytesOverItsTimes);
  }

  private void everyRowsRateIsItsBytesOverItsTimes(SplittableRandom r) throws Exception {
    long intervalNanos = pick(r, SECOND, SECOND / 4, SECOND / 10, 2 * SECOND, 333 * MILLISECOND);
    SamplerRig rig = SamplerRig.every(intervalNanos);
    Path file = dir.resolve("samples.csv");
    // The clock's reading when each row was made, seconds since the start.
    List<Double> madeAt = new ArrayList<>();
    try (SamplesCsv csv = new SamplesCsv(file, "write_MBps", List.of())) {
      rig.sampler().addListener(csv);
      rig.sampler()
          .addListener(
              row -> madeAt.add((rig.clock().nanoTime() - rig.sampler().startNanos()) / 1e9));
      rig.sampler().begin();
      int rows = (int) longBetween(r, 1, 40);
      for (int k = 0; k < rows; k++) {
        // The sampler's thread wakes at the boundary or late: mostly a little, sometimes by most
        // of an interval, now and then past the next boundary (that row then covers both).
        long late =
            switch (r.nextInt(4)) {
              case 0 -> 0;
              case 1 -> longBetween(r, 1, 2 * MILLISECOND);
              case 2 -> longBetween(r, 1, intervalNanos * 9 / 10);
              default -> longBetween(r, 1, 2 * intervalNanos);
            };
        long wake = Math.max(rig.clock().nanoTime() + 1, rig.sampler().nextDueNanos() + late);
        while (rig.clock().nanoTime() < wake) {
          rig.clock()
              .advance(
                  Math.min(wake - rig.clock().nanoTime(), longBetween(r, 1, intervalNanos / 3)));
          if (r.nextInt(4) > 0) {
            rig.counters().completed(4096 * longBetween(r, 1, 100_000), longBetween(r, 1, 50_000));
          }
        }
        if (r.nextInt(10) == 0) {
          // A phase change now and then ends a row between boundaries.
          rig.sampler().phase(pick(r, SamplesCsv.WRITE, SamplesCsv.FLUSH, SamplesCsv.COOLDOWN));
        } else {
          rig.sampler().sample(true);
        }
      }
      rig.clock().advance(longBetween(r, 1, intervalNanos));
      rig.counters().completed(4096, 100);
      rig.sampler().sampleFinal();
    }

    List<String> lines = Files.readAllLines(file);
    assertThat(lines.size() - 1).isEqualTo(madeAt.size());
    BigDecimal previous = BigDecimal.ZERO;
    for (int i = 1; i < lines.size(); i++) {
      String[] cells = lines.get(i).split(",", -1);
      String context = "interval " + intervalNanos + " ns, line " + (i + 1) + ": " + lines.get(i);
      BigDecimal time = new BigDecimal(cells[0]);
      // time_s is the clock's reading at the row, cut to the shown digits.
      double made = madeAt.get(i - 1);
      assertThat(time.doubleValue()).as(context).isBetween(made - 0.001, made + 1e-9);
      BigDecimal length = time.subtract(previous);
      assertThat(length.signum()).as(context).isPositive();
      BigDecimal bytes = new BigDecimal(cells[2]);
      BigDecimal rate = bytes.divide(length, MathContext.DECIMAL64).movePointLeft(6);
      BigDecimal printed = new BigDecimal(cells[1]);
      // Equal to the printed three decimals (half a unit of the last digit, and a hair for the
      // double arithmetic behind the printed figure).
      assertThat(printed.subtract(rate).abs().doubleValue())
          .as(context + " (bytes / delta time_s = " + rate + ")")
          .isLessThanOrEqualTo(0.0005 + 1e-12 * rate.doubleValue());
      previous = time;
    }

    // The analysis's series holds the same lengths: every write row's rate is its bytes over its
    // interval there too, the other phases' rows between them taken out of the time axis (in
    // doubles there: a nanosecond's row after 0.8 s is a nanosecond to a millionth).
    ImportedCurve curve = CurveReader.readCsv(file);
    for (int i = 0; i < curve.series().size(); i++) {
      double seconds = curve.series().intervalSeconds(i);
      double rate = curve.series().bytes(i) / seconds / 1e6;
      assertThat(curve.series().writeMBps(i))
          .as("sample %d of %s", i, lines)
          .isCloseTo(rate, org.assertj.core.data.Offset.offset(0.0005 + 1e-6 * rate));
    }
  }
}
