package dev.sustain.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The smartctl runner against stand-in scripts, and against the real one where installed. */
class SmartctlRunnerTest {

  @TempDir Path dir;

  Path script(String body) throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "no /bin/sh");
    Path p = dir.resolve("smartctl");
    Files.writeString(p, "#!/bin/sh\n" + body);
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
    return p;
  }

  @Test
  void anUnknownUsbBridgeIsRetriedAsSat() throws Exception {
    Path unknown = dir.resolve("unknown.json");
    Path sat = dir.resolve("sat.json");
    Files.writeString(unknown, ParsersTest.resource("usb-unknown-bridge.json"));
    Files.writeString(sat, ParsersTest.resource("usb-sat-mx500.json"));
    Path log = dir.resolve("calls");
    Path exe =
        script(
            "echo \"$*\" >> "
                + log
                + "\ncase \"$*\" in *'-d sat'*) cat "
                + sat
                + ";; *) cat "
                + unknown
                + "; exit 1;; esac\n");
    SmartctlReport r = new Smartctl(exe, Duration.ofSeconds(10)).identify("/dev/sdb");
    assertThat(r.identified()).isTrue();
    assertThat(r.deviceType()).isEqualTo("sat");
    assertThat(r.model()).isEqualTo("CT1000MX500SSD1");
    assertThat(Files.readAllLines(log))
        .containsExactly("-j -i -A /dev/sdb", "-j -i -A -d sat /dev/sdb");
  }

  @Test
  void theTemperaturePollDoesNotWakeASleepingDisk() throws Exception {
    Path log = dir.resolve("calls");
    Path exe = script("echo \"$*\" >> " + log + "\necho '{\"temperature\":{\"current\":33}}'\n");
    SmartctlReport r = new Smartctl(exe, Duration.ofSeconds(10)).attributes("/dev/sdb", "sat");
    assertThat(r.temperature()).hasValue(33);
    assertThat(Files.readAllLines(log)).containsExactly("-j -A -n standby -d sat /dev/sdb");
  }

  @Test
  void aHangingSmartctlIsKilledAndGivesNothing() throws Exception {
    // Ten minutes of hanging: any bound a busy machine needs still tells killed from waited out.
    Path exe = script("exec sleep 600\n");
    long t0 = System.nanoTime();
    SmartctlReport r = new Smartctl(exe, Duration.ofMillis(300)).identify("/dev/sdb");
    assertThat(r).isNull();
    assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(60));
  }

  @Test
  void outputThatIsNotJsonGivesNothing() throws Exception {
    Path exe = script("echo 'smartctl: permission denied'\nexit 2\n");
    assertThat(new Smartctl(exe, Duration.ofSeconds(10)).run(List.of("-i", "/dev/sda"))).isNull();
  }

  @Test
  void theInstalledSmartctlOnThisMachinesDisk() {
    var sc = Smartctl.find();
    assumeTrue(sc.isPresent(), "smartctl (smartmontools) is not installed");
    assumeTrue(
        Files.isReadable(Path.of("/dev/vda")), "no readable /dev/vda (the dev machine's disk)");
    SmartctlReport r = sc.get().identify("/dev/vda");
    // a virtio disk has no SMART: smartctl says so and Sustain reports no temperature
    assertThat(r).isNotNull();
    assertThat(r.identified()).isFalse();
    assertThat(r.temperature()).isEmpty();
  }
}
