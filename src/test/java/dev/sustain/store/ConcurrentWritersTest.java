package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.testing.Await;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several processes open a brand-new history at the same moment (so they also race to migrate it)
 * and record runs at once: every run must be there afterwards, and no process may print the
 * database password.
 */
class ConcurrentWritersTest {

  private static final int WRITERS = 4;
  private static final int RUNS_EACH = 40;

  @TempDir Path temp;
  @RegisterExtension final FreshDb db = new FreshDb();

  @EveryBackend
  void concurrentProcessesLoseNoRun(Backend backend) throws Exception {
    db.make(backend, temp);
    Path go = temp.resolve("go");
    List<Process> children = new ArrayList<>();
    List<Path> outputs = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      Path out = temp.resolve("writer" + w + ".out");
      ProcessBuilder pb =
          new ProcessBuilder(
              Path.of(System.getProperty("java.home"), "bin", "java").toString(),
              "-cp",
              System.getProperty("java.class.path"),
              ConcurrentWriterMain.class.getName(),
              Integer.toString(w),
              Integer.toString(RUNS_EACH),
              go.toString());
      // The database (with its password) goes through the environment, never the command line.
      pb.environment().put(DbLocation.ENV_DB, db.value());
      pb.redirectErrorStream(true);
      pb.redirectOutput(out.toFile());
      children.add(pb.start());
      outputs.add(out);
    }
    for (int w = 0; w < WRITERS; w++) {
      waitForLine(outputs.get(w), "ready " + w, children.get(w));
    }
    Files.writeString(go, "go");
    for (int w = 0; w < WRITERS; w++) {
      Process p = children.get(w);
      Await.ended(p, "writer " + w, java.time.Duration.ofMinutes(5));
      assertThat(p.exitValue())
          .as("writer %d exit; output:%n%s", w, Files.readString(outputs.get(w)))
          .isZero();
    }

    try (RunStore store = RunStore.open(DbLocation.parse(db.value(), Map.of()))) {
      List<RunRecord> runs = store.runs(null, 10_000);
      Set<String> ids = new HashSet<>();
      runs.forEach(r -> ids.add(r.runId()));
      Set<String> expected = new HashSet<>();
      for (int w = 0; w < WRITERS; w++) {
        for (int i = 0; i < RUNS_EACH; i++) {
          expected.add("w" + w + "-" + i);
        }
      }
      assertThat(ids).isEqualTo(expected);
      assertThat(store.count()).isEqualTo((long) WRITERS * RUNS_EACH);
      assertThat(store.schemaVersion()).isEqualTo("5");
    }
    String password = TestDatabases.pgPassword();
    for (Path out : outputs) {
      String text = Files.readString(out);
      assertThat(text).contains("done");
      if (backend == Backend.POSTGRESQL) {
        assertThat(text).contains("password=***").doesNotContain(password);
      }
    }
  }

  private static void waitForLine(Path file, String prefix, Process p) throws Exception {
    Await.until(
        "the child to print '" + prefix + "'",
        () -> {
          if (Files.exists(file)) {
            try (BufferedReader r =
                new BufferedReader(
                    new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8))) {
              if (r.lines().anyMatch(line -> line.startsWith(prefix))) {
                return true;
              }
            }
          }
          if (!p.isAlive()) {
            throw new AssertionError("child exited early: " + Files.readString(file));
          }
          return false;
        });
  }
}
