package dev.sustain.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sustain.sampling.IntervalProbe;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunSensorsTest {

  @TempDir Path dir;

  @Test
  void aFileNotYetMadeGetsItsDisksCountersWhichSeeWhatWasWritten() throws Exception {
    assumeTrue(Files.isDirectory(Path.of("/sys/dev/block")), "no /sys/dev/block: not Linux");
    Path file = dir.resolve("not-yet").resolve("test.bin");
    try (RunSensors s = DriveSensors.forTarget(file.toString())) {
      assumeTrue(
          s.resolution() != null, "the temp folder is on no block device: " + s.whyNoDevice());
      assertThat(s.deviceJson()).containsKeys("name", "size_bytes", "transport");
      List<String> columns = new ArrayList<>();
      s.probes().forEach(p -> columns.addAll(p.columnNames()));
      assertThat(columns)
          .containsExactly(
              "sys_cpu_pct",
              "iowait_pct",
              "busiest_cpu_pct",
              "dev_write_bytes",
              "dev_read_bytes",
              "dev_util_pct");
      IntervalProbe counters = s.probes().get(1);
      counters.begin(System.nanoTime());
      long written = 4L << 20;
      byte[] data = new byte[(int) written];
      ThreadLocalRandom.current().nextBytes(data);
      try (FileChannel ch =
          FileChannel.open(
              dir.resolve("data.bin"), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        ch.write(ByteBuffer.wrap(data));
        ch.force(true);
      }
      List<String> cells = new ArrayList<>();
      counters.endInterval(System.nanoTime(), cells);
      // others may write to the same disk too: at least our bytes reached it
      assertThat(Long.parseLong(cells.getFirst())).isGreaterThanOrEqualTo(written);
    }
  }

  @Test
  void noBlockDeviceMeansCpuOnlyAndNoTemperature() {
    assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no /proc");
    try (RunSensors s = DriveSensors.forTarget("/proc/self/status")) {
      assertThat(s.resolution()).isNull();
      assertThat(s.whyNoDevice()).contains("proc");
      assertThat(s.probes()).singleElement().isInstanceOf(SystemCpuProbe.class);
      assertThat(s.temperature().read()).isEmpty();
      assertThat(s.deviceJson()).isNull();
    }
  }

  @Test
  void nearestExistingWalksUpToAnExistingFolder() {
    assertThat(DriveSensors.nearestExisting(dir.resolve("a/b/c.bin").toString()))
        .isEqualTo(dir.toString());
    assertThat(DriveSensors.nearestExisting(dir.toString())).isEqualTo(dir.toString());
  }
}
