package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.Sampler;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.sampling.TemperatureSensor;
import dev.sustain.store.RunImporter;
import dev.sustain.store.RunRecord;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write of microseconds to milliseconds (16 MiB on the null engine, its request path rehearsed;
 * 64 KiB on a drive) has a row of its own before the flush, whatever it took on this machine, and
 * an analysis that says it was too short to tell, kept in the history.
 */
class ShortWriteTest {

  @TempDir Path dir;

  /** 16 MiB on the null engine into a new folder, its run folder {@code out}; it succeeded. */
  private Cli.Result nullWrite(Path out) throws Exception {
    Path target = Files.createDirectories(dir.resolve("t"));
    Cli.Result r = Cli.runLine("write {} --size 16MiB --engine null --out {}", target, out);
    assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
    return r;
  }

  @Test
  void aWriteOfMicrosecondsHasItsRowAndItsAnalysis() throws Exception {
    Path out = dir.resolve("run");
    Cli.Result r = nullWrite(out);
    String rows = assertWriteRowsHold(out, 16L << 20);

    JsonNode analysis = RunFolder.JSON.readTree(out.resolve("analysis.json").toFile());
    assertThat(analysis.path("shape").asText()).as(rows).isEqualTo("undetermined");
    assertThat(r.out()).contains("too short to tell");

    Cli.Result again = Cli.ok("analyze", out);
    assertThat(again.out()).contains("undetermined").contains("too short to tell");

    // A folder without analysis.json (a killed run's, an older version's) is analysed on import.
    Files.delete(out.resolve("analysis.json"));
    RunRecord imported = RunImporter.runFolder(out, "import");
    assertThat(imported.figures().shape()).as(rows).isEqualTo("undetermined");
  }

  /**
   * Whatever this machine's speed, a write of 0.2 ms as the sampler records it (a controllable
   * clock) reads back through analyze and the history's import.
   */
  @Test
  void aWriteOfTwoHundredMicrosecondsIsAnalysed() throws Exception {
    Path out = dir.resolve("run");
    nullWrite(out);
    Files.delete(out.resolve("samples.csv"));
    Files.delete(out.resolve("analysis.json"));
    AtomicLong now = new AtomicLong(5_000_000_000L);
    RunCounters counters = new RunCounters();
    Sampler sampler =
        new Sampler(
            now::get, () -> -1, counters, TemperatureSensor.NONE, List.of(), 1_000_000_000L);
    try (SamplesCsv csv = new SamplesCsv(out.resolve("samples.csv"), "write_MBps", List.of())) {
      sampler.addListener(csv);
      sampler.begin();
      now.addAndGet(200_000);
      counters.completed(16L << 20, 30_000);
      sampler.phase(SamplesCsv.FLUSH);
      now.addAndGet(300_000_000);
      sampler.sampleFinal();
    }
    String rows = assertWriteRowsHold(out, 16L << 20);
    assertThat(rows).startsWith("0.0002,83886.08,16777216,");

    Cli.Result analysed = Cli.run("analyze", out.toString());
    assertThat(analysed.exitCode()).as(rows + analysed.err()).isZero();
    assertThat(analysed.out()).as(rows).contains("undetermined — too short to tell");
    RunRecord imported = RunImporter.runFolder(out, "import");
    assertThat(imported.figures().shape()).as(rows).isEqualTo("undetermined");
  }

  @Test
  void aTinyWriteOnADriveIsRecordedWithItsAnalysis() throws Exception {
    Cli.Folders rig = Cli.in(dir, "t", "run");
    String db = dir.resolve("history.db").toString();
    Cli.Result r = rig.run("write TARGET --size 64KiB --bs 64KiB --out OUT --db {}", db);
    assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
    String rows = assertWriteRowsHold(rig.out(), 64L << 10);
    Cli.Result h = Cli.ok("history", "--db", db, "--json");
    JsonNode runs = RunFolder.JSON.readTree(h.out()).path("runs");
    assertThat(runs).as(h.out()).hasSize(1);
    assertThat(runs.get(0).path("shape").asText()).as(rows + h.out()).isEqualTo("undetermined");
  }

  /**
   * The folder's rows: times that increase, at least one write row, and all of {@code bytes} in the
   * write rows (every request completed before the flush began).
   *
   * @return the rows, for messages
   */
  private static String assertWriteRowsHold(Path out, long bytes) throws Exception {
    long writeBytes = 0;
    long allBytes = 0;
    int writeRows = 0;
    BigDecimal previous = BigDecimal.ZERO;
    StringBuilder rows = new StringBuilder();
    try (SamplesCsv.Reader csv = SamplesCsv.Reader.open(out.resolve("samples.csv"))) {
      int time = csv.column("time_s");
      int bytesColumn = csv.column("bytes");
      SamplesCsv.Row row;
      while ((row = csv.next()) != null) {
        rows.append(String.join(",", row.cells())).append('\n');
        BigDecimal t = new BigDecimal(row.cell(time));
        assertThat(t).as(rows.toString()).isGreaterThan(previous);
        previous = t;
        long b = Long.parseLong(row.cell(bytesColumn));
        allBytes += b;
        if (row.phase().equals(SamplesCsv.WRITE)) {
          writeRows++;
          writeBytes += b;
        }
      }
    }
    assertThat(writeRows).as(rows.toString()).isPositive();
    assertThat(writeBytes).as(rows.toString()).isEqualTo(bytes).isEqualTo(allBytes);
    return rows.toString();
  }
}
