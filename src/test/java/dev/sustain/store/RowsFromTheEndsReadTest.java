package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.sampling.SamplesCsv;
import dev.sustain.sampling.SamplesCsvLines;
import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.testing.RunFolderRig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run recorded with the rows its end read stores what a record that reads its samples.csv stores:
 * the same header, the same rows under the same places, on every backend.
 */
class RowsFromTheEndsReadTest {

  @TempDir Path temp;
  @RegisterExtension final FreshDb db = new FreshDb();

  // A comment, a blank line and a row of another phase: places count every line after the header.
  private static final String SAMPLES =
      """
      time_s,write_MBps,bytes,temp_c,phase
      1.000,900.5,900500000,41,write
      # a note
      2.000,880.0,880000000,42,write

      3.000,0.0,0,42,flush
      """;

  private static Path run(Path folder, String runId) throws Exception {
    return RunFolderRig.write(
        folder,
        """
        {"version":1,"command":"write","run_id":"%s","host":"lab1",
         "target":{"path":"/mnt/k","kind":"file","device":{"model":"KINGSTON SNV3S1000G","serial":"S1"}},
         "params":{},"started":"2026-12-04T10:15:00Z","ended":"2026-12-04T10:15:03Z",
         "result":{"bytes":1780500000,"seconds":3.0,"average_MBps":593.5,"status":"complete","error":null}}
        """
            .formatted(runId),
        SAMPLES);
  }

  private static SamplesCsvLines read(Path folder) throws Exception {
    SamplesCsvLines.Collector rows = new SamplesCsvLines.Collector();
    try (SamplesCsv.Reader r = SamplesCsv.Reader.open(folder.resolve("samples.csv"))) {
      for (SamplesCsv.Row row = r.next(); row != null; row = r.next()) {
        rows.row(r, row);
      }
    }
    return rows.lines();
  }

  @EveryBackend
  void theRowsGivenAreStoredAsTheFilesRowsWouldBe(Backend backend) throws Exception {
    db.make(backend, temp);
    DbLocation location = DbLocation.parse(db.value(), Map.of());
    Path fromFile = run(temp.resolve("a"), "r-file");
    Path given = run(temp.resolve("b"), "r-given");
    String analysis = "{\"shape\":\"flat\"}";
    RunHistory.recordRun(
        fromFile, RunFolderRig.tree(fromFile).toString(), analysis, null, location);
    SamplesCsvLines rows = read(given);
    assertThat(rows.lines()).hasSize(3);
    RunHistory.recordRun(given, RunFolderRig.tree(given).toString(), analysis, rows, location);
    try (SampleStore samples = SampleStore.open(location)) {
      assertThat(samples.header("r-given")).isEqualTo(samples.header("r-file")).isPresent();
      List<SampleStore.Line> expected = samples.lines("r-file", -1, 100);
      assertThat(expected).extracting(SampleStore.Line::seq).containsExactly(0L, 2L, 4L);
      assertThat(samples.lines("r-given", -1, 100)).isEqualTo(expected);
    }
  }
}
