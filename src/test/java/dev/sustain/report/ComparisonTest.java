package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {

  @TempDir Path dir;

  @Test
  void theSamePeakOnAllThreeAndFloorsThatDiffer() throws Exception {
    // Three drives behind one 10 Gb link: the same burst, floors 1100, 450 and 122 MB/s.
    Path a = Curves.cliff(dir.resolve("a.csv"), 940, 120, 900, 400);
    Path b = Curves.cliff(dir.resolve("b.csv"), 925, 100, 450, 400);
    Path c = Curves.cliff(dir.resolve("c.csv"), 950, 90, 122, 400);
    Comparison cmp = Comparison.load(List.of(a, b, c), null, 500_000_000_000L);
    String all = String.join("\n", cmp.findings());
    assertThat(all).contains("The same peak on all three").contains("the link");
    assertThat(all).containsPattern("Floors differ 7x: a holds 9\\d\\d MB/s");
    assertThat(all).contains("For a 500 GB job, a finishes first");
    assertThat(cmp.rows()).extracting(r -> r.curve().label()).containsExactly("a", "b", "c");
    // The fastest finisher has the smallest projected time, and it is the analysis's own.
    double best = cmp.rows().stream().mapToDouble(Comparison.Row::jobSeconds).min().orElseThrow();
    assertThat(cmp.rows().get(0).jobSeconds()).isEqualTo(best);
    assertThat(cmp.rows().get(0).jobSeconds())
        .isEqualTo(cmp.curves().get(0).analysis().projection().seconds());
  }

  @Test
  void differentPeaksAndTheHighestPeakLosesTheLongJob() throws Exception {
    Path fast = Curves.cliff(dir.resolve("fast.csv"), 2555, 110, 127, 400);
    Path steady = Curves.cliff(dir.resolve("steady.csv"), 1524, 145, 1132, 400);
    Comparison cmp = Comparison.load(List.of(fast, steady), null, 500_000_000_000L);
    String all = String.join("\n", cmp.findings());
    assertThat(all).contains("Bursts differ 1.7x").doesNotContain("same peak");
    assertThat(all).contains("The highest peak is not the fastest for this job: fast");
    assertThat(all).contains("steady finishes first");
  }

  @Test
  void withoutAJobSizeTheLargestRunIsTheJob() throws Exception {
    Path small = Curves.cliff(dir.resolve("small.csv"), 900, 50, 400, 100);
    Path big = Curves.cliff(dir.resolve("big.csv"), 900, 50, 400, 300);
    Comparison cmp = Comparison.load(List.of(small, big), null, -1);
    long bigBytes = cmp.curves().get(1).series().totalBytes();
    assertThat(cmp.jobBytes()).isEqualTo(bigBytes);
    assertThat(cmp.jobAsked()).isFalse();
    assertThat(cmp.findings().get(0)).contains("the size of the largest run here");
  }

  @Test
  void twoRunsOfOneDriveGetTellableLabels() throws Exception {
    Path one = Curves.cliff(dir.resolve("x.csv"), 900, 50, 400, 100);
    Comparison cmp = Comparison.load(List.of(one, one), null, -1);
    assertThat(cmp.rows()).extracting(r -> r.curve().label()).containsExactly("x", "x #2");
  }

  @Test
  void noRatioAgainstABurstOrFloorNextToZero() throws Exception {
    // A drive that barely wrote: its rates are a few kB/s, a ratio against them means nothing.
    Path good = Curves.cliff(dir.resolve("good.csv"), 900, 50, 400, 120);
    Path dead = Curves.cliff(dir.resolve("dead.csv"), 0.005, 50, 0.004, 120);
    Comparison cmp = Comparison.load(List.of(good, dead), null, -1);
    String all = String.join("\n", cmp.findings());
    assertThat(all)
        .contains("Bursts differ: good starts at 9")
        .contains("dead at 0.01 MB/s, next to nothing.")
        .contains("Floors differ: good holds")
        .doesNotContainPattern("\\d{3,}x");
  }

  @Test
  void ratiosStayForRealRates() throws Exception {
    // Just above the near-zero line, a ratio is a fact again.
    Path good = Curves.cliff(dir.resolve("good.csv"), 300, 50, 200, 120);
    Path slow = Curves.cliff(dir.resolve("slow.csv"), 3, 50, 2, 120);
    String all = String.join("\n", Comparison.load(List.of(good, slow), null, -1).findings());
    assertThat(all).contains("Bursts differ 100x").contains("Floors differ 100x");
  }
}
