package dev.sustain.target;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The guards, on fake sysfs trees: what is in use is found and named. */
class RawDeviceTest {

  @TempDir Path sys;

  private RawDevice disk(String name, String mm, String... partitions) throws Exception {
    Path d = Files.createDirectories(sys.resolve("class/block").resolve(name));
    Files.writeString(d.resolve("dev"), mm + "\n");
    Files.createDirectories(d.resolve("holders"));
    int minor = Integer.parseInt(mm.split(":")[1]);
    for (String p : partitions) {
      minor++;
      Path pd = Files.createDirectories(d.resolve(p));
      Files.writeString(pd.resolve("partition"), "1\n");
      Files.writeString(pd.resolve("dev"), mm.split(":")[0] + ":" + minor + "\n");
      Files.createDirectories(sys.resolve("class/block").resolve(p).resolve("holders"));
    }
    return new RawDevice(Path.of("/dev/" + name), name, mm, 2097152L * 512, 512, "", "");
  }

  private static String mountinfo(String mm, String where) {
    return "36 35 " + mm + " / " + where + " rw,relatime shared:1 - ext4 /dev/x rw\n";
  }

  @Test
  void aFreeDeviceHasNothingAgainstIt() throws Exception {
    RawDevice d = disk("sdb", "8:16", "sdb1");
    assertThat(d.refusals(sys, mountinfo("8:1", "/"), "Filename Type Size Used Priority\n"))
        .isEmpty();
  }

  @Test
  void aMountedPartitionIsNamedWithItsMountPoint() throws Exception {
    RawDevice d = disk("sdb", "8:16", "sdb1", "sdb2");
    assertThat(d.refusals(sys, mountinfo("8:18", "/media/backup"), ""))
        .containsExactly("/dev/sdb2 is mounted at /media/backup");
  }

  @Test
  void theRootFileSystemIsCalledSo() throws Exception {
    RawDevice d = disk("vda", "253:0");
    assertThat(d.refusals(sys, mountinfo("253:0", "/"), ""))
        .singleElement()
        .asString()
        .contains("holds the root file system");
  }

  @Test
  void theRootFileSystemIsOneReasonNotTwo() throws Exception {
    RawDevice d = disk("vda", "253:0");
    List<String> guard = d.refusals(sys, mountinfo("253:0", "/"), "");
    // What the device resolver says of the same device (BlockUsage.reasonsInUse).
    List<String> resolver =
        List.of("it holds the root file system", "/dev/vda is mounted on / (ext4)");
    assertThat(RawDevice.merged(guard, resolver))
        .containsExactly("/dev/vda is mounted at / (it holds the root file system)");
    // A reason the guard did not find is kept.
    assertThat(RawDevice.merged(List.of(), resolver)).isEqualTo(resolver);
  }

  @Test
  void swapIsFound() throws Exception {
    RawDevice d = disk("sdc", "8:32", "sdc1");
    String swaps =
        "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n/dev/sdc1 partition 1048572 0 -2\n";
    assertThat(d.refusals(sys, "", swaps)).containsExactly("/dev/sdc1 is in use as swap");
  }

  @Test
  void lvmRaidAndDeviceMapperHoldersAreTold() throws Exception {
    RawDevice d = disk("sdd", "8:48", "sdd1");
    Files.createDirectories(sys.resolve("class/block/sdd/holders/md0"));
    Files.createDirectories(sys.resolve("class/block/sdd1/holders/dm-2"));
    Files.createDirectories(sys.resolve("class/block/dm-2/dm"));
    Files.writeString(sys.resolve("class/block/dm-2/dm/uuid"), "LVM-abcdef\n");
    assertThat(d.refusals(sys, "", ""))
        .containsExactlyInAnyOrder(
            "/dev/sdd is held by md0: RAID (md)", "/dev/sdd1 is held by dm-2: LVM");
  }

  @Test
  void aSpaceInAMountPointIsShownAsASpace() throws Exception {
    RawDevice d = disk("sde", "8:64");
    assertThat(d.refusals(sys, mountinfo("8:64", "/media/My\\040Drive"), ""))
        .containsExactly("/dev/sde is mounted at /media/My Drive");
  }
}
