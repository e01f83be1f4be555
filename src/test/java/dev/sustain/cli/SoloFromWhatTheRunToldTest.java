package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.run.KeptRuns;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.run.WriteRun;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunHistory;
import dev.sustain.store.RunRecord;
import dev.sustain.store.SoloLookup;
import dev.sustain.testing.TestWriteParams;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A group's member finds its drive's rate alone in the history from the texts its run told ({@link
 * SoloLookup#forRun}): here the member's folder is emptied first, and the earlier solo run of the
 * same drive is found all the same, as {@link SoloLookup#forRunFolder} finds it from a folder that
 * is whole.
 */
class SoloFromWhatTheRunToldTest {

  @TempDir Path dir;

  /** A write by threads of 64 MiB into dir/t, a row each 100 ms, its folder {@code out}. */
  private RunObserver.Kept write(Path out) throws Exception {
    KeptRuns kept = new KeptRuns();
    new WriteRun(
            TestWriteParams.of(
                Files.createDirectories(dir.resolve("t")).toString(),
                64L << 20,
                out,
                f -> {
                  f.engine = "threads";
                  f.queueDepth = 4;
                  f.intervalNanos = 100_000_000L;
                }),
            kept,
            new AtomicBoolean(),
            AnalysisWords.FORMS)
        .run();
    return kept.take(out);
  }

  @Test
  void theDrivesEarlierSoloRunIsFoundFromTheMembersTexts() throws Exception {
    DbLocation db = DbLocation.sqlite(dir.resolve("history.db"));
    Path alone = dir.resolve("alone");
    write(alone);
    RunRecord earlier = RunHistory.recordRunFolder(alone, db);
    assertThat(earlier).isNotNull();
    assertThat(earlier.figures().burstMBps()).isPositive();

    Path member = dir.resolve("member");
    RunObserver.Kept told = write(member);
    assertThat(SoloLookup.forRunFolder(db, member))
        .as("from the folder, whole")
        .hasValueSatisfying(f -> assertThat(f.runId()).isEqualTo(earlier.runId()));
    Files.delete(member.resolve(RunFolder.RUN_JSON));
    Files.delete(member.resolve(RunFolder.ANALYSIS_JSON));

    assertThat(SoloLookup.forRun(db, member, told.runJson(), told.analysisJson()))
        .as("from the texts the run told, its folder emptied")
        .hasValueSatisfying(
            f -> {
              assertThat(f.runId()).isEqualTo(earlier.runId());
              assertThat(f.burstMBps()).isEqualTo(earlier.figures().burstMBps());
            });
    assertThat(SoloLookup.forRunFolder(db, member)).as("the emptied folder").isEmpty();
  }
}
