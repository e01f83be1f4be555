package dev.sustain.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.sustain.sampling.TemperatureSensor;
import dev.sustain.testing.Golden;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The resolver and prober on fake sysfs trees laid out as the kernel lays them out. */
class DeviceResolverFakeTreeTest {

  @TempDir Path root;

  static final String PCI_NVME = "pci0000:00/0000:00:01.1/0000:01:00.0";

  /** An NVMe drive on a Gen4 x4 link, hwmon under the controller (kernels from 5.x on). */
  FakeSys nvme() {
    FakeSys f = new FakeSys(root);
    f.files(
        "sys/devices/" + PCI_NVME,
        "current_link_speed=16.0 GT/s PCIe",
        "current_link_width=4",
        "max_link_speed=16.0 GT/s PCIe",
        "max_link_width=4");
    String ctrl = "sys/devices/" + PCI_NVME + "/nvme/nvme0";
    f.files(
            ctrl,
            "model=Samsung SSD 990 PRO 2TB                 ",
            "serial=S7DNNJ0W123456A     ",
            "firmware_rev=4B2QJXD7",
            "transport=pcie",
            "cntlid=1")
        .link(ctrl + "/device", "sys/devices/" + PCI_NVME);
    String disk =
        f.disk(PCI_NVME + "/nvme/nvme0", "nvme0n1", "259:0", 2000398934016L, false, 2199023255040L);
    f.file(disk + "/wwid", "eui.002538b931a6b2c1\n").link(disk + "/device", ctrl);
    f.partition(disk, "nvme0n1p1", "259:1", 1, 2048);
    String hw = ctrl + "/hwmon1";
    f.files(
            hw,
            "name=nvme",
            "temp1_label=Composite",
            "temp1_input=41850",
            "temp2_label=Sensor 1",
            "temp2_input=52850")
        .link(hw + "/device", ctrl)
        .link("sys/class/hwmon/hwmon1", hw);
    // an unrelated hwmon that must not be taken
    f.file("sys/devices/platform/coretemp.0/hwmon/hwmon0/name", "coretemp\n")
        .file("sys/devices/platform/coretemp.0/hwmon/hwmon0/temp1_input", "45000\n")
        .link(
            "sys/devices/platform/coretemp.0/hwmon/hwmon0/device",
            "sys/devices/platform/coretemp.0")
        .link("sys/class/hwmon/hwmon0", "sys/devices/platform/coretemp.0/hwmon/hwmon0");
    f.mountinfo(
        FakeSys.mountLine(27, "259:1", "/", "ext4", "/dev/nvme0n1p1")
            + FakeSys.mountLine(30, "0:26", "/tmp", "tmpfs", "tmpfs"));
    f.swaps();
    return f;
  }

  @Test
  void nvmeDriveWithLinkTemperatureAndPurge() throws Exception {
    nvme();
    DeviceResolution r = DeviceResolver.forRoot(root, null).resolve("/dev/nvme0n1");
    DeviceInfo d = r.device();
    assertThat(r.queryIsDevice()).isTrue();
    assertThat(r.target()).isEqualTo("nvme0n1");
    assertThat(d.transport()).isEqualTo(Transport.NVME);
    assertThat(d.model()).isEqualTo("Samsung SSD 990 PRO 2TB");
    assertThat(d.serial()).isEqualTo("S7DNNJ0W123456A");
    assertThat(d.firmware()).isEqualTo("4B2QJXD7");
    assertThat(d.sizeBytes()).isEqualTo(2000398934016L);
    assertThat(d.rotational()).isFalse();
    assertThat(d.discard()).isTrue();
    assertThat(d.wwn()).isEqualTo("eui.002538b931a6b2c1");
    assertThat(d.link().description()).isEqualTo("PCIe Gen4 x4");
    assertThat(d.link().pcieGen()).isEqualTo(4);
    assertThat(d.link().lanes()).isEqualTo(4);
    assertThat(d.linkCeilingMBps()).isEqualTo(7483.0);
    assertThat(d.temperatureSource()).isEqualTo("hwmon:nvme Composite");
    assertThat(d.passThrough().kind()).isEqualTo("nvme-admin");
    assertThat(d.passThrough().purgePossible()).isTrue();
    assertThat(d.identity())
        .isEqualTo(new DriveIdentity("model+serial", "Samsung SSD 990 PRO 2TB|S7DNNJ0W123456A"));
    assertThat(d.usage().partitions()).containsExactly("nvme0n1p1");
    assertThat(d.usage().holdsRoot()).isTrue();
    assertThat(r.targetUsage().reasonsInUse())
        .containsExactly("it holds the root file system", "/dev/nvme0n1p1 is mounted on / (ext4)");

    TemperatureSensor t =
        DriveSensors.temperature(d, root, Optional.empty(), Duration.ofSeconds(10));
    assertThat(t.source()).isEqualTo("hwmon:nvme Composite");
    assertThat(t.read()).hasValue(41.85);
  }

  @Test
  void aFileOnAPartitionLeadsThroughThePartitionToTheDisk() throws Exception {
    nvme();
    DeviceResolution r = DeviceResolver.forRoot(root, null).resolve("/home/me/big.img");
    assertThat(r.target()).isEqualTo("nvme0n1p1");
    assertThat(r.targetSizeBytes()).isEqualTo(2048 * 512);
    assertThat(r.queryIsDevice()).isFalse();
    assertThat(r.stack()).extracting(BlockLayer::kind).containsExactly("partition", "disk");
    assertThat(r.stack().getFirst().detail()).contains("starts at byte 1048576");
    assertThat(r.device().name()).isEqualTo("nvme0n1");
  }

  @Test
  void tmpfsHasNoBlockDevice() {
    nvme();
    assertThatThrownBy(() -> DeviceResolver.forRoot(root, null).resolve("/tmp/x"))
        .isInstanceOf(NoBlockDeviceException.class)
        .hasMessage("no block device under /tmp/x: it is on tmpfs (tmpfs) mounted on /tmp");
  }

  @Test
  void nvmeWithNativeMultipathAndHwmonOnThePciFunction() throws Exception {
    FakeSys f = new FakeSys(root);
    f.files(
        "sys/devices/" + PCI_NVME,
        "current_link_speed=8.0 GT/s PCIe",
        "current_link_width=2",
        "max_link_speed=16.0 GT/s PCIe",
        "max_link_width=4");
    String ctrl = "sys/devices/" + PCI_NVME + "/nvme/nvme0";
    f.file(ctrl + "/transport", "pcie\n").file(ctrl + "/cntlid", "1\n");
    f.link(ctrl + "/device", "sys/devices/" + PCI_NVME);
    String subsys = "sys/devices/virtual/nvme-subsystem/nvme-subsys0";
    f.files(
            subsys,
            "model=KINGSTON SNV3S1000G",
            "serial=50026B7686ABCDEF",
            "firmware_rev=SBM02103",
            "subsysnqn=nqn.2020-04.com.kingston:nvme:nvm-subsystem-sn-50026B7686ABCDEF")
        .link(subsys + "/nvme0", ctrl);
    String disk =
        f.disk(
            "virtual/nvme-subsystem/nvme-subsys0",
            "nvme0n1",
            "259:0",
            1000204886016L,
            false,
            2199023255040L);
    f.link(disk + "/device", subsys);
    String hw = "sys/devices/" + PCI_NVME + "/hwmon/hwmon2";
    f.files(hw, "name=nvme", "temp1_label=Composite", "temp1_input=38850")
        .link(hw + "/device", "sys/devices/" + PCI_NVME)
        .link("sys/class/hwmon/hwmon2", hw);
    f.mountinfo("").swaps();
    DeviceInfo d = DeviceResolver.forRoot(root, null).resolve("/dev/nvme0n1").device();
    assertThat(d.transport()).isEqualTo(Transport.NVME);
    assertThat(d.model()).isEqualTo("KINGSTON SNV3S1000G");
    assertThat(d.link().description()).isEqualTo("PCIe Gen3 x2 (device can do Gen4 x4)");
    assertThat(d.linkCeilingMBps()).isEqualTo(Math.rint(0.95 * 2 * 8000 / 8 * 128 / 130));
    assertThat(d.temperatureSource()).isEqualTo("hwmon:nvme Composite");
    assertThat(d.usage().inUse()).isFalse();
  }

  static final String PCI_AHCI = "pci0000:00/0000:00:17.0";

  /** A SATA drive on libata: sda with the kernel's IDENTIFY copy; drivetemp optional. */
  FakeSys sata(boolean drivetemp, boolean rotational, String model, String serial, int rpm) {
    FakeSys f = new FakeSys(root);
    String port = "sys/devices/" + PCI_AHCI + "/ata1";
    f.file(port + "/link1/ata_link/link1/sata_spd", "6.0 Gbps\n");
    String scsi = PCI_AHCI + "/ata1/host0/target0:0:0/0:0:0:0";
    f.file("sys/devices/" + scsi + "/vendor", "ATA     \n")
        .file(
            "sys/devices/" + scsi + "/model",
            model.substring(0, Math.min(16, model.length())) + "\n")
        .file("sys/devices/" + scsi + "/rev", "2B6Q\n")
        .bytes(
            "sys/devices/" + scsi + "/vpd_pg89",
            FakeSys.vpd89(model, serial, "SVT02B6Q", rpm, 0x0001, 0))
        .bytes("sys/devices/" + scsi + "/vpd_pg80", FakeSys.vpd80(serial));
    String disk =
        f.disk(scsi, "sda", "8:0", 1000204886016L, rotational, rotational ? 0 : 2147450880L);
    f.link(disk + "/device", "sys/devices/" + scsi);
    if (drivetemp) {
      String hw = "sys/devices/" + scsi + "/hwmon/hwmon3";
      f.file(hw + "/name", "drivetemp\n")
          .file(hw + "/temp1_input", "34000\n")
          .link(hw + "/device", "sys/devices/" + scsi)
          .link("sys/class/hwmon/hwmon3", hw);
    }
    f.mountinfo("").swaps();
    return f;
  }

  @Test
  void sataSsdFromTheKernelsIdentifyCopyWithoutSmartctl() throws Exception {
    sata(true, false, "Samsung SSD 870 EVO 1TB", "S6PUNX0R812345Z", 1);
    DeviceInfo d = DeviceResolver.forRoot(root, null).resolve("/dev/sda").device();
    assertThat(d.transport()).isEqualTo(Transport.SATA);
    // INQUIRY cuts the model at 16 characters; the IDENTIFY copy has it whole
    assertThat(d.model()).isEqualTo("Samsung SSD 870 EVO 1TB");
    assertThat(d.serial()).isEqualTo("S6PUNX0R812345Z");
    assertThat(d.firmware()).isEqualTo("SVT02B6Q");
    assertThat(d.rotationRateRpm()).isZero();
    assertThat(d.link().description()).isEqualTo("SATA 6.0 Gb/s");
    assertThat(d.linkCeilingMBps()).isEqualTo(558.0);
    assertThat(d.temperatureSource()).isEqualTo("hwmon:drivetemp");
    assertThat(d.passThrough().kind()).isEqualTo("ata");
    assertThat(d.discard()).isTrue();
    TemperatureSensor t =
        DriveSensors.temperature(d, root, Optional.empty(), Duration.ofSeconds(10));
    assertThat(t.read()).hasValue(34.0);
  }

  @Test
  void hddWithoutDrivetempTakesTemperatureFromSmartctl() throws Exception {
    sata(false, true, "ST8000DM004-2CX188", "ZCT0ABCD", 5425);
    Function<String, SmartctlReport> smartctl =
        dev -> SmartctlReport.parse(ParsersTest.resource("hdd-st8000dm004.json"));
    DeviceInfo d = DeviceResolver.forRoot(root, smartctl).resolve("/dev/sda").device();
    assertThat(d.rotational()).isTrue();
    assertThat(d.rotationRateRpm()).isEqualTo(5425);
    assertThat(d.discard()).isFalse();
    assertThat(d.model()).isEqualTo("ST8000DM004-2CX188");
    assertThat(d.temperatureSource()).isEqualTo("smartctl");
    assertThat(d.smartctlType()).isEqualTo("sat");
    assertThat(d.passThrough().kind()).isEqualTo("ata");
    assertThat(d.wwn()).isEqualTo("naa.5000c50aa2acb7f2");
    assertThat(d.identity().kind()).isEqualTo("model+serial");
  }

  /** This machine's layout: a virtio disk vda with / on it, and loop devices. */
  FakeSys virtio() {
    FakeSys f = new FakeSys(root);
    String disk =
        f.disk("pci0000:00/0000:00:02.0/virtio1", "vda", "254:0", 274877906944L, true, 1073741824L);
    f.file(disk + "/serial", "overlayblk\n")
        .file("sys/devices/pci0000:00/0000:00:02.0/virtio1/vendor", "0x1af4\n")
        .link(disk + "/device", "sys/devices/pci0000:00/0000:00:02.0/virtio1");
    String loop = f.disk("", "loop0", "7:0", 67108864L, true, 4096);
    f.file(loop + "/loop/backing_file", "/var/tmp/disk.img\n");
    String loop1 = f.disk("", "loop1", "7:1", 67108864L, true, 4096);
    f.file(loop1 + "/loop/backing_file", "/dev/shm/ram.img\n");
    f.mountinfo(
        FakeSys.mountLine(27, "254:0", "/", "ext4", "/dev/vda")
            + FakeSys.mountLine(25, "0:23", "/dev/shm", "tmpfs", "tmpfs")
            + FakeSys.mountLine(50, "7:0", "/mnt/loop", "ext4", "/dev/loop0"));
    f.swaps();
    return f;
  }

  @Test
  void virtioDiskLikeThisMachine() throws Exception {
    virtio();
    Function<String, SmartctlReport> smartctl =
        dev -> SmartctlReport.parse(ParsersTest.resource("virtio-unable.json"));
    DeviceInfo d = DeviceResolver.forRoot(root, smartctl).resolve("/work/x").device();
    assertThat(d.transport()).isEqualTo(Transport.VIRTIO);
    assertThat(d.model()).isNull();
    assertThat(d.serial()).isEqualTo("overlayblk");
    assertThat(d.identity()).isEqualTo(new DriveIdentity("serial", "serial:overlayblk"));
    assertThat(d.link()).isNull();
    assertThat(d.rotational()).isTrue();
    assertThat(d.rotationRateRpm()).isNull();
    assertThat(d.temperatureSource()).isEqualTo("none");
    assertThat(d.passThrough().kind()).isEqualTo("none");
    assertThat(d.logicalBlockBytes()).isEqualTo(512);
    assertThat(d.physicalBlockBytes()).isEqualTo(4096);
  }

  @Test
  void virtioScsiDiskTakesItsIdentityFromInquiry() throws Exception {
    FakeSys f = new FakeSys(root);
    String scsi = "pci0000:00/0000:00:03.0/virtio0/host0/target0:0:1/0:0:1:0";
    f.files("sys/devices/" + scsi, "vendor=QEMU    ", "model=QEMU HARDDISK   ", "rev=2.5+")
        .bytes("sys/devices/" + scsi + "/vpd_pg80", FakeSys.vpd80("drive-scsi0"));
    String disk = f.disk(scsi, "sda", "8:0", 10737418240L, true, 1073741824L);
    f.link(disk + "/device", "sys/devices/" + scsi);
    f.mountinfo("").swaps();
    DeviceInfo d = DeviceResolver.forRoot(root, null).resolve("/dev/sda").device();
    assertThat(d.transport()).isEqualTo(Transport.VIRTIO);
    assertThat(d.model()).isEqualTo("QEMU QEMU HARDDISK");
    assertThat(d.serial()).isEqualTo("drive-scsi0");
    assertThat(d.identity().key()).isEqualTo("QEMU QEMU HARDDISK|drive-scsi0");
    assertThat(d.passThrough().purgePossible()).isFalse();
  }

  @Test
  void aLoopDeviceLeadsThroughItsBackingFileToTheDisk() throws Exception {
    virtio();
    DeviceResolver resolver = DeviceResolver.forRoot(root, null);
    DeviceResolution r = resolver.resolve("/dev/loop0");
    assertThat(r.target()).isEqualTo("loop0");
    assertThat(r.targetSizeBytes()).isEqualTo(67108864L);
    assertThat(r.stack()).extracting(BlockLayer::kind).containsExactly("loop", "disk");
    assertThat(r.stack().getFirst().detail()).isEqualTo("backing file /var/tmp/disk.img");
    assertThat(r.device().name()).isEqualTo("vda");
    // the guards look at the loop device itself, not at the disk holding its file
    assertThat(r.targetUsage().reasonsInUse())
        .containsExactly("/dev/loop0 is mounted on /mnt/loop (ext4)");
    DeviceInfo loop = resolver.describe("loop0");
    assertThat(loop.transport()).isEqualTo(Transport.LOOP);
    assertThat(loop.loopBackingFile()).isEqualTo("/var/tmp/disk.img");
    assertThat(loop.identity()).isEqualTo(new DriveIdentity("loop", "loop:/var/tmp/disk.img"));
    assertThat(loop.passThrough().purgePossible()).isFalse();
    // a file inside the loop's filesystem goes loop -> backing file -> vda
    assertThat(resolver.resolve("/mnt/loop/file").stack())
        .extracting(BlockLayer::name)
        .containsExactly("loop0", "vda");
  }

  @Test
  void aDetachedLoopDeviceSaysSo() throws Exception {
    FakeSys f = virtio();
    f.disk("", "loop7", "7:7", 0, true, 0);
    DeviceResolution r = DeviceResolver.forRoot(root, null).resolve("/dev/loop7");
    assertThat(r.stack())
        .singleElement()
        .extracting(BlockLayer::detail)
        .isEqualTo("loop device with no backing file");
    assertThat(r.device().sizeBytes()).isZero();
  }

  @Test
  void aLoopDeviceBackedByTmpfsIsItsOwnBottom() throws Exception {
    virtio();
    DeviceResolution r = DeviceResolver.forRoot(root, null).resolve("/dev/loop1");
    assertThat(r.stack()).singleElement().extracting(BlockLayer::kind).isEqualTo("disk");
    assertThat(r.stack().getFirst().detail()).contains("/dev/shm/ram.img is on no block device");
    assertThat(r.device().transport()).isEqualTo(Transport.LOOP);
    assertThat(r.device().identity().key()).isEqualTo("loop:/dev/shm/ram.img");
    assertThat(r.targetUsage().inUse()).isFalse();
  }

  @Test
  void lvmAndSwapOnPartitionsAreFoundAsUsage() throws Exception {
    FakeSys f = sata(false, false, "Samsung SSD 870 EVO 1TB", "S6PUNX0R812345Z", 1);
    String disk = "sys/devices/" + PCI_AHCI + "/ata1/host0/target0:0:0/0:0:0:0/block/sda";
    f.partition(disk, "sda1", "8:1", 1, 2048);
    String sda2 = f.partition(disk, "sda2", "8:2", 2, 1050624);
    f.partition(disk, "sda3", "8:3", 3, 9439232);
    f.dm("dm-0", "252:0", "vg-root", "LVM-abcdefgh", sda2);
    f.dm("dm-1", "252:1", "vg-swap", "LVM-ijklmnop", sda2);
    f.dm("dm-2", "252:2", "luks-1234", "CRYPT-LUKS2-1234-luks-1234", disk + "/sda3");
    f.mountinfo(
        FakeSys.mountLine(27, "252:0", "/", "ext4", "/dev/mapper/vg-root")
            + FakeSys.mountLine(28, "8:1", "/boot", "vfat", "/dev/sda1")
            + FakeSys.mountLine(29, "0:45", "/home", "btrfs", "/dev/mapper/luks-1234"));
    f.swaps("/dev/dm-1");
    DeviceResolver resolver = DeviceResolver.forRoot(root, null);
    BlockUsage u = resolver.usageOf("sda");
    assertThat(u.partitions()).containsExactly("sda1", "sda2", "sda3");
    assertThat(u.holdsRoot()).isTrue();
    assertThat(u.holders())
        .extracting(BlockUsage.Holder::name, BlockUsage.Holder::kind, BlockUsage.Holder::on)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("dm-0", "lvm", "sda2"),
            org.assertj.core.groups.Tuple.tuple("dm-1", "lvm", "sda2"),
            org.assertj.core.groups.Tuple.tuple("dm-2", "crypt", "sda3"));
    assertThat(u.reasonsInUse())
        .contains(
            "it holds the root file system",
            "/dev/dm-0 is mounted on / (ext4)",
            "/dev/sda1 is mounted on /boot (vfat)",
            "/dev/dm-2 is mounted on /home (btrfs)",
            "/dev/dm-1 is swap",
            "sda2 is held by lvm dm-0 (vg-root)");
    // the unused partition alone is free, the one under LVM is not
    assertThat(resolver.usageOf("sda1").mounts()).hasSize(1);
    assertThat(resolver.usageOf("sda2").holders()).hasSize(2);

    DeviceResolution home = resolver.resolve("/home/me/file");
    assertThat(home.stack())
        .extracting(BlockLayer::kind)
        .containsExactly("crypt", "partition", "disk");
    assertThat(home.stack().getFirst().detail()).isEqualTo("luks-1234 on sda3");
    assertThat(home.device().name()).isEqualTo("sda");
  }

  @Test
  void aRaidMirrorLeadsToItsFirstDiskAndListsTheOthers() throws Exception {
    FakeSys f = new FakeSys(root);
    String sda =
        f.disk(PCI_AHCI + "/ata1/host0/target0:0:0/0:0:0:0", "sda", "8:0", 1L << 40, true, 0);
    String sdb =
        f.disk(PCI_AHCI + "/ata2/host1/target1:0:0/1:0:0:0", "sdb", "8:16", 1L << 40, true, 0);
    String sda1 = f.partition(sda, "sda1", "8:1", 1, 2048);
    String sdb1 = f.partition(sdb, "sdb1", "8:17", 1, 2048);
    String md = f.disk("", "md0", "9:0", 1L << 39, true, 0);
    f.file(md + "/md/level", "raid1\n");
    for (String below : new String[] {sda1, sdb1}) {
      String n = Path.of(below).getFileName().toString();
      f.link(md + "/slaves/" + n, below).link(below + "/holders/md0", md);
    }
    f.mountinfo(FakeSys.mountLine(60, "9:0", "/srv", "xfs", "/dev/md0")).swaps();
    DeviceResolver resolver = DeviceResolver.forRoot(root, null);
    DeviceResolution r = resolver.resolve("/srv/backup/set1");
    assertThat(r.target()).isEqualTo("md0");
    assertThat(r.stack()).extracting(BlockLayer::kind).containsExactly("md", "partition", "disk");
    assertThat(r.stack().getFirst().detail()).isEqualTo("raid1 on sda1, sdb1");
    assertThat(r.device().name()).isEqualTo("sda");
    assertThat(r.otherDisks()).extracting(DeviceInfo::name).containsExactly("sdb");
    assertThat(r.toJsonMap()).containsKey("other_disks");
    assertThat(resolver.usageOf("sdb").reasonsInUse())
        .containsExactly("/dev/md0 is mounted on /srv (xfs)", "sdb1 is held by md md0 (raid1)");
  }

  /**
   * Pins the device object that info --json prints and run.json carries, byte for byte, under any
   * locale. Regenerate deliberately with {@code -Dsustain.updateGolden=true} and review the diff.
   */
  @Test
  void deviceJsonMatchesTheGoldenFile() throws Exception {
    nvme();
    Golden.inLocale(
        Locale.GERMANY,
        () -> {
          DeviceResolution r = DeviceResolver.forRoot(root, null).resolve("/home/me/big.img");
          String json =
              new ObjectMapper()
                      .enable(SerializationFeature.INDENT_OUTPUT)
                      .writeValueAsString(r.toJsonMap())
                  + "\n";
          Golden.assertMatches("device-nvme.json", json);
        });
  }

  @Test
  void jsonMapHasTheFieldsRunJsonNeeds() throws Exception {
    nvme();
    DeviceInfo d = DeviceResolver.forRoot(root, null).resolve("/dev/nvme0n1").device();
    Map<String, Object> m = d.toJsonMap();
    assertThat(m)
        .containsEntry("name", "nvme0n1")
        .containsEntry("size_bytes", 2000398934016L)
        .containsEntry("rotational", false)
        .containsEntry("discard", true)
        .containsEntry("transport", "nvme")
        .containsEntry("model", "Samsung SSD 990 PRO 2TB")
        .containsEntry("serial", "S7DNNJ0W123456A")
        .containsEntry("link_ceiling_MBps", 7483.0)
        .containsEntry("temperature_source", "hwmon:nvme Composite");
    assertThat(d.toShortJsonMap())
        .containsOnlyKeys(
            "name", "model", "serial", "size_bytes", "rotational", "discard", "transport");
    String json = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(m);
    assertThat(json).contains("\"pass_through\":{\"kind\":\"nvme-admin\",\"purge_possible\":true");
  }
}
