package dev.sustain.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.SamplerRig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reader beside the writer: columns by name, phases, and old folders without a phase. */
class SamplesCsvReaderTest {

  @TempDir Path dir;

  private static final long SECOND = 1_000_000_000L;

  @Test
  void readsWhatTheWriterWroteByNameWithItsPhases() throws Exception {
    Path file = dir.resolve("samples.csv");
    try (SamplesCsv csv = new SamplesCsv(file, "write_MBps", List.of("dev_write_bytes"))) {
      csv.onSample(
          new SampleRow(
              1, 1, 100, 100_000_000L, 100, 1, 2, 3, 10, 40, List.of("7"), SamplesCsv.WRITE));
      csv.onSample(
          new SampleRow(
              1.5, 0.5, 0, 0, 0, Double.NaN, Double.NaN, Double.NaN, 1, 41, List.of(""), "flush"));
    }
    try (SamplesCsv.Reader r = SamplesCsv.Reader.open(file)) {
      assertThat(r.columns()).last().isEqualTo("phase");
      assertThat(r.hasPhase()).isTrue();
      assertThat(r.column("WRITE_mbps")).isEqualTo(1);
      assertThat(r.column("dev_write_bytes")).isEqualTo(9);
      assertThat(r.column("no_such")).isEqualTo(-1);
      SamplesCsv.Row first = r.next();
      assertThat(first.phase()).isEqualTo("write");
      assertThat(first.cell(r.column("bytes"))).isEqualTo("100000000");
      assertThat(first.last()).isFalse();
      SamplesCsv.Row second = r.next();
      assertThat(second.phase()).isEqualTo("flush");
      assertThat(second.cell(r.column("lat_p50_ms"))).isEmpty();
      assertThat(second.last()).isTrue();
      assertThat(second.lineNumber()).isEqualTo(3);
      assertThat(r.next()).isNull();
    }
  }

  @Test
  void aFileWithoutPhaseReadsAsAllWriteAndTheFilterSkipsOtherPhases() throws Exception {
    Path old = dir.resolve("old.csv");
    Files.writeString(
        old, "# a comment\n\ntime_s,\"write_MBps\",bytes\n1,5,5000000\n2,0,0\n", UTF8);
    try (SamplesCsv.Reader r = SamplesCsv.Reader.open(old)) {
      assertThat(r.hasPhase()).isFalse();
      assertThat(r.headerLine()).isEqualTo(3);
      assertThat(r.column("write_MBps")).isEqualTo(1);
      List<String> phases = new ArrayList<>();
      SamplesCsv.Row row;
      while ((row = r.next(SamplesCsv.WRITE::equals)) != null) {
        phases.add(row.phase() + "@" + row.cell(0));
      }
      assertThat(phases).containsExactly("write@1", "write@2");
    }
    Path copy = dir.resolve("copy.csv");
    Files.writeString(
        copy,
        "time_s,write_MBps,phase\n1,5,write\n2,0,FLUSH\n3,0,read\n4,0,cooldown\n5,6,write\n",
        UTF8);
    try (SamplesCsv.Reader r = SamplesCsv.Reader.open(copy)) {
      List<String> times = new ArrayList<>();
      SamplesCsv.Row row;
      while ((row = r.next(SamplesCsv.WRITE::equals)) != null) {
        times.add(row.cell(0));
      }
      assertThat(times).containsExactly("1", "5");
    }
  }

  @Test
  void anEmptyFileHasNoColumnsAndNoRows() throws Exception {
    Path empty = dir.resolve("empty.csv");
    Files.writeString(empty, "", UTF8);
    try (SamplesCsv.Reader r = SamplesCsv.Reader.open(empty)) {
      assertThat(r.columns()).isEmpty();
      assertThat(r.next()).isNull();
    }
  }

  @Test
  void aChangeOfPhaseEndsTheIntervalSoNoRowMixesTwoPhases() {
    SamplerRig rig = SamplerRig.every(SECOND);
    rig.sampler().begin();

    rig.after(SECOND, 4_000_000, 1000);
    rig.clock().advance(SECOND * 3 / 10); // the last writes complete 0.3 s into the second interval
    rig.counters().completed(3_000_000, 1000);
    rig.sampler().phase(SamplesCsv.FLUSH);
    rig.clock().advance(SECOND * 7 / 10); // the flush until the next boundary
    rig.sampler().sample(true);
    rig.clock().advance(SECOND / 2);
    rig.sampler().sampleFinal();

    assertThat(rig.rows())
        .extracting(SampleRow::phase)
        .containsExactly("write", "write", "flush", "flush");
    assertThat(rig.rows()).extracting(SampleRow::timeSeconds).containsExactly(1.0, 1.3, 2.0, 2.5);
    // The closing write row has the true rate of its 0.3 s, not a third of it.
    assertThat(rig.rows().get(1).megabytesPerSecond()).isCloseTo(10.0, within(1e-9));
    assertThat(rig.rows().get(2).bytes()).isZero();
    assertThat(rig.rows().stream().mapToLong(SampleRow::bytes).sum()).isEqualTo(7_000_000L);
  }

  @Test
  void aChangeRightAfterARowMakesNoEmptySliver() {
    SamplerRig rig = SamplerRig.every(SECOND);
    rig.sampler().phase(SamplesCsv.READ); // before the start: sets the phase, makes no row
    rig.sampler().begin();
    rig.after(SECOND, 1_000_000, 1000);
    rig.clock().advance(SECOND / 100);
    rig.sampler().phase(SamplesCsv.COOLDOWN);
    rig.clock().advance(SECOND);
    rig.sampler().sample(true);

    assertThat(rig.rows()).extracting(SampleRow::phase).containsExactly("read", "cooldown");
    assertThat(rig.sampler().phase()).isEqualTo("cooldown");
  }

  private static final java.nio.charset.Charset UTF8 = StandardCharsets.UTF_8;

  private static org.assertj.core.data.Offset<Double> within(double v) {
    return org.assertj.core.data.Offset.offset(v);
  }
}
