package dev.sustain.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.cli.Cli;
import dev.sustain.sampling.SampleRow;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunStore;
import dev.sustain.store.SampleStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write records itself while it goes: status running and rows in the history before it ends,
 * every samples.csv row exactly once after it; and a history that cannot be reached changes nothing
 * for the run.
 */
class LiveRecordingTest {

  @TempDir Path dir;

  @Test
  void aWriteIsInTheHistoryWhileItGoesAndEveryRowOnceAfter() throws Exception {
    Path db = dir.resolve("history.db");
    Path out = dir.resolve("run");
    Files.createDirectories(dir.resolve("target"));
    Process p =
        Cli.start(
            dir.resolve("stdout"),
            dir.resolve("stderr"),
            "write",
            dir.resolve("target").toString(),
            // A real engine (null-engine runs measure no drive and are never recorded) through the
            // page cache, wrapping over a small file: cheap, and never waiting on the disk.
            "--buffered",
            "--size",
            "16MiB",
            "--time",
            "10s",
            "--interval",
            "200ms",
            "--out",
            out.toString(),
            "--db",
            db.toString());
    DbLocation location = DbLocation.sqlite(db);
    String runId = null;
    long seenWhileRunning = 0;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    // Watch the history while the run goes: it must say running and hold rows before the end.
    while (p.isAlive() && System.nanoTime() < deadline && seenWhileRunning < 3) {
      if (Files.exists(db)) {
        try (RunStore store = RunStore.open(location);
            SampleStore samples = SampleStore.open(location)) {
          List<RunRecord> runs = store.runs(null, 5);
          if (!runs.isEmpty() && runs.getFirst().status().equals("running")) {
            runId = runs.getFirst().runId();
            seenWhileRunning = samples.count(runId);
          }
        }
      }
      p.waitFor(50, TimeUnit.MILLISECONDS);
    }
    assertThat(seenWhileRunning).as("rows stored while the run was running").isGreaterThan(2);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(Files.readString(dir.resolve("stderr"))).isZero();

    List<String> csv = Files.readAllLines(out.resolve("samples.csv"));
    try (RunStore store = RunStore.open(location);
        SampleStore samples = SampleStore.open(location)) {
      Optional<RunRecord> run = store.find(runId);
      assertThat(run).isPresent();
      assertThat(run.get().status()).isEqualTo("complete");
      assertThat(samples.count(runId)).as("every row once").isEqualTo(csv.size() - 1);
      List<SampleStore.Line> stored = samples.lines(runId, -1, 100_000);
      for (int i = 0; i < stored.size(); i++) {
        assertThat(stored.get(i).seq()).isEqualTo(i);
        assertThat(stored.get(i).text()).isEqualTo(csv.get(i + 1));
      }
      assertThat(samples.header(runId)).contains(csv.getFirst());
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
          new SampleRow(i, 1, 100, 100_000_000, 10, 1, 2, 3, 4, Double.NaN, List.of()));
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
