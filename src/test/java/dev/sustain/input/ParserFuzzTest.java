package dev.sustain.input;

import static dev.sustain.testing.Generators.anyDouble;
import static dev.sustain.testing.Generators.anyLong;
import static dev.sustain.testing.Generators.anyString;
import static dev.sustain.testing.Generators.listOf;
import static dev.sustain.testing.Generators.pick;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.expect.Expectation;
import dev.sustain.pattern.Patterns;
import dev.sustain.testing.Fuzz;
import dev.sustain.testing.Seeded;
import dev.sustain.testing.Seeds;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Random input for every parser of user files and strings: a CSV, a fio log, a run folder, a
 * prediction, a pattern. Whatever comes in, the only thing that may escape is the parser's own
 * one-line error (which the CLI prints with exit 2), never another exception.
 */
class ParserFuzzTest {

  /** Text that looks a little like the real thing: numbers, commas, headers, junk. */
  static String curveLikeText(SplittableRandom r) {
    return String.join(
        "\n",
        listOf(r, 0, 30, line -> String.join(",", listOf(line, 0, 7, ParserFuzzTest::token))));
  }

  private static String token(SplittableRandom r) {
    return switch (r.nextInt(4)) {
      case 0 ->
          pick(
              r,
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
              "\t");
      case 1 -> anyString(r, 6);
      case 2 -> Double.toString(anyDouble(r));
      default -> Long.toString(anyLong(r));
    };
  }

  /**
   * Writes the text as UTF-8 (a lone surrogate becomes '?'), and now and then with one byte made
   * random, so files that are not UTF-8 come up too.
   */
  private static void writeText(Path file, String text, SplittableRandom r)
      throws java.io.IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (bytes.length > 0 && r.nextInt(5) == 0) {
      bytes[r.nextInt(bytes.length)] = (byte) r.nextInt(256);
    }
    Files.write(file, bytes);
  }

  private static void readAndOnlyRefuseCleanly(Path file) {
    try {
      ImportedCurve c = CurveReader.read(file);
      assertThat(c.series()).isNotNull();
    } catch (InputFormatException expected) {
      assertThat(expected.getMessage()).isNotBlank().doesNotContain("\n");
    }
  }

  @Seeded(300)
  void csvAndFioLogsNeverThrowAnythingElse(long seed) {
    inAFreshFolder(
        seed,
        (r, dir) -> {
          Path file = dir.resolve("curve.csv");
          writeText(file, curveLikeText(r), r);
          readAndOnlyRefuseCleanly(file);
        });
  }

  @Seeded(200)
  void runFoldersNeverThrowAnythingElse(long seed) {
    inAFreshFolder(
        seed,
        (r, dir) -> {
          writeText(dir.resolve("samples.csv"), "time_s,write_MBps,bytes\n" + curveLikeText(r), r);
          writeText(dir.resolve("run.json"), anyString(r), r);
          readAndOnlyRefuseCleanly(dir);
        });
  }

  @Seeded(500)
  void predictionsAndPatternsNeverThrowAnythingElse(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          String text = anyString(r);
          Fuzz.readsOrRefusesInWords(text, Expectation::parse);
          Fuzz.readsOrRefusesInWords(text, Patterns::parse);
        });
  }

  /** A fuzz case's body: its seed's random source and a folder of its own. */
  @FunctionalInterface
  private interface InFolder {
    void run(SplittableRandom random, Path dir) throws Exception;
  }

  /** Runs {@code body} as {@link Seeds#withSeed} does, in a new folder removed after it. */
  private static void inAFreshFolder(long seed, InFolder body) {
    Seeds.withSeed(
        seed,
        r -> {
          Path dir = Files.createTempDirectory("fuzz");
          try {
            body.run(r, dir);
          } finally {
            deleteTree(dir);
          }
        });
  }

  private static void deleteTree(Path dir) throws java.io.IOException {
    try (var files = Files.walk(dir)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
