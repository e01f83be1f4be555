package dev.sustain.blind;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.cli.Cli;
import dev.sustain.testing.Seeds;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs {@code sustain analyze --json} (in process, as a black box) on every blind curve and tallies
 * per class how often it is read right. A miss does not fail the build: the table goes to {@code
 * target/blind-report.md}, with each miss's parameters, and the curve itself to {@code
 * target/blind-curves/}. What fails: a generator that makes an ill-formed curve, a class that did
 * not run, and, under {@code -Dsustain.blindStrict=true}, a class read right less often than its
 * recorded baseline (baseline.properties, at the default seeds).
 */
class BlindHarnessTest {

  static final int CURVES_PER_CLASS = 25;

  /**
   * Curves per class this run: {@link #CURVES_PER_CLASS}, or {@code -Dsustain.blindCount=N} to read
   * more seeds than the rules were tuned on (with {@code -Dsustain.seedBase=26}: the unseen seeds).
   * The seeds' curves do not depend on the count, so seeds 1-25 stay the same curves.
   */
  static int curvesPerClass() {
    String count = System.getProperty("sustain.blindCount", "").strip();
    return count.isEmpty() ? CURVES_PER_CLASS : Integer.parseInt(count);
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final BlindReport REPORT = new BlindReport();
  private static long startNanos;
  private static final java.util.concurrent.atomic.AtomicLong ANALYSIS_NANOS =
      new java.util.concurrent.atomic.AtomicLong();

  @TempDir static Path scratch;

  static Stream<Arguments> curves() {
    List<Arguments> all = new ArrayList<>();
    for (DriveClass c : DriveClass.selected()) {
      Seeds.first(curvesPerClass()).forEach(seed -> all.add(Arguments.of(c, seed)));
    }
    return all.stream();
  }

  @BeforeAll
  static void start() {
    startNanos = System.nanoTime();
  }

  @ParameterizedTest(name = "{0} seed {1}")
  @MethodSource("curves")
  void analysisReadsTheCurve(DriveClass driveClass, long seed) throws Exception {
    BlindCurve curve = driveClass.generate(seed);
    WellFormed.check(curve);
    Path csv = scratch.resolve(driveClass + "-seed-" + seed + ".csv");
    Files.writeString(csv, curve.csv(), StandardCharsets.UTF_8);
    List<String> args = new ArrayList<>(List.of("analyze", csv.toString(), "--json"));
    if (curve.media() != null) {
      args.add("--media=" + curve.media());
    }
    long before = System.nanoTime();
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    ANALYSIS_NANOS.addAndGet(System.nanoTime() - before);
    Verdict verdict;
    if (r.exitCode() != 0) {
      verdict = Verdict.refused(r.exitCode(), r.err());
    } else {
      JsonNode analysis = JSON.readTree(r.out());
      verdict = Verdict.of(curve, analysis);
    }
    REPORT.record(curve, driveClass, verdict);
    if (!verdict.right() || Boolean.getBoolean("sustain.blindKeepAll")) {
      Path kept = targetDir().resolve("blind-curves").resolve(csv.getFileName());
      Files.createDirectories(kept.getParent());
      Files.copy(csv, kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    Files.delete(csv);
  }

  @AfterAll
  static void writeTheTableAndCheckEveryClassRan() throws Exception {
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    REPORT.write(
        targetDir().resolve("blind-report.md"), command(), seconds, ANALYSIS_NANOS.get() / 1e9);
    long seedsPerClass = Seeds.first(curvesPerClass()).count();
    for (DriveClass c : DriveClass.selected()) {
      BlindReport.Tally t = REPORT.tally(c);
      assertThat(t).as("class %s ran", c).isNotNull();
      assertThat(t.curves).as("curves of %s", c).isEqualTo((int) seedsPerClass);
    }
    if (Boolean.getBoolean("sustain.blindStrict")) {
      atLeastTheBaseline();
    }
  }

  /** Every class right at least as often as recorded; only the default seeds compare. */
  private static void atLeastTheBaseline() throws Exception {
    assertThat(System.getProperty("sustain.seed", ""))
        .as("strict needs the default seeds")
        .isBlank();
    assertThat(System.getProperty("sustain.seedBase", "1").strip())
        .as("strict needs the default seeds")
        .isEqualTo("1");
    assertThat(curvesPerClass()).as("strict needs the default seeds").isEqualTo(CURVES_PER_CLASS);
    Map<String, Integer> baseline = BlindReport.baseline();
    for (DriveClass c : DriveClass.selected()) {
      assertThat(baseline).as("a baseline for %s", c).containsKey(c.word());
      assertThat(REPORT.tally(c).right)
          .as(
              "curves of %s read right (baseline %d of %d)",
              c, baseline.get(c.word()), CURVES_PER_CLASS)
          .isGreaterThanOrEqualTo(baseline.get(c.word()));
    }
  }

  private static Path targetDir() {
    return Path.of(System.getProperty("sustain.projectDir", ".")).resolve("target");
  }

  private static String command() {
    StringBuilder b =
        new StringBuilder(
            "./mvnw -B test -Dtest=BlindHarnessTest -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Dspotless.check.skip=true");
    // The report says which seeds it read, so a table from other seeds is not taken for 1-25.
    for (String name : List.of("sustain.seedBase", "sustain.blindCount", "sustain.seed")) {
      String value = System.getProperty(name, "").strip();
      if (!value.isEmpty()) {
        b.append(" -D").append(name).append('=').append(value);
      }
    }
    return b.toString();
  }
}
