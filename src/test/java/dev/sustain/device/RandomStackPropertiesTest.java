package dev.sustain.device;

import static dev.sustain.testing.Generators.intBetween;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.Seeded;
import dev.sustain.testing.Seeds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * Random disks with partitions, device-mapper layers and mounts: whatever the stack, the resolver
 * reaches the disk, and the disk is reported in use exactly when something on it is mounted, swap
 * or held.
 */
class RandomStackPropertiesTest {

  // Fifty seeds: each builds a fake sysfs tree, a quarter second on a busy machine.
  @Seeded(50)
  void everyMountedLayerLeadsToTheDiskAndMakesItInUse(long seed) {
    Seeds.withSeed(seed, RandomStackPropertiesTest::everyMountedLayerLeadsToTheDisk);
  }

  private static void everyMountedLayerLeadsToTheDisk(SplittableRandom random)
      throws IOException, NoBlockDeviceException {
    int partitions = intBetween(random, 0, 3);
    int dmDepth = intBetween(random, 0, 3);
    boolean mountTop = random.nextBoolean();
    boolean anonymousMount = random.nextBoolean();
    boolean swapOnDisk = random.nextBoolean();
    Path root = Files.createTempDirectory("sustain-fake-sys");
    try {
      FakeSys f = new FakeSys(root);
      String disk =
          f.disk(
              "pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0",
              "sda",
              "8:0",
              1L << 40,
              false,
              0);
      String base = disk;
      String baseName = "sda";
      for (int i = 1; i <= partitions; i++) {
        String p = f.partition(disk, "sda" + i, "8:" + i, i, 2048L * i);
        if (i == 1) {
          base = p;
          baseName = "sda1";
        }
      }
      String top = base;
      String topName = baseName;
      for (int d = 0; d < dmDepth; d++) {
        String name = "dm-" + d;
        top = f.dm(name, "252:" + d, "layer" + d, d % 2 == 0 ? "LVM-x" + d : "CRYPT-y" + d, top);
        topName = name;
      }
      StringBuilder mounts = new StringBuilder();
      String devNumber =
          anonymousMount ? "0:77" : Files.readString(root.resolve(top + "/dev")).trim();
      if (mountTop) {
        mounts.append(FakeSys.mountLine(50, devNumber, "/data", "btrfs", "/dev/" + topName));
      }
      f.mountinfo(mounts.toString());
      String swap = "/dev/sda" + partitions;
      if (swapOnDisk && partitions > 1) {
        f.swaps(swap);
      } else {
        f.swaps();
      }
      DeviceResolver resolver = DeviceResolver.forRoot(root, null);

      BlockUsage usage = resolver.usageOf("sda");
      boolean swapUsed = swapOnDisk && partitions > 1;
      boolean expectedInUse = mountTop || dmDepth > 0 || swapUsed;
      assertThat(usage.inUse()).isEqualTo(expectedInUse);
      assertThat(usage.partitions()).hasSize(partitions);
      assertThat(usage.holders()).hasSize(dmDepth);
      if (mountTop) {
        assertThat(usage.mounts())
            .singleElement()
            .extracting(BlockUsage.Mounted::device)
            .isEqualTo(topName);
        DeviceResolution r = resolver.resolve("/data/some/file");
        assertThat(r.target()).isEqualTo(topName);
        assertThat(r.device().name()).isEqualTo("sda");
        List<String> kinds = new ArrayList<>();
        r.stack().forEach(l -> kinds.add(l.kind()));
        assertThat(kinds).hasSize(dmDepth + (partitions > 0 ? 1 : 0) + 1);
        assertThat(kinds.getLast()).isEqualTo("disk");
      } else {
        assertThat(usage.mounts()).isEmpty();
      }
    } finally {
      try (Stream<Path> s = Files.walk(root)) {
        s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
