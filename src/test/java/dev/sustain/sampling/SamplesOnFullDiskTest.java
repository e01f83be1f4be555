package dev.sustain.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.LoopFileSystem;
import dev.sustain.testing.Mounted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A row that finds the run folder's disk full is held, not lost: a test file that fills the file
 * system its run folder is on takes the last block before the run sees ENOSPC, and the sampler's
 * row due then must still reach samples.csv once the run gives room back, or samples.csv sums to
 * less than run.json's bytes (seen as 8 MiB short on a loaded machine). Needs root (a loop file
 * system), as CI runs it.
 */
class SamplesOnFullDiskTest {

  @Test
  void rowsTheFullDiskRefusedAreWrittenOnceRoomIsBackEachOnceInOrder(
      @Mounted(mebibytes = 16) LoopFileSystem fs) throws Exception {
    Path file = fs.dir().resolve("samples.csv");
    Path filler = fs.dir().resolve("filler");
    List<SampleRow> rows = new ArrayList<>();
    try (SamplesCsv csv = new SamplesCsv(file, "write_MBps", List.of())) {
      LoopFileSystem.fillUp(filler);
      // Rows of about 60 bytes: a block's worth is 70 rows, so 400 cross at least one boundary
      // that needs a block the full disk has not got.
      for (int i = 1; i <= 400; i++) {
        SampleRow row =
            new SampleRow(i, 1, 8, 8_000_000L, 8, 1, 2, 3, 50, 40, List.of(), SamplesCsv.WRITE);
        csv.onSample(row); // must not throw: the row is held
        rows.add(row);
      }
      assertThat(Files.size(file)).as("the disk refused some rows").isLessThan(400L * 50);
      Files.delete(filler); // the run gives back the room it set aside
    }
    List<String> lines = Files.readAllLines(file);
    assertThat(lines).hasSize(401);
    for (int i = 0; i < rows.size(); i++) {
      assertThat(lines.get(i + 1)).isEqualTo(SamplesCsv.line(rows.get(i)));
    }
  }

  @Test
  void aDiskThatStaysFullFailsAtTheCloseWithTheRowsItHeld(
      @Mounted(mebibytes = 16) LoopFileSystem fs) throws Exception {
    Path file = fs.dir().resolve("samples.csv");
    SamplesCsv csv = new SamplesCsv(file, "write_MBps", List.of());
    LoopFileSystem.fillUp(fs.dir().resolve("filler"));
    for (int i = 1; i <= 400; i++) {
      csv.onSample(
          new SampleRow(i, 1, 8, 8_000_000L, 8, 1, 2, 3, 50, 40, List.of(), SamplesCsv.WRITE));
    }
    IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, csv::close);
    assertThat(e.getMessage()).containsIgnoringCase("space");
  }
}
