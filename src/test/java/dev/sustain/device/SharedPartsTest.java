package dev.sustain.device;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What several drives share, on fake sysfs trees laid out as the kernel lays them out. */
class SharedPartsTest {

  @TempDir Path root;

  static final String XHCI = "pci0000:00/0000:00:14.0";

  /** A UAS disk at a USB port path such as {@code 2-1.3} on bus 2. */
  static String usbDisk(FakeSys f, String portPath, String name, String majMin, int host) {
    String dev = XHCI + "/usb2/" + hubPath(portPath) + portPath;
    f.files(
        "sys/devices/" + dev,
        "idVendor=174c",
        "idProduct=55aa",
        "speed=5000",
        "bDeviceClass=00",
        "product=ASM1153E");
    String scsi =
        dev + "/" + portPath + ":1.0/host" + host + "/target" + host + ":0:0/" + host + ":0:0:0";
    f.file("sys/devices/" + scsi + "/vendor", "ASMT\n")
        .file("sys/devices/" + scsi + "/model", "2115\n");
    return f.disk(scsi, name, majMin, 1000204886016L, false, 0);
  }

  /** The hub folders above a port path: {@code 2-1.3} sits in {@code 2-1/}. */
  private static String hubPath(String portPath) {
    int dot = portPath.lastIndexOf('.');
    return dot < 0 ? "" : hubPath(portPath.substring(0, dot)) + portPath.substring(0, dot) + "/";
  }

  FakeSys usbTree() {
    FakeSys f = new FakeSys(root);
    f.files("sys/devices/" + XHCI, "class=0x0c0330", "vendor=0x8086", "device=0xa36d")
        .file("sys/devices/" + XHCI + "/usb2/speed", "10000\n");
    String hub = "sys/devices/" + XHCI + "/usb2/2-1";
    f.files(
        hub,
        "bDeviceClass=09",
        "speed=5000",
        "idVendor=2109",
        "idProduct=0817",
        "manufacturer=VIA Labs, Inc.",
        "product=USB3.0 Hub");
    usbDisk(f, "2-1.3", "sdb", "8:16", 4);
    usbDisk(f, "2-1.4", "sdc", "8:32", 5);
    usbDisk(f, "2-2", "sdd", "8:48", 6);
    f.mountinfo(FakeSys.mountLine(1, "8:0", "/", "ext4", "/dev/sda")).swaps();
    return f;
  }

  @Test
  void twoDrivesOnOneHubShareTheHubAndItsLink() {
    usbTree();
    SharedParts s = DeviceResolver.forRoot(root, null).sharedBy(List.of("/dev/sdb", "/dev/sdc"));
    assertThat(s.devices()).containsExactly("/dev/sdb", "/dev/sdc");
    assertThat(s.parts())
        .extracting(SharedParts.Part::kind)
        .containsExactly("usb-hub", "usb-bus", "controller");
    SharedParts.Part hub = s.closest();
    assertThat(hub.name()).isEqualTo("2-1");
    assertThat(hub.description())
        .isEqualTo("USB hub 2-1 (VIA Labs, Inc. USB3.0 Hub, 2109:0817, 5 Gb/s)");
    assertThat(hub.ceilingMBps()).isEqualTo(450.0);
    assertThat(s.parts().get(1).description())
        .isEqualTo("USB bus 2 (root hub, 10 Gb/s) of controller 0000:00:14.0");
    assertThat(s.parts().get(2).description()).isEqualTo("USB controller 0000:00:14.0 (8086:a36d)");
    assertThat(s.describe()).startsWith("USB hub 2-1 (").contains(", on USB bus 2 (");
  }

  @Test
  void drivesOnDifferentPortsOfOneBusShareTheRootHub() {
    usbTree();
    SharedParts s = DeviceResolver.forRoot(root, null).sharedBy(List.of("/dev/sdb", "/dev/sdd"));
    assertThat(s.closest().kind()).isEqualTo("usb-bus");
    assertThat(s.closest().ceilingMBps()).isEqualTo(1000.0);
  }

  /** NVMe drives behind a PCIe switch (upstream 01:00.0, downstream 02:01.0 and 02:02.0). */
  FakeSys pcieTree() {
    FakeSys f = new FakeSys(root);
    String rootPort = "pci0000:00/0000:00:01.1";
    String up = rootPort + "/0000:01:00.0";
    bridge(f, rootPort, "16.0 GT/s PCIe", "4");
    bridge(f, up, "8.0 GT/s PCIe", "4");
    int n = 0;
    for (String down : new String[] {"0000:02:01.0", "0000:02:02.0"}) {
      String d = up + "/" + down;
      bridge(f, d, "8.0 GT/s PCIe", "4");
      String fn = d + "/0000:0" + (3 + n) + ":00.0";
      f.file("sys/devices/" + fn + "/class", "0x010802\n");
      String ctrl = "sys/devices/" + fn + "/nvme/nvme" + n;
      f.file(ctrl + "/model", "Drive " + n + "\n").link(ctrl + "/device", "sys/devices/" + fn);
      f.disk(fn + "/nvme/nvme" + n, "nvme" + n + "n1", "259:" + n, 1L << 40, false, 0);
      n++;
    }
    String other = "pci0000:00/0000:00:1d.0/0000:05:00.0";
    bridge(f, "pci0000:00/0000:00:1d.0", "16.0 GT/s PCIe", "4");
    f.file("sys/devices/" + other + "/class", "0x010802\n");
    f.disk(other + "/nvme/nvme2", "nvme2n1", "259:2", 1L << 40, false, 0);
    f.mountinfo("").swaps();
    return f;
  }

  private static void bridge(FakeSys f, String dir, String speed, String width) {
    f.files("sys/devices/" + dir, "class=0x060400", "vendor=0x1022", "device=0x1483")
        .file("sys/devices/" + dir + "/current_link_speed", speed + "\n")
        .file("sys/devices/" + dir + "/current_link_width", width + "\n");
  }

  @Test
  void drivesBehindOnePcieSwitchShareItsUpstreamLink() {
    pcieTree();
    SharedParts s =
        DeviceResolver.forRoot(root, null).sharedBy(List.of("/dev/nvme0n1", "/dev/nvme1n1"));
    assertThat(s.parts())
        .extracting(SharedParts.Part::kind)
        .containsExactly("pcie-switch", "pcie-root-port");
    assertThat(s.closest().name()).isEqualTo("0000:01:00.0");
    assertThat(s.closest().description())
        .isEqualTo("PCIe switch port 0000:01:00.0 (1022:1483, PCIe Gen3 x4)");
    assertThat(s.closest().ceilingMBps()).isEqualTo(3742.0);
  }

  @Test
  void drivesOnTheirOwnRootPortsShareNothingThatCapsThem() {
    pcieTree();
    SharedParts s =
        DeviceResolver.forRoot(root, null).sharedBy(List.of("/dev/nvme0n1", "/dev/nvme2n1"));
    assertThat(s.parts()).isEmpty();
    assertThat(s.unknown()).isNull();
    assertThat(s.describe()).startsWith("nothing shared below");
  }

  @Test
  void sataDrivesOnOneAhciControllerShareIt() {
    new FakeSys(root).twoSataDisksOnOneAhci();
    SharedParts s = DeviceResolver.forRoot(root, null).sharedBy(List.of("/dev/sda", "/dev/sdb"));
    assertThat(s.parts()).extracting(SharedParts.Part::kind).containsExactly("controller");
    assertThat(s.closest().description()).isEqualTo("SATA controller 0000:00:17.0 (8086:a352)");
  }

  @Test
  void loopDevicesOverFilesOnOneDiskShareThatDisk() {
    FakeSys f = new FakeSys(root);
    f.disk("pci0000:00/0000:00:02.0/virtio1", "vda", "254:0", 1L << 37, false, 0);
    String a = f.disk("", "loop1", "7:1", 1L << 28, false, 0);
    String b = f.disk("", "loop2", "7:2", 1L << 28, false, 0);
    f.file(a + "/loop/backing_file", "/srv/a.img\n").file(b + "/loop/backing_file", "/srv/b.img\n");
    f.mountinfo(FakeSys.mountLine(1, "254:0", "/", "ext4", "/dev/vda")).swaps();
    SharedParts s =
        DeviceResolver.forRoot(root, null).sharedBy(List.of("/dev/loop1", "/dev/loop2"));
    assertThat(s.closest().kind()).isEqualTo("device");
    assertThat(s.closest().name()).isEqualTo("/dev/vda");
    assertThat(s.describe()).startsWith("the same device, /dev/vda");
  }

  @Test
  void aTargetWithoutABlockDeviceLeavesNothingToTell() {
    usbTree();
    new FakeSys(root)
        .mountinfo(
            FakeSys.mountLine(1, "8:17", "/media/usb", "ext4", "/dev/sdb1")
                + FakeSys.mountLine(2, "0:30", "/tmp", "tmpfs", "tmpfs"));
    SharedParts s = DeviceResolver.forRoot(root, null).sharedBy(List.of("/dev/sdb", "/tmp/x"));
    assertThat(s.parts()).isEmpty();
    assertThat(s.devices()).containsExactly("/dev/sdb", null);
    assertThat(s.describe())
        .isEqualTo("cannot tell what they share: a target has no block device (e.g. tmpfs)");
  }
}
