package dev.sustain.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.cli.Cli;
import dev.sustain.sampling.SampleRow;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunStore;
import dev.sustain.store.SampleStore;
import dev.sustain.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write records itself while it goes: status running and rows in the history before it ends (then
 * it is interrupted), every samples.csv row exactly once after it; and a history that cannot be
 * reached changes nothing for the run.
 */
class LiveRecordingTest {

  @TempDir Path dir;

  @Test
  void aWriteIsInTheHistoryWhileItGoesAndEveryRowOnceAfter() throws Exception {
    Path db = dir.resolve("history.db");
    Path out = dir.resolve("run");
    Files.createDirectories(dir.resolve("target"));
    Process p =
        Cli.startCachedWrite(
            dir.resolve("stdout"),
            dir.resolve("stderr"),
            dir.resolve("target"),
            "10m",
            "200ms",
            out,
            db);
    DbLocation location = DbLocation.sqlite(db);
    String[] runId = {null};
    long[] seenWhileRunning = {0};
    try {
      // Watch the history while the run goes: it must say running and hold rows before the end.
      // The run goes on until it has been seen (ten minutes at most), however slow the machine.
      Await.until(
          "rows of the running run in the history",
          () -> {
            if (!p.isAlive()) {
              throw new AssertionError(
                  "the run ended before it was seen: " + Files.readString(dir.resolve("stderr")));
            }
            if (Files.exists(db)) {
              try (RunStore store = RunStore.open(location);
                  SampleStore samples = SampleStore.open(location)) {
                List<RunRecord> runs = store.runs(null, 5);
                if (!runs.isEmpty() && runs.getFirst().status().equals("running")) {
                  runId[0] = runs.getFirst().runId();
                  seenWhileRunning[0] = samples.count(runId[0]);
                }
              }
            }
            return seenWhileRunning[0] > 2;
          });
      Cli.interrupt(p);
      Await.ended(p, "the interrupted run");
    } finally {
      p.destroyForcibly();
    }
    assertThat(p.exitValue()).as(Files.readString(dir.resolve("stderr"))).isEqualTo(130);

    List<String> csv = Files.readAllLines(out.resolve("samples.csv"));
    try (RunStore store = RunStore.open(location);
        SampleStore samples = SampleStore.open(location)) {
      Optional<RunRecord> run = store.find(runId[0]);
      assertThat(run).isPresent();
      assertThat(run.get().status()).isEqualTo("interrupted");
      assertThat(samples.count(runId[0])).as("every row once").isEqualTo(csv.size() - 1);
      List<SampleStore.Line> stored = samples.lines(runId[0], -1, 100_000);
      for (int i = 0; i < stored.size(); i++) {
        assertThat(stored.get(i).seq()).isEqualTo(i);
        assertThat(stored.get(i).text()).isEqualTo(csv.get(i + 1));
      }
      assertThat(samples.header(runId[0])).contains(csv.getFirst());
    }
  }

  @Test
  void aHistoryThatCannotBeReachedNeitherWaitsNorFails() throws Exception {
    String secret = "n0tTheRealPassw0rd";
    DbLocation down =
        DbLocation.parse(
            "jdbc:postgresql://127.0.0.1:1/nowhere?user=u&password=" + secret, Map.of());
    LiveRecorder recorder = new LiveRecorder(down);
    Path folder = Files.createDirectories(dir.resolve("run"));
    Files.writeString(folder.resolve("samples.csv"), "time_s,write_MBps,bytes\n");
    Files.writeString(
        folder.resolve("run.json"),
        "{\"run_id\":\"x-1\",\"command\":\"write\",\"host\":\"h\",\"started\":"
            + "\"2026-11-30T10:00:00Z\",\"target\":{\"path\":\"/t\"},\"result\":{\"status\":"
            + "\"running\"}}");
    recorder.begin(folder);
    long t0 = System.nanoTime();
    for (int i = 0; i < 50_000; i++) {
      recorder.onSample(
          new SampleRow(
              i, 1, 100, 100_000_000, 10, 1, 2, 3, 4, Double.NaN, List.of(), SamplesCsv.WRITE));
    }
    double perRowMicros = (System.nanoTime() - t0) / 1e3 / 50_000;
    // Generous: the run's sampler makes one row per interval (a second); queueing one costs
    // microseconds, and never a connection attempt.
    assertThat(perRowMicros).as("microseconds per row handed over").isLessThan(1_000);
    recorder.finish(folder);
    recorder.close();
    assertThat(recorder.storedRows()).isZero();
    assertThat(recorder.lastProblem()).isNotNull().doesNotContain(secret);
    assertThat(recorder.droppedRows())
        .as("rows past the queue are left to the fill-in from samples.csv")
        .isPositive();
  }
}
