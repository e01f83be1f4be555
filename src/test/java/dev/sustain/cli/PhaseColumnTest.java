package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.sampling.SamplesCsv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command that writes samples.csv says each interval's phase, and the writes add up. */
class PhaseColumnTest {

  @TempDir Path dir;

  private static List<SamplesCsv.Row> rows(Path runFolder, List<String> phasesOut)
      throws Exception {
    List<SamplesCsv.Row> rows = new ArrayList<>();
    try (SamplesCsv.Reader r = SamplesCsv.Reader.open(runFolder.resolve("samples.csv"))) {
      assertThat(r.hasPhase()).isTrue();
      assertThat(r.columns()).last().isEqualTo("phase");
      SamplesCsv.Row row;
      while ((row = r.next()) != null) {
        rows.add(row);
        phasesOut.add(row.phase());
      }
    }
    return rows;
  }

  @Test
  void aWriteIsWriteRowsThenFlushRowsAndTheWriteRowsHoldEveryByte() throws Exception {
    Cli.Folders rig = Cli.in(dir, "t", "run");
    Cli.Result r = rig.ok("write TARGET --size 64MiB --buffered --interval 100ms --out OUT");
    List<String> phases = new ArrayList<>();
    List<SamplesCsv.Row> rows = rows(rig.out(), phases);
    // write rows first, then (when the flush lasted long enough to show) flush rows
    assertThat(String.join(" ", phases)).matches("write( write)*( flush)*");
    long writeBytes = 0;
    double last = 0;
    for (SamplesCsv.Row row : rows) {
      double t = Double.parseDouble(row.cell(0));
      assertThat(t).as("time increases").isGreaterThan(last);
      last = t;
      if (row.phase().equals(SamplesCsv.WRITE)) {
        writeBytes += Long.parseLong(row.cell(2));
      }
    }
    assertThat(writeBytes).isEqualTo(64L << 20);
  }

  @Test
  void aFillWritesOnlyWriteRowsItsPerFileFsyncsIncluded() throws Exception {
    Cli.Folders rig = Cli.in(dir, "f", "fill");
    Cli.Result r = rig.ok("fill TARGET --limit 24MiB --file-size 8MiB --interval 100ms --out OUT");
    List<String> phases = new ArrayList<>();
    rows(rig.out(), phases);
    assertThat(phases).isNotEmpty().containsOnly(SamplesCsv.WRITE);
  }
}
