package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.store.DbLocation;
import dev.sustain.store.RunStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history readied while a command checks its input ({@link DbOption#warmUp}): an existing
 * history at this version's schema is readied; nothing is created or changed for input that may
 * still be refused; the recorder's warm-up, once the run goes ahead, makes a new history.
 */
class DbWarmUpTest {

  @TempDir Path temp;

  private static final long DEADLINE_SECONDS = 60;

  private DbOption named(Path file) {
    DbOption db = new DbOption();
    db.value = file.toString();
    db.env = Map.of();
    return db;
  }

  /** The option naming {@code file}, its warm-up started. */
  private DbOption warmedUp(Path file) {
    DbOption db = named(file);
    db.warmUp();
    return db;
  }

  private static boolean warmed(DbOption db) throws Exception {
    return db.ready().get(DEADLINE_SECONDS, TimeUnit.SECONDS);
  }

  @Test
  void anExistingCurrentHistoryIsReadied() throws Exception {
    Path file = temp.resolve("history.db");
    RunStore.open(DbLocation.sqlite(file)).close(); // made at this version's schema
    DbOption db = warmedUp(file);
    assertThat(warmed(db)).isTrue();
  }

  @Test
  void aMissingHistoryIsNotCreatedBeforeTheInputIsKnownGood() throws Exception {
    Path file = temp.resolve("history.db");
    DbOption db = warmedUp(file);
    assertThat(warmed(db)).isFalse();
    try (var left = Files.list(temp)) {
      assertThat(left).as("nothing made beside it either (no lock file)").isEmpty();
    }
  }

  @Test
  void aFileThatIsNoHistoryOfThisVersionIsLeftAsItWas() throws Exception {
    Path file = Files.writeString(temp.resolve("history.db"), "not a database");
    DbOption db = warmedUp(file);
    assertThat(warmed(db)).isFalse();
    assertThat(Files.readString(file)).isEqualTo("not a database");
  }

  @Test
  void noHistoryAndAServerAreNotWarmed() throws Exception {
    DbOption none = named(temp.resolve("x.db"));
    none.value = "none";
    none.warmUp();
    assertThat(warmed(none)).isFalse();
    DbOption server = named(temp.resolve("x.db"));
    server.value = "jdbc:postgresql://127.0.0.1:1/x?user=u&password=p&connectTimeout=1";
    server.warmUp();
    assertThat(server.ready().isDone()).as("no connection is started to a server").isTrue();
    assertThat(warmed(server)).isFalse();
  }

  @Test
  void theRecordersWarmUpMakesANewHistoryOnceTheRunGoesAhead() throws Exception {
    Path file = temp.resolve("history.db");
    DbOption db = warmedUp(file);
    db.live(new dev.sustain.run.RunObserver() {}); // the run goes ahead: its recorder is made
    assertThat(warmed(db)).isTrue();
    assertThat(file).isRegularFile();
  }
}
