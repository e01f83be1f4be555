package dev.sustain.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's end analyses its folder with the run.json it has just written, as it holds it: the
 * folder's run.json is not read back for the curve nor for the words' context (here the file on
 * disk is garbage, and the analysis and its forms still see the run's document).
 */
class RunAnalysisTest {

  @TempDir Path dir;

  /** A run folder of two rows whose run.json on disk is garbage: it must not be read back. */
  private RunFolder spoiledFolder(String runId, String command) throws Exception {
    RunFolder folder = RunLifecycle.newFolder(dir.resolve("run"), runId, command);
    Files.writeString(
        folder.samplesCsv(), "time_s,write_MBps,bytes\n1.000,16.7,16700000\n2.000,16.5,33200000\n");
    Files.writeString(folder.runJson(), "{not what the run wrote");
    return folder;
  }

  @Test
  void aFolderIsAnalysedWithTheRunJsonItsRunHoldsNotTheFile() throws Exception {
    RunFolder folder = spoiledFolder("r1", "write");
    RunDocument run =
        RunDocumentCodec.decode(
            RunFolder.JSON.readTree(
                "{\"version\":1,\"command\":\"write\",\"run_id\":\"r1\",\"params\":{\"until\":\"floor\"}}"),
            "run.json");
    List<RunAnalysis.Done> told = new ArrayList<>();
    AnalysisForms forms =
        new AnalysisForms() {
          @Override
          public JsonNode json(RunAnalysis.Done done) {
            told.add(done);
            return RunFolder.JSON.createObjectNode().put("shape", "flat");
          }

          @Override
          public String text(RunAnalysis.Done done) {
            return "";
          }
        };

    RunAnalysis.Written written = RunAnalysis.write(folder, run, 1, forms);

    assertThat(written).as("analysed, though the file is garbage").isNotNull();
    assertThat(written.done().analysis().burstMBps()).isPositive();
    assertThat(told).singleElement().satisfies(d -> assertThat(d.run()).containsSame(run));
    assertThat(Files.readString(folder.dir().resolve(RunFolder.ANALYSIS_JSON))).contains("flat");
  }

  @Test
  void aCommandsAnalysisAfterItsSummaryTakesRunJsonAsItsRunToldIt() throws Exception {
    // fill analyses its folder after its summary: with run.json's text as its run's end told it,
    // the file is not read back (here it is garbage), and without it the file is read.
    RunFolder folder = spoiledFolder("r2", "fill");
    String told = "{\"version\":1,\"command\":\"fill\",\"run_id\":\"r2\",\"params\":{\"qd\":4}}";
    AnalysisForms forms =
        new AnalysisForms() {
          @Override
          public JsonNode json(RunAnalysis.Done done) {
            return RunFolder.JSON
                .createObjectNode()
                .put("command", done.run().orElseThrow().command().orElseThrow());
          }

          @Override
          public String text(RunAnalysis.Done done) {
            return "";
          }
        };

    RunAnalysis.Written written = RunAnalysis.write(folder, told, 1, forms);

    assertThat(written).as("analysed, though the file is garbage").isNotNull();
    assertThat(written.json()).contains("\"fill\"");
    assertThat(written.samples().lines()).as("the rows it read, for the history").hasSize(2);
    assertThat(RunAnalysis.write(folder, (String) null, 1, forms))
        .as("the garbage file read")
        .isNull();
  }
}
