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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change of phase ends a row of the old phase whenever anything completed in it, however short it
 * was, and the rows' times as samples.csv shows them still increase.
 */
class SamplerPhaseTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long MICROSECOND = 1_000L;
  private static final long MIB = 1L << 20;

  @TempDir Path dir;

  @Test
  void aWriteOfTwoHundredMicrosecondsHasItsOwnRowBeforeTheFlush() throws Exception {
    SamplerRig rig = SamplerRig.every(SECOND);
    rig.sampler().phase(SamplesCsv.WRITE);
    rig.sampler().begin();
    rig.clock().advance(200 * MICROSECOND);
    rig.counters().completed(16 * MIB, 50_000);
    rig.sampler().phase(SamplesCsv.FLUSH);
    rig.clock().advance(SECOND / 2);
    rig.sampler().sampleFinal();

    assertThat(rig.rows()).extracting(SampleRow::phase).containsExactly("write", "flush");
    assertThat(rig.rows().get(0).bytes()).isEqualTo(16 * MIB);
    assertThat(rig.rows().get(1).bytes()).isZero();
    // 16 MiB over the write's true 0.2 ms, in a time_s finer than the millisecond.
    assertThat(SamplesCsv.line(rig.rows().get(0))).startsWith("0.0002,83886.08,16777216,");
    // The flush ends half a second later: to the millisecond, as every row a millisecond or more
    // after the one before.
    assertThat(SamplesCsv.line(rig.rows().get(1))).startsWith("0.5,0,0,");
  }

  @Test
  void aFlushTooShortToTellAndEmptyLeavesTheWriteRowAlone() {
    SamplerRig rig = SamplerRig.every(SECOND);
    rig.sampler().begin();
    rig.clock().advance(3 * MICROSECOND);
    rig.counters().completed(4096, 1000);
    rig.sampler().phase(SamplesCsv.FLUSH);
    rig.clock().advance(MICROSECOND);
    assertThat(rig.sampler().sampleFinal()).isNull();
    assertThat(rig.rows()).hasSize(1);
    assertThat(SamplesCsv.line(rig.rows().getFirst())).startsWith("0.000003,1365.333,4096,");
  }

  @Test
  void rowsShowTheirTimeCutToTheMillisecond() {
    // Every row a millisecond or more after the one before shows the millisecond, cut: never after
    // the clock's reading.
    assertThat(SamplesCsv.timeAfter(0, SECOND)).isEqualTo(1.0);
    assertThat(SamplesCsv.timeAfter(1.0, 1_001_999_999L)).isEqualTo(1.001);
    assertThat(SamplesCsv.timeAfter(1.0, 1_300_000_001L)).isEqualTo(1.3);
    // A row closer than that to the one before takes the decimals it needs.
    assertThat(SamplesCsv.timeAfter(1.0, 1_000_400_000L)).isEqualTo(1.0004);
    assertThat(SamplesCsv.timeAfter(1.002, 1_002_000_010L)).isEqualTo(1.00200001);
    // The same nanosecond as the row before: one nanosecond on, never the same time.
    assertThat(SamplesCsv.timeAfter(2.0, 2 * SECOND)).isEqualTo(2.000000001);
  }

  /**
   * Phases of 1 µs to 5 ms (some long ones), requests completing at random moments, boundaries
   * taken as the sampler's thread would (sometimes late): each phase's bytes are in rows of that
   * phase, the bytes add up, the times in samples.csv increase, no rate is infinite, and the file
   * reads back as a curve of the write rows.
   */
  @Seeded(60)
  void everyPhaseWithBytesHasItsRows(long seed) {
    Seeds.withSeed(seed, this::everyPhaseWithBytesHasItsRows);
  }

  private void everyPhaseWithBytesHasItsRows(SplittableRandom r) throws Exception {
    long intervalNanos = longBetween(r, SECOND / 1000, SECOND / 5);
    SamplerRig rig = SamplerRig.every(intervalNanos);
    Path file = dir.resolve("samples.csv");
    Map<String, Long> bytesOfPhase = new HashMap<>();
    try (SamplesCsv csv = new SamplesCsv(file, "write_MBps", List.of())) {
      rig.sampler().addListener(csv);
      rig.sampler().phase(SamplesCsv.WRITE);
      rig.sampler().begin();
      String phase = SamplesCsv.WRITE;
      int phases = (int) longBetween(r, 1, 40);
      for (int p = 0; p < phases; p++) {
        long length =
            r.nextInt(8) == 0
                ? longBetween(r, 5_000 * MICROSECOND, 5_000 * MICROSECOND + 3 * intervalNanos)
                : longBetween(r, MICROSECOND, 5_000 * MICROSECOND);
        long end = rig.clock().nanoTime() + length;
        // The first write always completes something: the curve has a write row to read.
        boolean first = p == 0;
        while (rig.clock().nanoTime() < end) {
          rig.clock().advance(Math.min(end - rig.clock().nanoTime(), longBetween(r, 1, length)));
          if (first || r.nextBoolean()) {
            first = false;
            long bytes = 512 * longBetween(r, 1, 4096);
            rig.counters().completed(bytes, longBetween(r, 1, 10_000));
            bytesOfPhase.merge(phase, bytes, Long::sum);
          }
          // The sampler's thread: wakes at (or some time after) the boundary.
          if (rig.clock().nanoTime() >= rig.sampler().nextDueNanos() && r.nextInt(3) > 0) {
            rig.sampler().sample(true);
          }
        }
        phase = pick(r, SamplesCsv.WRITE, SamplesCsv.FLUSH, SamplesCsv.READ, SamplesCsv.COOLDOWN);
        rig.sampler().phase(phase);
      }
      rig.clock().advance(longBetween(r, 1, intervalNanos));
      rig.sampler().sampleFinal();
    }
    String context = "interval " + intervalNanos + " ns, rows " + rig.rows();

    Map<String, Long> rowBytesOfPhase = new HashMap<>();
    for (SampleRow row : rig.rows()) {
      rowBytesOfPhase.merge(row.phase(), row.bytes(), Long::sum);
      assertThat(row.megabytesPerSecond()).as(context).isFinite();
      assertThat(row.intervalSeconds()).as(context).isPositive();
    }
    rowBytesOfPhase.values().removeIf(b -> b == 0);
    assertThat(rowBytesOfPhase).as(context).isEqualTo(bytesOfPhase);
    assertThat(rig.rows().stream().mapToLong(SampleRow::bytes).sum())
        .as(context)
        .isEqualTo(rig.counters().bytes());

    List<String> lines = Files.readAllLines(file);
    BigDecimal previous = BigDecimal.ZERO;
    for (String line : lines.subList(1, lines.size())) {
      assertThat(line).as(context).doesNotContain("Infinity").doesNotContain("NaN");
      BigDecimal time = new BigDecimal(line.substring(0, line.indexOf(',')));
      assertThat(time).as("%s: %s after %s", context, line, previous).isGreaterThan(previous);
      previous = time;
    }

    ImportedCurve curve = CurveReader.readCsv(file);
    long writeBytes = 0;
    for (int i = 0; i < curve.series().size(); i++) {
      writeBytes += curve.series().bytes(i);
    }
    assertThat(writeBytes).as(context).isEqualTo(bytesOfPhase.get(SamplesCsv.WRITE));
  }
}
