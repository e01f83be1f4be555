package dev.sustain.group;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The group's combined samples: rows of targets with their own clocks, on one clock. */
class GroupSamplesTest {

  private static final long SECOND = 1_000_000_000L;

  @TempDir Path dir;

  record Row(double time, double[] rates, double sum) {}

  private final List<Row> rows = new ArrayList<>();

  private GroupSamples samples(List<String> names, long intervalNanos, long... notBefore)
      throws Exception {
    GroupSamples g =
        new GroupSamples(
            dir.resolve("samples.csv"),
            names,
            intervalNanos,
            (t, r, s) -> rows.add(new Row(t, r.clone(), s)));
    g.open(java.util.Arrays.stream(notBefore).min().orElseThrow(), notBefore);
    return g;
  }

  /**
   * Targets 0 and 1 each write a whole second's row of {@code aBytes} and {@code bBytes} in each of
   * the {@code seconds} seconds after {@code t0}.
   */
  private static void bothWrite(GroupSamples g, long t0, int seconds, long aBytes, long bBytes) {
    for (int k = 1; k <= seconds; k++) {
      g.row(0, t0 + k * SECOND, 1.0, aBytes, true);
      g.row(1, t0 + k * SECOND, 1.0, bBytes, true);
    }
  }

  @Test
  void twoAlignedTargetsGiveTheirRatesAndTheSum() throws Exception {
    long t0 = 1_000 * SECOND;
    try (GroupSamples g = samples(List.of("a", "b"), SECOND, t0, t0)) {
      bothWrite(g, t0, 3, 100_000_000, 50_000_000);
      g.ended(0);
      g.ended(1);
    }
    assertThat(Files.readAllLines(dir.resolve("samples.csv")))
        .containsExactly(
            "time_s,a_MBps,b_MBps,sum_MBps", "1,100,50,150", "2,100,50,150", "3,100,50,150");
    assertThat(rows).hasSize(3);
    assertThat(rows.getFirst().sum()).isEqualTo(150);
  }

  @Test
  void aFlushIsNotWriting() throws Exception {
    long t0 = 1_000 * SECOND;
    try (GroupSamples g = samples(List.of("a", "b"), SECOND, t0, t0)) {
      bothWrite(g, t0, 2, 10_000_000, 10_000_000);
      g.row(0, t0 + 3 * SECOND, 1.0, 0, false); // a's final fsync
      g.row(1, t0 + 3 * SECOND, 1.0, 10_000_000, true);
      g.ended(0);
      g.ended(1);
    }
    assertThat(Files.readAllLines(dir.resolve("samples.csv")).getLast()).isEqualTo("3,,10,10");
  }

  @Test
  void aRowIsWrittenOnlyOnceEveryTargetHasReportedPastIt() throws Exception {
    long t0 = 1_000 * SECOND;
    try (GroupSamples g = samples(List.of("a", "b"), SECOND, t0, t0)) {
      g.row(0, t0 + SECOND, 1.0, 1_000_000, true);
      g.row(0, t0 + 2 * SECOND, 1.0, 1_000_000, true);
      assertThat(rows).as("b has said nothing yet").isEmpty();
      g.row(1, t0 + SECOND, 1.0, 2_000_000, true);
      assertThat(rows).hasSize(1);
      g.ended(1);
      assertThat(rows).as("b ended: a alone decides").hasSize(2);
      assertThat(rows.get(1).rates()[1]).isNaN();
    }
  }

  @Test
  void aStaggeredTargetIsEmptyBeforeItsTurnAndAnEndedOneAfterItsEnd() throws Exception {
    long t0 = 1_000 * SECOND;
    try (GroupSamples g = samples(List.of("a", "b"), SECOND, t0, t0 + 2 * SECOND)) {
      g.row(0, t0 + SECOND, 1.0, 10_000_000, true);
      assertThat(rows).as("b cannot have written before its turn").hasSize(1);
      g.row(0, t0 + 2 * SECOND, 1.0, 10_000_000, true);
      g.row(0, t0 + 3 * SECOND, 1.0, 10_000_000, true);
      g.row(1, t0 + 3 * SECOND, 1.0, 20_000_000, true);
      g.ended(0);
      g.row(1, t0 + 4 * SECOND, 1.0, 20_000_000, true);
      g.ended(1);
    }
    assertThat(Files.readAllLines(dir.resolve("samples.csv")))
        .containsExactly(
            "time_s,a_MBps,b_MBps,sum_MBps", "1,10,,10", "2,10,,10", "3,10,20,30", "4,,20,20");
  }

  static LongStream seeds() {
    return LongStream.range(0, 40);
  }

  /**
   * Targets whose samplers start at random moments, wake late by random amounts and end at random
   * times: every column adds up to its target's bytes, and no cell is written where a target was
   * not writing.
   */
  @ParameterizedTest
  @MethodSource("seeds")
  void bytesAddUpWhateverTheTargetsClocks(long seed) throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    int n = 2 + r.nextInt(3);
    long interval = SECOND / (1 + r.nextInt(4));
    long t0 = 5_000 * SECOND;
    List<String> names = new ArrayList<>();
    long[] notBefore = new long[n];
    for (int i = 0; i < n; i++) {
      names.add("t" + i);
      notBefore[i] = t0 + r.nextLong(3 * interval);
    }
    long[] total = new long[n];
    // Every target's rows, in one time order, as their sampler threads would report them.
    record Event(long at, int target, double seconds, long bytes) {}
    List<Event> events = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long start = notBefore[i] + r.nextLong(interval / 5);
      long last = start;
      int count = 3 + r.nextInt(20);
      for (int k = 1; k <= count; k++) {
        long end = start + k * interval + r.nextLong(interval / 3); // a late wake-up
        long bytes = r.nextLong(50_000_000);
        events.add(new Event(end, i, (end - last) / 1e9, bytes));
        total[i] += bytes;
        last = end;
      }
    }
    events.sort((x, y) -> Long.compare(x.at(), y.at()));
    try (GroupSamples g = samples(names, interval, notBefore)) {
      int[] left = new int[n];
      for (Event e : events) {
        left[e.target()]++;
      }
      for (Event e : events) {
        g.row(e.target(), e.at(), e.seconds(), e.bytes(), true);
        if (--left[e.target()] == 0) {
          g.ended(e.target());
        }
      }
    }
    List<String> lines = Files.readAllLines(dir.resolve("samples.csv"));
    double seconds = interval / 1e9;
    for (int i = 0; i < n; i++) {
      double mb = 0;
      boolean started = false;
      boolean ended = false;
      for (String line : lines.subList(1, lines.size())) {
        String cell = line.split(",", -1)[i + 1];
        if (cell.isEmpty()) {
          ended |= started;
          continue;
        }
        assertThat(ended).as("seed %d: target %d has no gap in the middle", seed, i).isFalse();
        started = true;
        mb += Double.parseDouble(cell) * seconds;
      }
      assertThat(mb).as("seed %d: target %d", seed, i).isCloseTo(total[i] / 1e6, within(0.02));
    }
    for (Row row : rows) {
      double sum = 0;
      for (double v : row.rates()) {
        sum += Double.isNaN(v) ? 0 : v;
      }
      assertThat(row.sum()).as("seed %d at %s", seed, row.time()).isCloseTo(sum, within(1e-6));
    }
  }
}
