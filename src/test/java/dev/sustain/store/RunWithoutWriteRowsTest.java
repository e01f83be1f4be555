package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.RunFolderRig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder left by an older version whose sampler made no row for a write under a millisecond (its
 * only row is the flush, holding the write's bytes) has no analysis.json and no curve; importing it
 * into the history must not fail. The sampler no longer makes such folders (SamplerPhaseTest).
 */
class RunWithoutWriteRowsTest {

  @TempDir Path temp;

  @Test
  void isRecordedWithoutAnalysis() throws Exception {
    Path dir =
        RunFolderRig.write(
            temp.resolve("tiny"),
            """
        {"version":1,"command":"write","run_id":"t-1","host":"lab1",
         "target":{"path":"/mnt/t","kind":"file","device":null},
         "params":{},"started":"2026-03-01T09:00:00Z","ended":"2026-03-01T09:00:01Z",
         "result":{"bytes":16777216,"seconds":0.004,"average_MBps":4194.3,"status":"complete",
          "error":null}}
        """,
            "time_s,write_MBps,bytes,phase\n0.004,4194.304,16777216,flush\n");
    RunRecord r = RunImporter.read(dir, null);
    assertThat(r.runId()).isEqualTo("t-1");
    assertThat(r.analysisJson()).isNull();
    assertThat(r.figures().bytes()).isEqualTo(16_777_216L);
  }
}
