package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryCommandTest {

  private static final String PG_ENV = "SUSTAIN_TEST_PG_URL";

  @TempDir Path temp;

  /** A run folder as the runner leaves it, on the Kingston (or another serial), with one floor. */
  private Path runFolder(String name, String serial, String started, double floor, String shape)
      throws Exception {
    Path dir = Files.createDirectories(temp.resolve(name));
    Files.writeString(
        dir.resolve("run.json"),
        """
        {"version":1,"command":"write","tool":{"name":"sustain","version":"0.1.0"},"host":"lab7",
         "target":{"path":"/mnt/k","kind":"file",
           "device":{"model":"KINGSTON SNV3S1000G","serial":"%s","size_bytes":1000204886016}},
         "params":{"size_bytes":64424509440,"bs_bytes":1048576,"qd":32},
         "started":"%s","ended":null,
         "result":{"bytes":64424509440,"seconds":%s,"average_MBps":%s,"status":"complete","error":null}}
        """
            .formatted(serial, started, 64424.50944 / floor, floor));
    Files.writeString(
        dir.resolve("analysis.json"),
        """
        {"shape":"%s","burst_MBps":940.0,"cache_GB":null,"floor_MBps":%s,"average_MBps":%s}
        """
            .formatted(shape, floor, floor));
    return dir;
  }

  @Test
  void importsRunFoldersAndShowsThemNewestFirstWithTheTrend() throws Exception {
    Path db = temp.resolve("h.db");
    Path r1 = runFolder("r1", "50026B76", "2026-03-01T09:00:00Z", 972, "flat");
    Path r2 = runFolder("r2", "50026B76", "2026-03-02T09:00:00Z", 720, "gc-erratic");
    Path r3 = runFolder("r3", "50026B76", "2026-03-03T09:00:00Z", 470, "gc-erratic");
    Path other = runFolder("t9", "S6XANS0W", "2026-03-02T12:00:00Z", 918, "flat");

    // Imported out of order; importing one twice must not duplicate it.
    Cli.Result imp = Cli.ok("history", "--db", db, "--import", r3, r1, other, r2, r1);
    assertThat(imp.out()).contains("imported " + r3.toAbsolutePath());

    Cli.Result text = Cli.ok("history", "--db", db);
    String out = text.out();
    assertThat(out)
        .contains(
            "trend: the floor fell from 972 to 470 MB/s over 3 runs: the drive is running out of"
                + " free blocks; TRIM it")
        .contains("trend: one run so far (floor 918 MB/s): no trend yet");
    // Newest first within the drive.
    assertThat(out.indexOf("2026-03-03 09:00")).isLessThan(out.indexOf("2026-03-02 09:00"));
    assertThat(out.indexOf("2026-03-02 09:00")).isLessThan(out.indexOf("2026-03-01 09:00"));

    Cli.Result js = Cli.ok("history", "--db", db, "--json");
    JsonNode root = new ObjectMapper().readTree(js.out());
    JsonNode runs = root.get("runs");
    assertThat(runs).hasSize(4);
    assertThat(runs.get(0).get("started").asText()).isEqualTo("2026-03-03T09:00:00Z");
    assertThat(runs.get(1).get("started").asText()).isEqualTo("2026-03-02T12:00:00Z");
    assertThat(runs.get(0).get("drive").asText()).isEqualTo("serial:50026B76");
    assertThat(runs.get(0).get("floor_MBps").asDouble()).isEqualTo(470.0);
    assertThat(runs.get(0).get("average_MBps").asDouble()).isEqualTo(470.0);
    assertThat(runs.get(0).get("burst_MBps").asDouble()).isEqualTo(940.0);
    assertThat(runs.get(0).get("cache_GB").isNull()).isTrue();
    assertThat(runs.get(0).get("shape").asText()).isEqualTo("gc-erratic");
    assertThat(runs.get(0).get("params").get("qd").asInt()).isEqualTo(32);
    assertThat(root.get("drives").get(0).get("trend").get("direction").asText()).isEqualTo("fell");

    Cli.Result one = Cli.run("history", "--db", db.toString(), "--drive", "S6XANS0W", "--json");
    assertThat(new ObjectMapper().readTree(one.out()).get("runs")).hasSize(1);
    // A part of a serial or of the model, in any case, finds the drive too.
    Cli.Result part = Cli.run("history", "--db", db.toString(), "--drive", "xans0", "--json");
    assertThat(new ObjectMapper().readTree(part.out()).get("runs")).hasSize(1);
    Cli.Result model = Cli.run("history", "--db", db.toString(), "--drive", "snv3s", "--json");
    assertThat(new ObjectMapper().readTree(model.out()).get("runs")).hasSize(4);
  }

  @Test
  void importsALogForANamedDrive() throws Exception {
    Path db = temp.resolve("h.db");
    Path csv =
        Files.writeString(
            temp.resolve("kingston.csv"), dev.sustain.store.RunImporterTestAccess.cliffCsv());
    Cli.Result r = Cli.ok("history", "--db", db, "--import", csv, "--drive", "KS1", "--json");
    JsonNode root = new ObjectMapper().readTree(r.out().substring(r.out().indexOf('{')));
    assertThat(root.get("runs")).hasSize(1);
    assertThat(root.get("runs").get(0).get("drive").asText()).isEqualTo("KS1");
    assertThat(root.get("runs").get(0).get("shape").asText()).isEqualTo("cache-cliff");
    assertThat(root.get("runs").get(0).get("command").asText()).isEqualTo("import");

    Path bad = Files.writeString(temp.resolve("bad.csv"), "when,speed\n1,2\n");
    Cli.Result refused = Cli.run("history", "--db", db.toString(), "--import", bad.toString());
    Cli.assertBadInput(refused);
    assertThat(refused.err()).contains("bad.csv");
    assertThat(refused.err().strip().lines()).hasSize(1);
  }

  @Test
  void badInputIsOneLineAndExitTwo() throws Exception {
    Cli.Result badDb = Cli.run("history", "--db", "jdbc:mysql://h/d?password=Zz9Secret");
    Cli.assertBadInput(badDb);
    assertThat(badDb.err()).doesNotContain("Zz9Secret");

    Cli.Result notAFolder =
        Cli.runLine("history --db {} --import {}", temp.resolve("h.db"), temp.resolve("nope"));
    Cli.assertBadInput(notAFolder);
    assertThat(notAFolder.err()).contains("no such run folder");
  }

  @Test
  void anEmptyHistorySaysSo() {
    dev.sustain.store.RunStore.open(dev.sustain.store.DbLocation.sqlite(temp.resolve("empty.db")))
        .close();
    Cli.Result r = Cli.run("history", "--db", temp.resolve("empty.db").toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith("no runs recorded in " + temp.resolve("empty.db"));
  }

  @Test
  void aHistoryThatIsNotThereIsRefusedAndNotMade() {
    Path missing = temp.resolve("nonexist.db");

    Cli.Result r = Cli.run("history", "--db", missing.toString());

    Cli.assertBadInput(r);
    assertThat(r.err()).contains("no run history at " + missing);
    assertThat(missing).doesNotExist();
    assertThat(temp.resolve("nonexist.db.migrate-lock")).doesNotExist();
  }

  @Test
  void aFolderGivenAsTheHistoryIsRefusedAndLeavesNoLockFile() {
    Cli.Result r = Cli.run("history", "--db", temp.toString());

    Cli.assertBadInput(r);
    assertThat(r.err()).contains("is a folder, not a history file");
    assertThat(temp.resolveSibling(temp.getFileName() + ".migrate-lock")).doesNotExist();
  }

  @Test
  void migrateBringsTheSchemaUpToDateAndSaysSo() {
    Path db = temp.resolve("m.db");
    dev.sustain.store.RunStore.open(dev.sustain.store.DbLocation.sqlite(db)).close();

    Cli.Result r = Cli.ok("history", "--db", db, "--migrate");
    assertThat(r.out()).startsWith("history " + db + ": schema at version ");
    assertThat(db.resolveSibling("m.db.migrate-lock")).doesNotExist();
  }

  @Test
  void postgresCredentialsNeverAppearInAChildProcessOutput() throws Exception {
    String url = System.getenv(PG_ENV);
    assumeTrue(
        url != null && !url.isBlank(), "no PostgreSQL: set " + PG_ENV + " (.ci/postgres.sh)");
    String password = password(url);
    String schema = "h_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    String db = url + "&currentSchema=" + schema;
    Path r1 = runFolder("r1", "50026B76", "2026-03-01T09:00:00Z", 972, "flat");
    Path r2 = runFolder("r2", "50026B76", "2026-03-02T09:00:00Z", 470, "gc-erratic");

    // Right password on the command line, then a wrong one: neither may be printed anywhere,
    // including what libraries log to stderr.
    String wrong = "WrongPw" + System.nanoTime();
    String[][] runs = {
      {"history", "--db", db, "--import", r1.toString(), r2.toString()},
      {"history", "--db", db, "--json"},
      {"history", "--db", db.replace("password=" + password, "password=" + wrong)},
    };
    int[] expectedExit = {0, 0, 1};
    for (int i = 0; i < runs.length; i++) {
      Path out = temp.resolve("out" + i);
      Path err = temp.resolve("err" + i);
      Process p = Cli.start(out, err, runs[i]);
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      String o = Files.readString(out);
      String e = Files.readString(err);
      assertThat(p.exitValue()).as("run %d: %s %s", i, o, e).isEqualTo(expectedExit[i]);
      assertThat(o + e).doesNotContain(password).doesNotContain(wrong);
      if (i == 1) {
        assertThat(o).contains("password=***").contains("\"floor_MBps\" : 470.0");
      }
      if (i == 2) {
        assertThat(e).contains("password authentication failed").contains("password=***");
        assertThat(e.strip().lines()).hasSize(1);
      }
    }
    dev.sustain.store.RunStoreAccess.dropSchema(db);
  }

  private static String password(String url) {
    for (String pair : url.substring(url.indexOf('?') + 1).split("&")) {
      if (pair.startsWith("password=")) {
        return URLDecoder.decode(pair.substring(9), StandardCharsets.UTF_8);
      }
    }
    throw new IllegalStateException(PG_ENV + " has no password");
  }
}
