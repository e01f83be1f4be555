package dev.sustain.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * A child process for {@link ConcurrentWritersTest}: waits for a go file, then opens the history
 * named by SUSTAIN_DB (migrating it if needed, at the same time as its siblings) and records runs.
 * Args: writerIndex runCount goFile.
 */
public final class ConcurrentWriterMain {

  private ConcurrentWriterMain() {}

  public static void main(String[] args) throws Exception {
    int writer = Integer.parseInt(args[0]);
    int count = Integer.parseInt(args[1]);
    Path go = Path.of(args[2]);
    DbLocation db = DbLocation.resolve(null, System.getenv());
    // Load the classes the store needs before the start line, so the writers really overlap.
    Class.forName("org.flywaydb.core.Flyway");
    Class.forName(
        db.kind() == DbLocation.Kind.SQLITE ? "org.sqlite.JDBC" : "org.postgresql.Driver");
    System.out.println("ready " + writer + " " + db);
    System.out.flush();
    // A millisecond apart is close enough to overlap; spinning would starve the siblings' start
    // on a machine with fewer cores than writers.
    while (!Files.exists(go)) {
      Thread.sleep(1);
    }
    Instant base = Instant.parse("2026-06-01T00:00:00Z");
    Drive drive =
        Drive.of(
            null,
            "Drive " + (writer % 2),
            "SN" + (writer % 2),
            null,
            null,
            "host" + writer,
            null,
            null,
            null);
    try (RunStore store = RunStore.open(db)) {
      for (int i = 0; i < count; i++) {
        store.record(
            RunRecords.run(
                "w" + writer + "-" + i,
                drive,
                base.plusSeconds(writer * 100_000L + i),
                500.0 + i,
                600.0,
                "flat"));
      }
    }
    System.out.println("done " + writer + " " + Map.of("runs", count));
  }
}
