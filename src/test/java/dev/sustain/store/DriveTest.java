package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The keys the history groups runs by. */
class DriveTest {

  @Test
  void aRealDriveIsItsSerialWhateverTheCarrierCallsIt() {
    Drive internal =
        Drive.of(
            "Samsung SSD 870 EVO 1TB|S6PUNS0T1",
            "Samsung SSD 870 EVO 1TB",
            "S6PUNS0T1",
            null,
            1_000_204_886_016L,
            "lab1",
            "/mnt/a",
            null,
            null);
    Drive inEnclosure =
        Drive.of(
            null,
            "ASM1153E",
            "S6PUNS0T1",
            null,
            1_000_204_886_016L,
            "lab2",
            "/media/x",
            null,
            null);
    assertThat(internal.id()).isEqualTo("serial:S6PUNS0T1").isEqualTo(inEnclosure.id());
    assertThat(internal.describe()).isEqualTo("Samsung SSD 870 EVO 1TB (serial S6PUNS0T1)");
  }

  @Test
  void aBridgesConstantSerialNamesNothing() {
    Drive d =
        Drive.of("wwn:eui.1", "JMicron", "000000000000", "eui.1", null, "lab1", "/m", null, null);
    assertThat(d.id()).isEqualTo("wwn:eui.1");
  }

  @Test
  void aTargetWithoutABlockDeviceIsItsFileSystemNotItsFolder() {
    Drive a = Drive.of(null, null, null, null, null, "lab1", "/dev/shm/a", "/dev/shm", "tmpfs");
    Drive b = Drive.of(null, null, null, null, null, "lab1", "/dev/shm/b", "/dev/shm", "tmpfs");
    Drive other = Drive.of(null, null, null, null, null, "lab2", "/dev/shm/a", "/dev/shm", "tmpfs");
    assertThat(a.id()).isEqualTo("fs:lab1:/dev/shm (tmpfs)").isEqualTo(b.id());
    assertThat(other.id()).as("another host's memory is another 'drive'").isNotEqualTo(a.id());
    assertThat(a.describe()).isEqualTo("memory (tmpfs at /dev/shm on lab1)");
    Drive overlay = Drive.of(null, null, null, null, null, "lab1", "/x", "/", "overlay");
    assertThat(overlay.describe()).isEqualTo("file system (overlay at / on lab1)");
  }

  @Test
  void withNothingKnownThePathOnItsHostRemains() {
    assertThat(Drive.of(null, null, null, null, null, "lab1", "/x/y", null, null).id())
        .isEqualTo("path:lab1:/x/y");
  }
}
