package dev.sustain.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.sampling.SamplesCsvLines;
import dev.sustain.sampling.TemperatureSensor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RunLifecycle}: the steps around a command's requests, the same for every command. */
class RunLifecycleTest {

  @TempDir Path dir;

  private SamplingSession begun(RunFolder folder) throws IOException {
    SamplingSession session =
        SamplingSession.open(
            folder,
            "write_MBps",
            DefaultsAndLimits.MIN_INTERVAL_NANOS,
            new RunCounters(),
            TemperatureSensor.NONE,
            List.of());
    session.begin(SamplesCsv.WRITE, () -> {});
    return session;
  }

  /**
   * An observer that writes down what it is told of the start and the end, and whether run.json was
   * there when it heard of the end.
   */
  private static final class Told implements RunObserver {
    final List<Object> events = new ArrayList<>();
    final Path runJson;

    Told(Path runJson) {
      this.runJson = runJson;
    }

    @Override
    public void started(RunInfo info) {
      events.add(info);
    }

    @Override
    public void kept(Kept kept) {
      events.add(kept);
    }

    @Override
    public void finished(Ended ended) {
      events.add(Files.exists(runJson));
      events.add(ended);
    }
  }

  @Test
  void aSessionThatCouldNotRecordItsSamplesFailsTheRunWhateverEndedIt() {
    RunLifecycle.Work work = session -> new RunLifecycle.End(RunStatus.COMPLETE, null);
    RunLifecycle.End end =
        work.recorded(
            new RunLifecycle.End(RunStatus.COMPLETE, null), new IOException("No space left"));
    assertThat(end)
        .isEqualTo(
            new RunLifecycle.End(RunStatus.FAILED, "could not record samples: No space left"));
    RunLifecycle.End interrupted = new RunLifecycle.End(RunStatus.INTERRUPTED, null);
    assertThat(work.recorded(interrupted, null)).isSameAs(interrupted);
  }

  @Test
  void theLastRowIsMadeAndTheRoomGivenBackWhenTheWorkThrows() throws Exception {
    RunFolder folder = RunLifecycle.newFolder(dir.resolve("run"), "r1", "write");
    RunLifecycle life = new RunLifecycle("r1", "write", folder, RunObserver.SILENT, null);
    AtomicBoolean released = new AtomicBoolean();
    SamplingSession session = begun(folder);
    assertThatThrownBy(
            () ->
                life.sample(
                    session,
                    () -> released.set(true),
                    s -> {
                      throw new IOException("the engine went away");
                    }))
        .hasMessage("the engine went away");
    assertThat(released).isTrue();
    // The samples are closed (the session finished: its header is on disk) and kept up to the
    // failure; a further finish has nothing left to do.
    assertThat(Files.readAllLines(folder.samplesCsv()).getFirst()).startsWith("time_s,");
    assertThat(session.finish()).isNull();
  }

  @Test
  void theStartNamesTheCommandAndTheEndIsWrittenBeforeItIsTold() throws Exception {
    RunFolder folder = RunLifecycle.newFolder(dir.resolve("run"), "r2", "fill");
    Told told = new Told(folder.runJson());
    RunLifecycle life = new RunLifecycle("r2", "fill", folder, told, null);
    life.started(dir, "sync", 1 << 20, -1);
    SamplingSession session = begun(folder);
    RunLifecycle.Sampled sampled =
        life.sample(session, () -> {}, s -> new RunLifecycle.End(RunStatus.COMPLETE, null));
    assertThat(sampled.end().status()).isEqualTo(RunStatus.COMPLETE);
    assertThat(sampled.seconds()).as("samples.csv's last time_s").isEqualTo(session.seconds());
    ObjectNode runJson = RunFolder.JSON.createObjectNode().put("command", "fill");
    RunObserver.Ended ended =
        new RunObserver.Ended(1 << 20, sampled.seconds(), RunStatus.COMPLETE, null);
    life.endUnanalysed(runJson, ended);
    // run.json's text as written is told before the end, for the history to record it from
    assertThat(told.events)
        .containsExactly(
            new RunObserver.RunInfo("r2", "fill", folder.dir(), dir, "sync", 1 << 20, -1),
            new RunObserver.Kept(folder.dir(), Files.readString(folder.runJson()), null),
            true,
            ended);
    assertThat(RunFolder.JSON.readTree(folder.runJson().toFile()).path("command").asText())
        .isEqualTo("fill");
  }

  /**
   * An analysed run's end tells the observer what the folder holds as written, before the end:
   * run.json's and analysis.json's texts, byte for byte the files, and samples.csv's rows as its
   * analysis read them, so a history records the run without reading any of them back.
   */
  @Test
  void theEndTellsTheFolderAsWrittenBeforeItIsTold() throws Exception {
    RunFolder folder = RunLifecycle.newFolder(dir.resolve("run"), "r3", "write");
    Told told = new Told(folder.runJson());
    AnalysisForms forms =
        new AnalysisForms() {
          @Override
          public com.fasterxml.jackson.databind.JsonNode json(RunAnalysis.Done done) {
            return RunFolder.JSON.createObjectNode().put("shape", done.analysis().shape().word());
          }

          @Override
          public String text(RunAnalysis.Done done) {
            return "";
          }
        };
    RunLifecycle life = new RunLifecycle("r3", "write", folder, told, forms);
    Files.writeString(
        folder.samplesCsv(),
        "time_s,write_MBps,bytes\n1.000,100.0,100000000\n2.000,100.0,100000000\n");
    ObjectNode runJson = RunFolder.JSON.createObjectNode().put("command", "write");
    RunObserver.Ended ended = new RunObserver.Ended(200_000_000, 2, RunStatus.COMPLETE, null);
    assertThat(life.end(runJson, ended)).isNotNull();
    assertThat(told.events)
        .containsExactly(
            new RunObserver.Kept(
                folder.dir(),
                Files.readString(folder.runJson()),
                Files.readString(folder.dir().resolve(RunFolder.ANALYSIS_JSON)),
                new SamplesCsvLines(
                    "time_s,write_MBps,bytes",
                    List.of(
                        new SamplesCsvLines.Line(0, "1.000,100.0,100000000"),
                        new SamplesCsvLines.Line(1, "2.000,100.0,100000000")))),
            true,
            ended);
  }
}
