package dev.sustain.device;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resolver and prober on fake sysfs trees of USB enclosures: the bridge's link, what it passes
 * through to the drive (ATA, NVMe, or SCSI only) and what is left when smartctl cannot see past it.
 */
class DeviceResolverUsbTreeTest {

  @TempDir Path root;
  static final String XHCI = "pci0000:00/0000:00:14.0";

  /** A UAS USB bridge at {@code speed} Mb/s with a SCSI disk sdb behind it. */
  FakeSys usb(
      String speed,
      String vid,
      String pid,
      String product,
      String inquiryVendor,
      String inquiryModel) {
    FakeSys f = new FakeSys(root);
    String usbDev = "sys/devices/" + XHCI + "/usb2/2-1";
    f.file(usbDev + "/idVendor", vid + "\n")
        .file(usbDev + "/idProduct", pid + "\n")
        .file(usbDev + "/speed", speed + "\n")
        .file(usbDev + "/version", " 3.20\n")
        .file(usbDev + "/product", product + "\n")
        .file(usbDev + "/serial", "000000000000\n");
    f.link(usbDev + "/2-1:1.0/driver", "sys/bus/usb/drivers/uas");
    String scsi = XHCI + "/usb2/2-1/2-1:1.0/host3/target3:0:0/3:0:0:0";
    f.file("sys/devices/" + scsi + "/vendor", inquiryVendor + "\n")
        .file("sys/devices/" + scsi + "/model", inquiryModel + "\n")
        .file("sys/devices/" + scsi + "/rev", "0\n");
    String disk = f.disk(scsi, "sdb", "8:16", 1000204886016L, true, 0);
    f.link(disk + "/device", "sys/devices/" + scsi);
    f.partition(disk, "sdb1", "8:17", 1, 2048);
    f.mountinfo(FakeSys.mountLine(40, "8:17", "/media/usb", "exfat", "/dev/sdb1")).swaps();
    return f;
  }

  /**
   * The resolver of the fake tree, smartctl answering every device with the report {@code json}.
   */
  private DeviceResolver resolver(String json) {
    Function<String, SmartctlReport> smartctl =
        dev -> SmartctlReport.parse(ParsersTest.resource(json));
    return DeviceResolver.forRoot(root, smartctl);
  }

  /** /dev/sdb of the fake tree, smartctl answering with the report {@code json}. */
  private DeviceInfo sdbWithSmartctl(String json) throws Exception {
    return resolver(json).resolve("/dev/sdb").device();
  }

  @Test
  void usbSataBridgePassingAtaCommands() throws Exception {
    usb("5000", "174c", "55aa", "ASM1153E", "ASMT", "2115");
    DeviceResolution r = resolver("usb-sat-mx500.json").resolve("/media/usb/images");
    DeviceInfo d = r.device();
    assertThat(r.stack()).extracting(BlockLayer::name).containsExactly("sdb1", "sdb");
    assertThat(d.transport()).isEqualTo(Transport.USB);
    assertThat(d.model()).isEqualTo("CT1000MX500SSD1");
    assertThat(d.serial()).isEqualTo("2034E48A1B2C");
    assertThat(d.link().description())
        .isEqualTo("USB 3.2 Gen 1 (5 Gb/s), uas; the drive on SATA 6.0 Gb/s inside");
    assertThat(d.link().usbDriver()).isEqualTo("uas");
    assertThat(d.link().bridge()).isEqualTo("ASM1153E (174c:55aa)");
    assertThat(d.linkCeilingMBps()).isEqualTo(450.0);
    assertThat(d.temperatureSource()).isEqualTo("smartctl");
    assertThat(d.passThrough().kind()).isEqualTo("ata");
    assertThat(d.discard()).isFalse();
    // the bridge tells the kernel "rotational"; the drive itself says solid state
    assertThat(d.rotational()).isFalse();
    assertThat(d.rotationRateRpm()).isZero();
    assertThat(d.identity().key()).isEqualTo("CT1000MX500SSD1|2034E48A1B2C");
    assertThat(d.usage().reasonsInUse())
        .containsExactly("/dev/sdb1 is mounted on /media/usb (exfat)");
  }

  @Test
  void aSataDriveInATenGigabitEnclosureIsCappedBySata() throws Exception {
    usb("10000", "174c", "2362", "ASM2362", "ASMT", "2362");
    DeviceInfo d = sdbWithSmartctl("usb-sat-mx500.json");
    assertThat(d.link().description())
        .isEqualTo("USB 3.2 Gen 2 (10 Gb/s), uas; the drive on SATA 6.0 Gb/s inside");
    assertThat(d.link().gbps()).isEqualTo(10.0);
    assertThat(d.linkCeilingMBps()).isEqualTo(558.0);
  }

  @Test
  void usbBridgeWithoutSmartctlFallsBackToInquiryAndNameSize() throws Exception {
    usb("5000", "174c", "55aa", "ASM1153E", "ASMT", "2115");
    DeviceInfo d = DeviceResolver.forRoot(root, null).resolve("/dev/sdb").device();
    assertThat(d.model()).isEqualTo("ASMT 2115");
    // the bridge's serial is all zeros: not an identity
    assertThat(d.serial()).isEqualTo("000000000000");
    assertThat(d.identity()).isEqualTo(new DriveIdentity("name+size", "sdb:1000204886016"));
    assertThat(d.rotational()).isTrue(); // only the kernel's word is left
    assertThat(d.rotationRateRpm()).isNull();
    assertThat(d.passThrough().kind()).isEqualTo("unknown");
    assertThat(d.passThrough().detail()).contains("smartctl not used");
    assertThat(d.temperatureSource()).isEqualTo("none");
  }

  @Test
  void aBridgeSmartctlCannotIdentifySaysSoInThePassThroughDetail() throws Exception {
    usb("5000", "1234", "5678", "Mystery Bridge", "Generic", "Disk");
    DeviceInfo d = sdbWithSmartctl("usb-unknown-bridge.json");
    assertThat(d.passThrough().kind()).isEqualTo("unknown");
    assertThat(d.passThrough().purgePossible()).isNull();
    assertThat(d.passThrough().detail())
        .contains("smartctl said: /dev/sde: Unknown USB bridge [0x1234:0x5678 (0x100)]");
    assertThat(d.smartctlType()).isNull();
  }

  @Test
  void usbNvmeBridgeRealtekPassesOnlyIdentifyAndLogs() throws Exception {
    usb("10000", "0bda", "9210", "RTL9210B-CG", "Realtek", "RTL9210B-CG");
    DeviceInfo d = sdbWithSmartctl("usb-nvme-realtek.json");
    assertThat(d.model()).isEqualTo("WD_BLACK SN770 1TB");
    assertThat(d.rotational()).isFalse();
    assertThat(d.linkCeilingMBps()).isEqualTo(1000.0);
    assertThat(d.link().gbps()).isEqualTo(10.0);
    assertThat(d.passThrough().kind()).isEqualTo("nvme-identify-only");
    assertThat(d.passThrough().purgePossible()).isFalse();
    assertThat(d.passThrough().detail()).contains("Clear, not a Purge");
    assertThat(d.temperatureSource()).isEqualTo("smartctl");
    assertThat(d.smartctlType()).isEqualTo("sntrealtek");
  }

  @Test
  void usbNvmeBridgeJmicronTunnelsAdminCommands() throws Exception {
    usb("10000", "152d", "0583", "JMS583", "JMicron", "Tech");
    DeviceInfo d = sdbWithSmartctl("usb-nvme-jmicron.json");
    assertThat(d.model()).isEqualTo("KINGSTON SNV3S1000G");
    assertThat(d.passThrough().kind()).isEqualTo("nvme-admin");
    assertThat(d.passThrough().purgePossible()).isTrue();
  }

  @Test
  void usbBridgePassingOnlyScsiIsAClearOnly() throws Exception {
    usb("480", "1234", "5678", "USB2.0 Disk", "Generic", "External");
    DeviceInfo d = sdbWithSmartctl("usb-scsi-only.json");
    assertThat(d.linkCeilingMBps()).isEqualTo(40.0);
    assertThat(d.passThrough().kind()).isEqualTo("none");
    assertThat(d.passThrough().purgePossible()).isFalse();
    assertThat(d.temperatureSource()).isEqualTo("none");
  }
}
