package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.run.RunObserver;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunStore;
import dev.sustain.store.SampleStore;
import dev.sustain.unit.UsageException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DbOptionTest {

  @TempDir Path temp;

  private Path runFolder() throws Exception {
    Path dir = Files.createDirectories(temp.resolve("run"));
    Files.writeString(
        dir.resolve("run.json"),
        """
        {"version":1,"command":"write","run_id":"r-1","host":"lab1","target":{"path":"/mnt/x","kind":"file","device":null},
         "params":{"qd":32},"started":"2026-03-01T09:00:00Z","ended":"2026-03-01T09:01:00Z",
         "result":{"bytes":1000000000,"seconds":60.0,"average_MBps":16.7,"status":"complete","error":null}}
        """);
    return dir;
  }

  @Test
  void recordsARunFolderInTheDefaultHistory() throws Exception {
    DbOption db = new DbOption();
    db.env = Map.of("XDG_DATA_HOME", temp.resolve("data").toString(), "HOME", "/nonexistent");
    StringWriter err = new StringWriter();
    RunRecord r = db.recordQuietly(runFolder(), new PrintWriter(err, true));
    assertThat(err.toString()).isEmpty();
    assertThat(r.runId()).isEqualTo("r-1");
    try (RunStore store =
        RunStore.open(DbLocation.sqlite(temp.resolve("data/sustain/history.db")))) {
      assertThat(store.find("r-1")).isPresent();
      assertThat(store.find("r-1").get().figures().averageMBps()).isEqualTo(16.7);
    }
  }

  @Test
  void anUnreachableHistoryWarnsInOneLineWithoutThePassword() throws Exception {
    DbOption db = new DbOption();
    db.value = "jdbc:postgresql://127.0.0.1:1/x?user=u&password=TopSecret77&connectTimeout=1";
    StringWriter err = new StringWriter();
    assertThat(db.recordQuietly(runFolder(), new PrintWriter(err, true))).isNull();
    assertThat(err.toString()).startsWith("sustain: warning: run not recorded in the history: ");
    assertThat(err.toString().strip().lines()).hasSize(1);
    assertThat(err.toString()).doesNotContain("TopSecret77").contains("password=***");
  }

  /**
   * A run whose lifecycle told what it wrote ({@code RunObserver.kept}) is recorded from those
   * texts: its run.json and analysis.json are not read back (here the files on disk say something
   * else), and the folder is left as it was, byte for byte.
   */
  @Test
  void aRunIsRecordedFromWhatItsLifecycleWroteNotFromItsFolder() throws Exception {
    Path folder = runFolder();
    String runJson = Files.readString(folder.resolve("run.json"));
    String analysisJson = "{\"shape\":\"flat\",\"burst_MBps\":17.5,\"floor_MBps\":16.5}";
    Files.writeString(
        folder.resolve("samples.csv"), "time_s,write_MBps,bytes\n1.000,16.7,16700000\n");
    Files.writeString(folder.resolve("run.json"), "{\"not\": \"what the run wrote\"}");
    Map<String, String> before = contents(folder);
    DbOption db = new DbOption();
    db.env = Map.of("XDG_DATA_HOME", temp.resolve("data").toString(), "HOME", "/nonexistent");
    db.live(RunObserver.SILENT).kept(new RunObserver.Kept(folder, runJson, analysisJson));

    StringWriter err = new StringWriter();
    RunRecord r = db.recordQuietly(folder, new PrintWriter(err, true));

    assertThat(err.toString()).isEmpty();
    assertThat(r.runId()).isEqualTo("r-1");
    assertThat(r.figures().shape()).isEqualTo("flat");
    DbLocation location = DbLocation.sqlite(temp.resolve("data/sustain/history.db"));
    try (RunStore store = RunStore.open(location);
        SampleStore samples = SampleStore.open(location)) {
      assertThat(store.find("r-1").get().figures().burstMBps()).isEqualTo(17.5);
      assertThat(samples.runJson("r-1")).contains(runJson);
      assertThat(samples.count("r-1")).isEqualTo(1);
    }
    assertThat(contents(folder)).as("the folder as it was").isEqualTo(before);
  }

  /** Every file of {@code folder} by name: its bytes and its modification time. */
  private static Map<String, String> contents(Path folder) throws Exception {
    Map<String, String> files = new java.util.TreeMap<>();
    try (var list = Files.list(folder)) {
      for (Path f : list.toList()) {
        files.put(
            f.getFileName().toString(),
            Files.readString(f) + " @" + Files.getLastModifiedTime(f).toMillis());
      }
    }
    return files;
  }

  @Test
  void aBadValueIsAUsageError() {
    DbOption db = new DbOption();
    db.value = "jdbc:oracle:thin:@h:1521/x";
    assertThatThrownBy(db::location).isInstanceOf(UsageException.class);
  }
}
