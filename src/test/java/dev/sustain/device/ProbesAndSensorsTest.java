package dev.sustain.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.sampling.IntervalProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProbesAndSensorsTest {

  /** Hands out the given texts one per call, then fails like an unreadable file. */
  static Supplier<String> texts(String... values) {
    Deque<String> q = new ArrayDeque<>(List.of(values));
    return () -> {
      if (q.isEmpty()) {
        throw new IllegalStateException("no more readings");
      }
      return q.removeFirst();
    };
  }

  static String stat(long[] all, long[] cpu0, long[] cpu1) {
    return line("cpu ", all) + line("cpu0", cpu0) + line("cpu1", cpu1) + "intr 1 2 3\n";
  }

  static String line(String name, long[] v) {
    StringBuilder b = new StringBuilder(name);
    for (long x : v) {
      b.append(' ').append(x);
    }
    return b.append('\n').toString();
  }

  /** The cells {@code probe} gives for the interval that ends at {@code nowNanos}. */
  private static List<String> cellsAt(IntervalProbe probe, long nowNanos) {
    List<String> cells = new ArrayList<>();
    probe.endInterval(nowNanos, cells);
    return cells;
  }

  @Test
  void cpuProbeReportsBusyIowaitAndTheBusiestCore() {
    // user nice system idle iowait irq softirq steal
    long[] a0 = {100, 0, 50, 800, 50, 0, 0, 0};
    long[] a1 = {50, 0, 25, 400, 25, 0, 0, 0};
    long[] a2 = {50, 0, 25, 400, 25, 0, 0, 0};
    // next interval: cpu0 fully busy (100 ticks user), cpu1 20 busy, 40 iowait, 40 idle
    long[] b1 = {150, 0, 25, 400, 25, 0, 0, 0};
    long[] b2 = {70, 0, 25, 440, 65, 0, 0, 0};
    long[] b0 = new long[8];
    for (int i = 0; i < 8; i++) {
      b0[i] = b1[i] + b2[i];
    }
    SystemCpuProbe p = new SystemCpuProbe(texts(stat(a0, a1, a2), stat(b0, b1, b2)));
    assertThat(p.columnNames()).containsExactly("sys_cpu_pct", "iowait_pct", "busiest_cpu_pct");
    p.begin(0);
    // all: total delta 200, busy delta (100 + 20) = 120, iowait 40
    assertThat(cellsAt(p, 1_000_000_000L)).containsExactly("60", "20", "100");
    // the next reading fails: empty cells, never a guess
    assertThat(cellsAt(p, 2_000_000_000L)).containsExactly("", "", "");
  }

  /**
   * A row of 5 ms holds one clock tick of each CPU at most: "100" busy from a single tick is the
   * tick, not the CPU. Under CpuClock.MIN_READ_NANOS the cells are empty; the next row is read over
   * its own second (cpu0 30 ticks busy of 100, cpu1 none).
   */
  @Test
  void cpuProbeLeavesARowTooShortForTheTicksEmpty() {
    long[] a1 = {50, 0, 25, 400, 25, 0, 0, 0};
    long[] b1 = {51, 0, 25, 400, 25, 0, 0, 0}; // one tick busy on cpu0, none idle: "100%"
    long[] c1 = {81, 0, 25, 470, 25, 0, 0, 0};
    long[] a0 = new long[8];
    long[] b0 = new long[8];
    long[] c0 = new long[8];
    for (int i = 0; i < 8; i++) {
      a0[i] = 2 * a1[i];
      b0[i] = a1[i] + b1[i];
      c0[i] = a1[i] + c1[i];
    }
    SystemCpuProbe p =
        new SystemCpuProbe(texts(stat(a0, a1, a1), stat(b0, b1, a1), stat(c0, c1, a1)));
    p.begin(0);
    assertThat(cellsAt(p, 5_000_000L)).as("a 5 ms row").containsExactly("", "", "");
    assertThat(cellsAt(p, 1_005_000_000L))
        .as("the second after it")
        .containsExactly("30", "0", "30");
  }

  static String diskstats(long sectorsRead, long sectorsWritten, long ioMs) {
    return "   8       0 sda 10 0 "
        + sectorsRead
        + " 5 20 0 "
        + sectorsWritten
        + " 7 0 "
        + ioMs
        + " 12 0 0 0 0\n"
        + "   8       1 sda1 1 0 8 1 1 0 8 1 0 1 2 0 0 0 0\n";
  }

  @Test
  void diskProbeCountsBytesInTheIntervalAndUtilisation() {
    DiskStatsProbe p =
        new DiskStatsProbe(
            List.of("sda"),
            texts(
                diskstats(1000, 2000, 100),
                diskstats(1008, 2000 + 2048, 600),
                "",
                diskstats(0, 0, 0)));
    assertThat(p.columnNames())
        .containsExactly("dev_write_bytes", "dev_read_bytes", "dev_util_pct");
    p.begin(0);
    assertThat(cellsAt(p, 1_000_000_000L))
        .containsExactly(Long.toString(2048L * 512), Long.toString(8L * 512), "50");
    // the device vanished from diskstats
    assertThat(cellsAt(p, 2_000_000_000L)).containsExactly("", "", "");
    // it came back with fresh counters: still no delta to give
    assertThat(cellsAt(p, 3_000_000_000L)).containsExactly("", "", "");
  }

  @Test
  void diskProbeAddsUpSeveralDisks() {
    String t0 = diskstats(0, 100, 0) + "   8      16 sdb 0 0 0 0 0 0 100 0 0 0 0 0 0 0 0\n";
    String t1 = diskstats(0, 300, 250) + "   8      16 sdb 0 0 0 0 0 0 500 0 0 500 0 0 0 0 0\n";
    DiskStatsProbe p = new DiskStatsProbe(List.of("sda", "sdb"), texts(t0, t1));
    p.begin(0);
    assertThat(cellsAt(p, 500_000_000L)).containsExactly(Long.toString(600L * 512), "0", "100");
    assertThatThrownBy(() -> new DiskStatsProbe(List.of(), texts()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void hwmonMillidegreesAndImplausibleValues() {
    assertThat(HwmonTemperatureSensor.parseMillidegrees("41850\n")).hasValue(41.85);
    assertThat(HwmonTemperatureSensor.parseMillidegrees("-273150")).isEmpty();
    assertThat(HwmonTemperatureSensor.parseMillidegrees("n/a")).isEmpty();
    assertThat(HwmonTemperatureSensor.parseMillidegrees(null)).isEmpty();
  }

  @Test
  void hwmonIsAskedAtMostOncePerSecond(@TempDir Path dir) throws Exception {
    Path input = dir.resolve("temp1_input");
    Files.writeString(input, "40000\n");
    AtomicLong clock = new AtomicLong(0);
    HwmonTemperatureSensor s =
        new HwmonTemperatureSensor(
            input, "hwmon:nvme Composite", clock::get, Duration.ofSeconds(1));
    assertThat(s.read()).hasValue(40.0);
    Files.writeString(input, "45000\n");
    clock.set(500_000_000L);
    assertThat(s.read()).hasValue(40.0); // kept: the drive is not asked again yet
    clock.set(1_000_000_000L);
    assertThat(s.read()).hasValue(45.0);
    Files.delete(input);
    clock.set(2_000_000_000L);
    assertThat(s.read()).isEmpty(); // the sensor went away: nothing, not the old value
  }

  @Test
  void smartctlSensorKeepsTheLastReadingOnlyWhileItIsFresh() {
    AtomicLong clock = new AtomicLong(0);
    Deque<OptionalDouble> readings =
        new ArrayDeque<>(
            List.of(
                OptionalDouble.of(41),
                OptionalDouble.empty(),
                OptionalDouble.of(-273),
                OptionalDouble.of(47)));
    SmartctlTemperatureSensor s =
        new SmartctlTemperatureSensor(
            readings::removeFirst, Duration.ofSeconds(10), clock::get, false);
    assertThat(s.read()).isEmpty(); // nothing polled yet
    s.pollNow();
    assertThat(s.read()).hasValue(41);
    clock.set(Duration.ofSeconds(10).toNanos());
    s.pollNow(); // smartctl gave nothing: the last value stands while fresh
    assertThat(s.read()).hasValue(41);
    clock.set(Duration.ofSeconds(20).toNanos());
    s.pollNow(); // an impossible value is not a reading
    clock.set(Duration.ofSeconds(31).toNanos());
    assertThat(s.read()).isEmpty(); // older than three cadences: no made-up number
    s.pollNow();
    assertThat(s.read()).hasValue(47);
    assertThat(s.source()).isEqualTo("smartctl");
    s.close();
  }

  @Test
  void smartctlSensorSurvivesAFailingPoll() {
    SmartctlTemperatureSensor s =
        new SmartctlTemperatureSensor(
            () -> {
              throw new IllegalStateException("smartctl died");
            },
            Duration.ofSeconds(10),
            () -> 0L,
            false);
    s.pollNow();
    assertThat(s.read()).isEmpty();
  }

  @Test
  void linkCeilings() {
    assertThat(LinkInfo.usb("480", "2.10", "usb-storage", null).ceilingMBps()).isEqualTo(40.0);
    assertThat(LinkInfo.usb("5000", null, "uas", null).ceilingMBps()).isEqualTo(450.0);
    assertThat(LinkInfo.usb("10000", null, "uas", null).ceilingMBps()).isEqualTo(1000.0);
    assertThat(LinkInfo.usb("20000", null, "uas", null).description())
        .isEqualTo("USB 3.2 Gen 2x2 (20 Gb/s), uas");
    assertThat(LinkInfo.usb("fast", null, null, null)).isNull();
    assertThat(LinkInfo.pcie("8.0 GT/s PCIe", "4", null, null).ceilingMBps()).isEqualTo(3742.0);
    assertThat(LinkInfo.pcie("16.0 GT/s PCIe", "4", null, null).ceilingMBps()).isEqualTo(7483.0);
    assertThat(LinkInfo.pcie("2.5 GT/s PCIe", "1", "8.0 GT/s PCIe", "4").description())
        .isEqualTo("PCIe Gen1 x1 (device can do Gen3 x4)");
    assertThat(LinkInfo.pcie("2.5 GT/s", "1", null, null).ceilingMBps()).isEqualTo(238.0);
    assertThat(LinkInfo.pcie("Unknown", "255", null, null)).isNull();
    assertThat(LinkInfo.sata("6.0 Gbps").ceilingMBps()).isEqualTo(558.0);
    assertThat(LinkInfo.sata("3.0 Gb/s").ceilingMBps()).isEqualTo(279.0);
    assertThat(LinkInfo.sata("<unknown>")).isNull();
  }

  @Test
  void identityFallbacks() {
    assertThat(DriveIdentity.of("sdb", 1, "M", "S1", "naa.5", null, null).kind())
        .isEqualTo("model+serial");
    assertThat(DriveIdentity.of("sdb", 1, "M", "000000000000", "naa.5", null, null).key())
        .isEqualTo("wwn:naa.5");
    assertThat(DriveIdentity.of("loop0", 1, null, null, null, "/x.img", null).key())
        .isEqualTo("loop:/x.img");
    assertThat(DriveIdentity.of("vda", 1, null, null, null, null, "abc").key())
        .isEqualTo("serial:abc");
    assertThat(DriveIdentity.of("vdb", 42, null, null, null, null, null).key()).isEqualTo("vdb:42");
  }
}
