package dev.sustain.device;

import static dev.sustain.testing.Generators.anyBytes;
import static dev.sustain.testing.Generators.anyString;
import static dev.sustain.testing.Generators.listOf;
import static dev.sustain.testing.Generators.pick;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.testing.Seeded;
import dev.sustain.testing.Seeds;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ParsersTest {

  static String resource(String name) {
    try (InputStream in = ParsersTest.class.getResourceAsStream("smartctl/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void mountinfoDecodesEscapesAndOptionalFields() {
    String text =
        "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard\n"
            + "40 27 8:17 / /media/My\\040Disk rw,nosuid shared:5 master:2 - exfat /dev/sdb1 rw\n"
            + "41 27 0:35 /@home /home rw shared:7 - btrfs /dev/sdc1 rw,ssd\n"
            + "garbage line\n";
    List<MountEntry> m = MountEntry.parseMountInfo(text);
    assertThat(m).hasSize(3);
    assertThat(m.get(1))
        .isEqualTo(new MountEntry(8, 17, "/", "/media/My Disk", "exfat", "/dev/sdb1"));
    assertThat(m.get(2).root()).isEqualTo("/@home");
    assertThat(m.get(2).major()).isZero();
  }

  @Test
  void swapsSkipHeaderAndDecode() {
    String text =
        "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n"
            + "/dev/dm-1                               partition\t8388604\t\t0\t\t-2\n"
            + "/swap\\040file                           file\t\t1048572\t\t0\t\t-3\n";
    assertThat(MountEntry.parseSwaps(text)).containsExactly("/dev/dm-1", "/swap file");
    assertThat(MountEntry.parseSwaps("Filename Type Size Used Priority\n")).isEmpty();
  }

  @Test
  void diskstatsSectorsAreFiveHundredTwelveBytes() {
    String text =
        " 254       0 vda 32027 5874 1792218 8483 22116 8866 4128560 37152 0 7736 46233 8177 9"
            + " 268104 497 3514 100\n"
            + "   7       0 loop0 10 0 80 1 0 0\n";
    Map<String, DiskCounters> d = DiskCounters.parse(text);
    assertThat(d).containsOnlyKeys("vda");
    DiskCounters vda = d.get("vda");
    assertThat(vda.writtenBytes()).isEqualTo(4128560L * 512);
    assertThat(vda.readBytes()).isEqualTo(1792218L * 512);
    assertThat(vda.ioTicksMillis()).isEqualTo(7736);
    assertThat(vda.sectorsDiscarded()).isEqualTo(268104);
  }

  @Test
  void diskstatsBeforeKernel418HaveNoDiscardColumns() {
    Map<String, DiskCounters> d = DiskCounters.parse("   8       0 sda 1 2 3 4 5 6 7 8 9 10 11\n");
    assertThat(d.get("sda").sectorsWritten()).isEqualTo(7);
    assertThat(d.get("sda").sectorsDiscarded()).isZero();
  }

  @Test
  void procStatTotalsExcludeGuestTime() {
    String text =
        "cpu  100 10 50 800 40 0 0 0 30 0\n"
            + "cpu0 60 5 25 400 10 0 0 0 30 0\n"
            + "cpu1 40 5 25 400 30 0 0 0 0 0\n"
            + "intr 12345\n";
    List<CpuTicks> t = CpuTicks.parseProcStat(text);
    assertThat(t).extracting(CpuTicks::cpu).containsExactly("cpu", "cpu0", "cpu1");
    assertThat(t.getFirst().total()).isEqualTo(1000);
    assertThat(t.getFirst().busy()).isEqualTo(160);
    assertThat(t.getFirst().iowait()).isEqualTo(40);
  }

  @Test
  void ataIdentifyFromVpd89KeepsTheFullModel() {
    byte[] page =
        FakeSys.vpd89("Samsung SSD 870 EVO 1TB", "S6PUNX0R812345Z", "SVT02B6Q", 1, 0x0009, 1 << 12);
    AtaIdentify id = AtaIdentify.fromVpd89(page);
    assertThat(id.model()).isEqualTo("Samsung SSD 870 EVO 1TB");
    assertThat(id.serial()).isEqualTo("S6PUNX0R812345Z");
    assertThat(id.firmware()).isEqualTo("SVT02B6Q");
    assertThat(id.rotationRateRpm()).isEqualTo(1);
    assertThat(id.securitySupported()).isTrue();
    assertThat(id.securityFrozen()).isTrue();
    assertThat(id.sanitizeSupported()).isTrue();
    assertThat(id.blockErase()).isFalse();
    assertThat(id.trimSupported()).isTrue();
  }

  @Test
  void vpdPagesOfTheWrongKindAreRefused() {
    byte[] page = FakeSys.vpd89("M", "S", "F", 0, 0, 0);
    page[56] = (byte) 0xA1; // IDENTIFY PACKET DEVICE: an optical drive
    assertThat(AtaIdentify.fromVpd89(page)).isNull();
    assertThat(AtaIdentify.fromVpd89(new byte[10])).isNull();
    assertThat(AtaIdentify.serialFromVpd80(FakeSys.vpd80("  WD-WX12A3456789 ")))
        .isEqualTo("WD-WX12A3456789");
    assertThat(AtaIdentify.serialFromVpd80(FakeSys.vpd80("    "))).isNull();
    assertThat(AtaIdentify.serialFromVpd80(new byte[] {0, (byte) 0x83, 0, 0})).isNull();
  }

  @Test
  void smartctlNvme() {
    SmartctlReport r = SmartctlReport.parse(resource("nvme-990pro.json"));
    assertThat(r.identified()).isTrue();
    assertThat(r.deviceType()).isEqualTo("nvme");
    assertThat(r.protocol()).isEqualTo("NVMe");
    assertThat(r.model()).isEqualTo("Samsung SSD 990 PRO 2TB");
    assertThat(r.serial()).isEqualTo("S7DNNJ0W123456A");
    assertThat(r.firmware()).isEqualTo("4B2QJXD7");
    assertThat(r.capacityBytes()).isEqualTo(2000398934016L);
    assertThat(r.temperature()).hasValue(41);
    assertThat(r.nvmeFormatNvm()).isNull();
  }

  @Test
  void smartctlSataSsdAndHdd() {
    SmartctlReport ssd = SmartctlReport.parse(resource("sata-870evo.json"));
    assertThat(ssd.deviceType()).isEqualTo("sat");
    assertThat(ssd.protocol()).isEqualTo("ATA");
    assertThat(ssd.rotationRateRpm()).isZero();
    assertThat(ssd.wwn()).isEqualTo("5002538e41dd5ad2");
    assertThat(ssd.interfaceSpeedCurrent()).isEqualTo("6.0 Gb/s");
    assertThat(ssd.temperature()).hasValue(34);
    SmartctlReport hdd = SmartctlReport.parse(resource("hdd-st8000dm004.json"));
    assertThat(hdd.rotationRateRpm()).isEqualTo(5425);
    assertThat(hdd.model()).isEqualTo("ST8000DM004-2CX188");
    assertThat(hdd.temperature()).hasValue(39);
  }

  @Test
  void smartctlUsbBridges() {
    SmartctlReport sat = SmartctlReport.parse(resource("usb-sat-mx500.json"));
    assertThat(sat.deviceType()).isEqualTo("sat");
    assertThat(sat.model()).isEqualTo("CT1000MX500SSD1");
    assertThat(sat.temperature()).hasValue(37);
    SmartctlReport rtk = SmartctlReport.parse(resource("usb-nvme-realtek.json"));
    assertThat(rtk.deviceType()).isEqualTo("sntrealtek");
    assertThat(rtk.messages()).singleElement().asString().contains("truncated");
    assertThat(rtk.temperature()).hasValue(48);
    SmartctlReport scsi = SmartctlReport.parse(resource("usb-scsi-only.json"));
    assertThat(scsi.model()).isEqualTo("Generic External");
    assertThat(scsi.identified()).isTrue();
    assertThat(scsi.temperature()).isEmpty();
    SmartctlReport unknown = SmartctlReport.parse(resource("usb-unknown-bridge.json"));
    assertThat(unknown.identified()).isFalse();
    assertThat(Smartctl.mentionsUnknownBridge(unknown)).isTrue();
  }

  @Test
  void smartctlRecordedOnVirtioSaysUnableToDetect() {
    SmartctlReport r = SmartctlReport.parse(resource("virtio-unable.json"));
    assertThat(r.identified()).isFalse();
    assertThat(r.exitStatus() & 1).isEqualTo(1);
    assertThat(r.messages()).anyMatch(m -> m.contains("Unable to detect device type"));
    assertThat(r.temperature()).isEmpty();
  }

  @Test
  void smartctlGarbageIsAnIllegalArgument() {
    assertThatThrownBy(() -> SmartctlReport.parse("smartctl: command not found"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SmartctlReport.parse("[1,2]"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Seeded(300)
  void procParsersNeverThrow(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          String text = anyString(r);
          MountEntry.parseMountInfo(text);
          MountEntry.parseSwaps(text);
          DiskCounters.parse(text);
          CpuTicks.parseProcStat(text);
          HwmonTemperatureSensor.parseMillidegrees(text);
        });
  }

  @Seeded(300)
  void vpdParsersNeverThrow(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          byte[] page = anyBytes(r, 1024);
          byte[] p = page;
          if (r.nextBoolean()) {
            // long enough, right page code and command: the field decoding itself gets random bytes
            p = java.util.Arrays.copyOf(page, 572 + page.length);
            if (r.nextBoolean()) {
              r.nextBytes(p); // random all through, not only the first page.length bytes
            }
            p[1] = (byte) 0x89;
            p[56] = (byte) 0xEC;
            assertThat(AtaIdentify.fromVpd89(p)).isNotNull();
          } else {
            AtaIdentify.fromVpd89(p);
          }
          AtaIdentify.serialFromVpd80(p);
        });
  }

  @Seeded(300)
  void smartctlParserOnlyEverRefusesWithIllegalArgument(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          try {
            SmartctlReport.parse(anyString(r));
          } catch (IllegalArgumentException expected) {
            // the one documented failure
          }
        });
  }

  @Seeded(200)
  void procParsersNeverThrowOnLinesThatLookRight(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          String a = numbersAndWords(r);
          String b = numbersAndWords(r);
          DiskCounters.parse("8 0 sda " + a + " " + b);
          CpuTicks.parseProcStat("cpu " + a + " " + b);
          MountEntry.parseMountInfo("1 2 " + a + " / /x " + b + " - ext4 /dev/x rw");
        });
  }

  private static String numbersAndWords(SplittableRandom r) {
    return String.join(
        " ",
        listOf(
            r,
            0,
            20,
            w ->
                pick(
                    w,
                    "0",
                    "-1",
                    "99999999999999999999",
                    "a",
                    ":",
                    "1:2",
                    "\\040",
                    "-",
                    "18446744073709551615")));
  }
}
