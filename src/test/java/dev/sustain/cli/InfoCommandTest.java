package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.device.DeviceResolver;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class InfoCommandTest {

  /** {@code info} over the fake tree under {@code root}, printing into {@code out}. */
  private static CommandLine info(Path root, StringWriter out) {
    InfoCommand cmd = new InfoCommand();
    cmd.resolver = DeviceResolver.forRoot(root, null);
    CommandLine cl = new CommandLine(cmd);
    cl.setOut(new PrintWriter(out, true));
    return cl;
  }

  @Test
  void jsonForTheRootFilesystemHasTheDeviceFields() throws Exception {
    assumeTrue(
        dev.sustain.device.LiveDeviceTest.rootHasBlockDevice(),
        "/ is on no block device here (overlay, tmpfs, not Linux)");
    Cli.Result r = Cli.ok("info", "--json", "/");
    JsonNode device = new ObjectMapper().readTree(r.out()).path("device");
    for (String field :
        new String[] {
          "name", "size_bytes", "rotational", "discard", "transport", "model", "serial"
        }) {
      assertThat(device.has(field)).as(field).isTrue();
    }
    assertThat(device.path("size_bytes").asLong())
        .isGreaterThanOrEqualTo(Files.getFileStore(Path.of("/")).getTotalSpace());
    assertThat(device.path("rotational").isBoolean()).isTrue();
  }

  @Test
  void humanOutputNamesTheDeviceAndSize() {
    assumeTrue(
        dev.sustain.device.LiveDeviceTest.rootHasBlockDevice(),
        "/ is on no block device here (overlay, tmpfs, not Linux)");
    Cli.Result r = Cli.ok("info", "/");
    assertThat(r.out()).contains("device      /dev/").contains("size        ").contains(" bytes)");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void aPathWithoutABlockDeviceIsOneLineAndExitTwo() {
    Cli.Result missing = Cli.run("info", "/no/such/path/at/all");
    Cli.assertBadInput(missing);
    assertThat(missing.err().strip())
        .isEqualTo("sustain info: no such file or device: /no/such/path/at/all");
    Cli.Result proc = Cli.run("info", "/proc/self/status");
    Cli.assertBadInput(proc);
    assertThat(proc.err().strip())
        .startsWith("sustain info: no block device under")
        .contains("proc");
    assertThat(proc.err().strip().lines()).hasSize(1);
  }

  @Test
  void fakeNvmeDriveInPeoplesWords(@TempDir Path root) {
    dev.sustain.device.FakeSys f = new dev.sustain.device.FakeSys(root);
    String pci = "pci0000:00/0000:00:01.1/0000:01:00.0";
    f.file("sys/devices/" + pci + "/current_link_speed", "8.0 GT/s PCIe\n")
        .file("sys/devices/" + pci + "/current_link_width", "4\n");
    String ctrl = "sys/devices/" + pci + "/nvme/nvme0";
    f.files(
            ctrl,
            "model=WD_BLACK SN770 1TB",
            "serial=22517F801234",
            "firmware_rev=731100WD",
            "transport=pcie")
        .link(ctrl + "/device", "sys/devices/" + pci);
    String disk = f.disk(pci + "/nvme/nvme0", "nvme0n1", "259:0", 1000204886016L, false, 1L << 31);
    f.link(disk + "/device", ctrl);
    f.partition(disk, "nvme0n1p1", "259:1", 1, 2048);
    f.mountinfo(
            dev.sustain.device.FakeSys.mountLine(40, "259:1", "/data", "ext4", "/dev/nvme0n1p1"))
        .swaps();
    StringWriter out = new StringWriter();
    CommandLine cl = info(root, out);
    assertThat(cl.execute("/dev/nvme0n1")).isZero();
    assertThat(out.toString())
        .contains("model       WD_BLACK SN770 1TB")
        .contains("size        1.0 TB (932 GiB, 1000204886016 bytes)")
        .contains("TRIM        yes, up to 2 GiB per request")
        .contains("link        PCIe Gen3 x4, practical ceiling about 3742 MB/s")
        .contains("erase       nvme-admin: ")
        .contains("in use      /dev/nvme0n1p1 is mounted on /data (ext4)")
        .doesNotContain("target");
    out.getBuffer().setLength(0);
    assertThat(cl.execute("/data/images/x.img")).isZero();
    assertThat(out.toString())
        .startsWith("/data/images/x.img  ->  nvme0n1p1 (partition: partition 1 of nvme0n1")
        .contains("target      /dev/nvme0n1p1, 1.0 MB (1 MiB, 1048576 bytes)")
        .contains("target use  /dev/nvme0n1p1 is mounted on /data (ext4)")
        .contains("device use  /dev/nvme0n1p1 is mounted on /data (ext4)");
  }

  @Test
  void severalDrivesAndWhatTheyShare(@TempDir Path root) throws Exception {
    new dev.sustain.device.FakeSys(root).twoSataDisksOnOneAhci();
    StringWriter out = new StringWriter();
    CommandLine cl = info(root, out);
    assertThat(cl.execute("/dev/sda", "/dev/sdb")).isZero();
    assertThat(out.toString())
        .contains("device      /dev/sda (sata)")
        .contains("device      /dev/sdb (sata)")
        .contains(
            "Shared by /dev/sda, /dev/sdb:\nshared      SATA controller 0000:00:17.0 (8086:a352)");
    out.getBuffer().setLength(0);
    assertThat(cl.execute("--json", "/dev/sda", "/dev/sdb")).isZero();
    JsonNode json = new ObjectMapper().readTree(out.toString());
    assertThat(json.path("targets")).hasSize(2);
    assertThat(json.at("/shared/parts/0/kind").asText()).isEqualTo("controller");
    assertThat(json.at("/shared/devices/1").asText()).isEqualTo("/dev/sdb");
  }

  @Test
  void aPathWithoutADriveGetsItsLineAndDoesNotHideTheOthers(@TempDir Path root) throws Exception {
    dev.sustain.device.FakeSys f = new dev.sustain.device.FakeSys(root);
    f.disk(
        "pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0", "sda", "8:0", 1L << 40, true, 0);
    f.mountinfo("").swaps();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = info(root, out);
    cl.setErr(new PrintWriter(err, true));
    String missing = root.resolve("no-such-folder").toString();
    assertThat(cl.execute(missing)).isEqualTo(2);
    String why = err.toString().strip().replace("sustain info: ", "");
    err.getBuffer().setLength(0);
    assertThat(cl.execute(missing, "/dev/sda")).isZero();
    assertThat(out.toString())
        .startsWith(missing + "  ->  " + why + "\n")
        .contains("device      /dev/sda (sata)")
        .doesNotContain("Shared by");
    out.getBuffer().setLength(0);
    assertThat(cl.execute("--json", "/dev/sda", missing)).isZero();
    JsonNode json = new ObjectMapper().readTree(out.toString());
    assertThat(json.path("targets")).hasSize(2);
    assertThat(json.at("/targets/1/query").asText()).isEqualTo(missing);
    assertThat(json.at("/targets/1/device").isNull()).isTrue();
    // None found: the one line on stderr alone, exit 2.
    out.getBuffer().setLength(0);
    assertThat(cl.execute(missing, missing + "2")).isEqualTo(2);
    assertThat(out.toString()).isEmpty();
    assertThat(err.toString().strip()).isEqualTo("sustain info: " + why);
  }
}
