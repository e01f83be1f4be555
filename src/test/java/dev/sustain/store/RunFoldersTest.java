package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFoldersTest {

  @TempDir Path temp;

  static Path writeRunFolder(Path dir, String serial, String started, double floor)
      throws Exception {
    Files.createDirectories(dir);
    Files.writeString(
        dir.resolve("run.json"),
        """
        {"version":1,"command":"write","tool":{"name":"sustain","version":"0.1.0","java":"25"},"host":"lab7",
         "target":{"path":"/mnt/k/sustain.tmp","kind":"file",
           "device":{"name":"sda","model":"KINGSTON SNV3S1000G","serial":"%s","size_bytes":1000204886016,
                     "rotational":false,"discard":true,"transport":"usb"}},
         "params":{"size":"300GiB","bs":"1MiB","qd":32},
         "started":"%s","ended":"2026-03-01T09:10:29Z",
         "result":{"bytes":322122547200,"seconds":629.0,"average_MBps":512.1,"flush_s":0.4,
                   "status":"complete","error":null}}
        """
            .formatted(serial, started));
    Files.writeString(
        dir.resolve("analysis.json"),
        """
        {"shape":"cache-cliff","burst_MBps":920.0,"cache_GB":280.0,"cliff_s":305.0,
         "floor_MBps":%s,"after_cache_MBps":128.0,"average_MBps":512.1}
        """
            .formatted(floor));
    return dir;
  }

  @Test
  void readsRunAndAnalysis() throws Exception {
    Path dir =
        writeRunFolder(temp.resolve("run1"), "50026B7686AB1234", "2026-03-01T09:00:00Z", 127.0);
    RunRecord r = RunFolders.read(dir, "import");
    // A usable serial names the drive, whatever model string the carrier showed.
    assertThat(r.drive().id()).isEqualTo("serial:50026B7686AB1234");
    assertThat(r.drive().model()).isEqualTo("KINGSTON SNV3S1000G");
    assertThat(r.drive().sizeBytes()).isEqualTo(1_000_204_886_016L);
    assertThat(r.host()).isEqualTo("lab7");
    assertThat(r.command()).isEqualTo("write");
    assertThat(r.started()).isEqualTo(Instant.parse("2026-03-01T09:00:00Z"));
    assertThat(r.status()).isEqualTo("complete");
    assertThat(r.figures().bytes()).isEqualTo(322_122_547_200L);
    assertThat(r.figures().burstMBps()).isEqualTo(920.0);
    assertThat(r.figures().cacheGB()).isEqualTo(280.0);
    assertThat(r.figures().floorMBps()).isEqualTo(127.0);
    assertThat(r.figures().shape()).isEqualTo("cache-cliff");
    assertThat(r.paramsJson()).contains("\"bs\":\"1MiB\"");
    assertThat(r.runFolder()).isEqualTo(dir.toAbsolutePath().normalize().toString());
    assertThat(r.toolVersion()).isEqualTo("sustain 0.1.0");
    // The id is stable: reading the folder again gives the same run.
    assertThat(RunFolders.read(dir, "run").runId()).isEqualTo(r.runId());
  }

  @Test
  void theDevicePackagesIdentityKeyNamesTheDrive() throws Exception {
    // A bridge's constant serial names nothing: the device package's identity key does.
    Path dir = writeRunFolder(temp.resolve("run3"), "000000000000", "2026-03-01T09:00:00Z", 127.0);
    String json =
        Files.readString(dir.resolve("run.json"))
            .replace(
                "\"transport\":\"usb\"",
                "\"transport\":\"usb\",\"identity\":{\"kind\":\"wwn\",\"key\":\"wwn:eui.0025\"}");
    Files.writeString(dir.resolve("run.json"), json);
    assertThat(RunFolders.read(dir, "import").drive().id()).isEqualTo("wwn:eui.0025");
    assertThat(RunFolders.read(dir, "import").drive().model()).isEqualTo("KINGSTON SNV3S1000G");
  }

  @Test
  void theRunIdOfRunJsonIsKept() throws Exception {
    Path dir = writeRunFolder(temp.resolve("run2"), "X1", "2026-03-01T09:00:00Z", 127.0);
    String json =
        Files.readString(dir.resolve("run.json"))
            .replace("\"version\":1,", "\"version\":1,\"run_id\":\"20260301-090000-ab12\",");
    Files.writeString(dir.resolve("run.json"), json);
    assertThat(RunFolders.read(dir, "import").runId()).isEqualTo("20260301-090000-ab12");
  }

  @Test
  void aPastRunFolderSetsTheNextExpectation() throws Exception {
    Path dir = writeRunFolder(temp.resolve("kingston-1"), "X1", "2026-03-01T09:00:00Z", 127.0);
    var e = RunFolders.expectationFrom(dir);
    assertThat(e.burstMBps()).isEqualTo(920.0);
    assertThat(e.cacheBytes()).isEqualTo(280_000_000_000L);
    assertThat(e.floorMBps()).isEqualTo(127.0);
    assertThat(e.text()).isEqualTo("920 MB/s for 280 GB, then 127 MB/s (from kingston-1)");
    assertThatThrownBy(() -> RunFolders.expectationFrom(temp))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("analysis.json");
  }

  @Test
  void aFolderWithoutRunJsonIsRefused() {
    assertThatThrownBy(() -> RunFolders.read(temp, "import"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no run.json");
  }
}
