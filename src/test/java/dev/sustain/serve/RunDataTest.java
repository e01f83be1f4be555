package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.store.SampleStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A local run folder's samples as the dashboard serves them. */
class RunDataTest {

  @TempDir Path dir;

  @Test
  void aLocalFoldersRowsKeepTheirTextAndTheirPlaceAfterTheHeader() throws Exception {
    // A blank line still counts for the place of the rows after it, as it did before the Reader;
    // the last row is cut short by a kill and is served as it stands.
    Files.writeString(
        dir.resolve("samples.csv"),
        "time_s,bytes,write_MBps,phase\n"
            + "1.000,1000000,1.0,write\n"
            + "2.000,2000000,2.0,write\n"
            + "\n"
            + "3.000,3000000,3.0,flush\n"
            + "3.500,5",
        StandardCharsets.UTF_8);
    RunData.Samples s = RunData.fromFolder(dir).orElseThrow();
    assertThat(s.header()).isEqualTo("time_s,bytes,write_MBps,phase");
    assertThat(s.lines())
        .containsExactly(
            new SampleStore.Line(0, "1.000,1000000,1.0,write"),
            new SampleStore.Line(1, "2.000,2000000,2.0,write"),
            new SampleStore.Line(3, "3.000,3000000,3.0,flush"),
            new SampleStore.Line(4, "3.500,5"));
    assertThat(s.csvLines()).hasSize(5).startsWith("time_s,bytes,write_MBps,phase");
    assertThat(RunData.row(RunData.columns(s.header()), s.lines().get(3).text()).toString())
        .isEqualTo("{\"time_s\":3.5,\"bytes\":5,\"write_MBps\":null,\"phase\":null}");
  }

  @Test
  void anEmptyFileHasNoSamples() throws Exception {
    Files.writeString(dir.resolve("samples.csv"), "", StandardCharsets.UTF_8);
    assertThat(RunData.fromFolder(dir)).isEmpty();
    assertThat(RunData.fromFolder(dir.resolve("none"))).isEmpty();
  }
}
