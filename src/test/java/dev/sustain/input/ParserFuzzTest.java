package dev.sustain.input;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.expect.Expectation;
import dev.sustain.pattern.Patterns;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random input for every parser of user files and strings: a CSV, a fio log, a run folder, a
 * prediction, a pattern. Whatever comes in, the only thing that may escape is the parser's own
 * one-line error (which the CLI prints with exit 2), never another exception.
 */
class ParserFuzzTest {

  /** Text that looks a little like the real thing: numbers, commas, headers, junk. */
  @Provide
  Arbitrary<String> curveLikeText() {
    Arbitrary<String> token =
        Arbitraries.oneOf(
            Arbitraries.of(
                "time_s",
                "write_MBps",
                "temp_C",
                "bytes",
                "cpu_pct",
                "0",
                "1",
                "-1",
                "1e9",
                "NaN",
                "",
                " ",
                "1000",
                "2048",
                "W",
                "R",
                "1048576",
                "3.5",
                "0x10",
                "\"",
                "\t"),
            Arbitraries.strings().ofMaxLength(6),
            Arbitraries.doubles().map(d -> Double.toString(d)),
            Arbitraries.longs().map(l -> Long.toString(l)));
    Arbitrary<String> line = token.list().ofMaxSize(7).map(l -> String.join(",", l));
    return line.list().ofMaxSize(30).map(l -> String.join("\n", l));
  }

  private static void readAndOnlyRefuseCleanly(Path file) {
    try {
      ImportedCurve c = CurveReader.read(file);
      assertThat(c.series()).isNotNull();
    } catch (InputFormatException expected) {
      assertThat(expected.getMessage()).isNotBlank().doesNotContain("\n");
    }
  }

  @Property(tries = 300)
  void csvAndFioLogsNeverThrowAnythingElse(@ForAll("curveLikeText") String text) throws Exception {
    Path dir = Files.createTempDirectory("fuzz");
    try {
      Path file = dir.resolve("curve.csv");
      Files.writeString(file, text, StandardCharsets.UTF_8);
      readAndOnlyRefuseCleanly(file);
    } finally {
      deleteTree(dir);
    }
  }

  @Property(tries = 200)
  void runFoldersNeverThrowAnythingElse(
      @ForAll("curveLikeText") String samples, @ForAll String runJson) throws Exception {
    Path dir = Files.createTempDirectory("fuzz");
    try {
      Files.writeString(
          dir.resolve("samples.csv"),
          "time_s,write_MBps,bytes\n" + samples,
          StandardCharsets.UTF_8);
      Files.writeString(dir.resolve("run.json"), runJson, StandardCharsets.UTF_8);
      readAndOnlyRefuseCleanly(dir);
    } finally {
      deleteTree(dir);
    }
  }

  @Property(tries = 500)
  void predictionsAndPatternsNeverThrowAnythingElse(@ForAll String text) {
    for (Runnable parse :
        List.<Runnable>of(() -> Expectation.parse(text), () -> Patterns.parse(text))) {
      try {
        parse.run();
      } catch (IllegalArgumentException expected) {
        assertThat(expected.getMessage()).isNotBlank();
      }
    }
  }

  private static void deleteTree(Path dir) throws java.io.IOException {
    try (var files = Files.walk(dir)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
