package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.analysis.Shape;
import dev.sustain.report.RunContext.Stop;
import dev.sustain.report.RunContext.Target;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The words in the run's context: advice to write longer gives way to what ended the run (the size
 * cap of --until floor, the time, all the space there was), and a target that is no drive gets no
 * drive's cache, floor or advice in any of the text, the JSON, the summary or the headline.
 */
class ContextWordsTest {

  private static final long GIB = 1L << 30;

  /** {@code seconds} one-second intervals at each rate in turn. */
  static Analysis curve(double[] mbps, int[] seconds) {
    SampleSeries.Builder b = SampleSeries.builder(64);
    int t = 0;
    for (int k = 0; k < mbps.length; k++) {
      for (int i = 0; i < seconds[k]; i++) {
        // A little alternation, as a real curve has: a flat line of one value is no sample.
        b.add(++t, mbps[k] * (i % 2 == 0 ? 1.01 : 0.99));
      }
    }
    return Analyzer.analyze(b.build());
  }

  static Analysis tooShort() {
    Analysis a = curve(new double[] {1000}, new int[] {5});
    assertThat(a.shape()).isEqualTo(Shape.UNDETERMINED);
    return a;
  }

  static Analysis flat() {
    Analysis a = curve(new double[] {2100}, new int[] {60});
    assertThat(a.shape()).isEqualTo(Shape.FLAT);
    return a;
  }

  static RunContext drive(String command, String until, Long size, Double time, Stop stop) {
    return new RunContext(
        command, Target.DRIVE, "", until, size, time, stop, 5_000_000_000L, false);
  }

  static RunContext memory() {
    return new RunContext(
        "write", Target.MEMORY, "memory (tmpfs)", null, GIB, null, Stop.SIZE, GIB, false);
  }

  static String text(Analysis a, RunContext c) {
    return AnalysisText.format(null, a, List.of(), c);
  }

  @Test
  void theSizeCapOfUntilFloorIsNamedInsteadOfUntilFloor() {
    Analysis a = tooShort();
    String plain = text(a, RunContext.NONE);
    assertThat(plain).contains("'sustain write TARGET --until floor' runs until the floor");
    String t = text(a, drive("write", "floor", GIB, null, Stop.SIZE));
    assertThat(t)
        .contains(
            "The size cap ended the run before the floor: the --size of 1.1 GB (1 GiB) was"
                + " written")
        .contains("give a larger --size")
        .contains("or leave --size out and let the floor end the run")
        .doesNotContain("'sustain write TARGET --until floor' runs");
    assertThat(SummarySentence.summary(a, drive("write", "floor", GIB, null, Stop.SIZE)))
        .contains("The size cap ended the run before the floor")
        .doesNotContain("Write longer");
  }

  @Test
  void aFillThatFilledTheFileSystemWroteAllItCould() {
    Analysis a = tooShort();
    RunContext fill = drive("fill", null, null, null, Stop.FULL);
    String t = text(a, fill);
    assertThat(t)
        .contains("It filled the file system (5.0 GB): it wrote all it could")
        .contains("a longer write does not fit here")
        .doesNotContain("Write longer");
    assertThat(AnalysisJson.toNode(a, fill).path("advice").get(0).asText())
        .startsWith("It filled the file system");
    RunContext space = drive("write", "floor", null, null, Stop.SPACE);
    assertThat(text(a, space))
        .contains("It wrote all the free space it was allowed (the free space less a margin)")
        .doesNotContain("Write longer");
  }

  @Test
  void aTimeLimitAndAPlainSizeSayWhichLimitEndedTheRun() {
    Analysis a = tooShort();
    assertThat(text(a, drive("write", null, null, 5.0, Stop.TIME)))
        .contains(
            "The run ended at the --time of 5.00s before a shape showed: give a longer --time");
    assertThat(text(a, drive("write", "floor", null, 5.0, Stop.TIME)))
        .contains("The time limit ended the run before the floor: the --time of 5.00s was up");
    assertThat(text(a, drive("write", null, GIB, null, Stop.SIZE)))
        .contains("The run ended at the --size of 1.1 GB (1 GiB) before a shape showed");
  }

  @Test
  void aCurveThatMayGoLowerSaysWhatEndedIt() {
    Analysis a = curve(new double[] {2000, 500, 200}, new int[] {10, 70, 4});
    assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
    assertThat(a.floorMayBeLower()).isTrue();
    assertThat(text(a, RunContext.NONE)).contains("Write longer (--until floor)");
    String capped = text(a, drive("write", "floor", GIB, null, Stop.SIZE));
    assertThat(capped)
        .contains("The size cap ended the run before the floor")
        .contains("to see whether it settles lower still")
        .doesNotContain("Write longer (--until floor)");
    assertThat(text(a, drive("fill", null, null, null, Stop.FULL)))
        .contains("it wrote all it could: whether it settles lower still cannot be seen here")
        .doesNotContain("Write longer (--until floor)");
  }

  @Test
  void memoryIsNamedAsMemoryNeverAsADrive() {
    Analysis a = flat();
    assertThat(text(a, RunContext.NONE))
        .contains("Nothing to do: the drive holds its rate")
        .contains("cache       at least");
    RunContext c = memory();
    String t = text(a, c);
    assertThat(t)
        .contains("shape       flat — memory (tmpfs): ")
        .contains(" measures memory and the CPU, not a drive")
        .contains("target      memory (tmpfs): not a drive, so no drive's cache or floor")
        .contains("The target is memory (tmpfs): the writes never reached a drive")
        .contains("Nothing here is a drive's: to test a drive, give a folder on it")
        .doesNotContain("Nothing to do: the drive holds its rate")
        .doesNotContain("cache       at least")
        .doesNotContain("No cliff in the first")
        .doesNotContain("the cache, if any");
    assertThat(Explanation.headline(a, c)).matches("memory \\(tmpfs\\): 2\\d\\d\\d MB/s .*");
    assertThat(SummarySentence.summary(a, c))
        .startsWith("This is memory (tmpfs), not a drive")
        .doesNotContain("its cache (if any)");
    assertThat(AnalysisJson.toNode(a, c).path("target").asText()).isEqualTo("memory");
    assertThat(AnalysisJson.toNode(a, RunContext.NONE).has("target")).isFalse();
  }

  @Test
  void aLoopDeviceOverAFileHasNoDriveCacheEvenWithACliff() {
    // The host's page cache takes writes at memory's pace until its dirty limit, then the file's.
    Analysis a = curve(new double[] {2743, 300}, new int[] {8, 60});
    assertThat(a.hasCliff()).isTrue();
    RunContext c =
        new RunContext(
            "write",
            Target.LOOP_FILE,
            "ext4 on /dev/loop1, a loop device over the file /var/tmp/x.img",
            null,
            40 * GIB,
            null,
            Stop.SIZE,
            40 * GIB,
            false);
    String t = text(a, c);
    assertThat(t)
        .contains("ext4 on /dev/loop1, a loop device over the file /var/tmp/x.img: ")
        .contains("measures the host's page cache and the file system under the file, not a drive")
        .contains("the host's page cache had filled with data not yet written")
        .contains("To test the drive under it")
        .doesNotContain("the fast cache was full")
        .doesNotContain("Jobs up to about");
    assertThat(SummarySentence.summary(a, RunContext.NONE)).contains("that is its cache");
    assertThat(SummarySentence.summary(a, c)).doesNotContain("that is its cache");
  }
}
