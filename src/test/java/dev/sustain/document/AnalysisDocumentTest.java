package dev.sustain.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** analysis.json's headline figures read as a record; a figure a curve did not show is empty. */
class AnalysisDocumentTest {

  private static final Path FOLDERS = Path.of("src/test/resources/document/analysis-json");

  @Test
  void aCliffHasEveryFigure() throws Exception {
    AnalysisDocument a =
        AnalysisDocumentCodec.read(FOLDERS.resolve("v1-2026-12-01-cliff")).orElseThrow();
    assertThat(a.version()).isEqualTo(1);
    assertThat(a.shape()).contains("cache-cliff");
    assertThat(a.burstMBps()).hasValue(2554.6);
    assertThat(a.cacheGB()).hasValue(281.01);
    assertThat(a.cliffSeconds()).hasValue(109.997);
    assertThat(a.floorMBps()).hasValue(127.0);
    assertThat(a.averageMBps()).hasValue(778.3);
  }

  @Test
  void aShortRunHasNoCacheNorFloor() throws Exception {
    AnalysisDocument a =
        AnalysisDocumentCodec.read(FOLDERS.resolve("v1-2026-12-01-write")).orElseThrow();
    assertThat(a.shape()).contains("undetermined");
    assertThat(a.burstMBps()).hasValue(2178.1);
    assertThat(a.cacheGB()).isEmpty();
    assertThat(a.floorMBps()).isEmpty();
  }

  @Test
  void aTargetThatIsNoDriveIsNamedAndADrivesIsNot() throws Exception {
    AnalysisDocument loop =
        AnalysisDocumentCodec.read(FOLDERS.resolve("v1-2026-12-02-loop-file")).orElseThrow();
    assertThat(loop.target()).contains("loop-file");
    AnalysisDocument drive =
        AnalysisDocumentCodec.read(FOLDERS.resolve("v1-2026-12-01-cliff")).orElseThrow();
    assertThat(drive.target()).isEmpty();
  }

  @Test
  void aFolderWithoutOneHasNone() throws Exception {
    assertThat(AnalysisDocumentCodec.read(FOLDERS)).isEmpty();
  }

  @Test
  void aNewerVersionIsRefusedInOneLine() {
    assertThatThrownBy(() -> AnalysisDocumentCodec.read(FOLDERS.resolve("v2-newer")))
        .isInstanceOf(NewerFormatException.class)
        .hasMessageContaining("newer Sustain (format version 2")
        .hasMessageNotContaining("\n");
  }
}
