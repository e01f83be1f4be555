package dev.sustain.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.sampling.SampleRow;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.testing.Golden;
import dev.sustain.testing.TestWriteParams;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seals the machine-readable formats of a run folder: run.json and samples.csv must come out byte
 * for byte as the golden files, whatever the JVM's locale. Regenerate deliberately with {@code
 * -Dsustain.updateGolden=true} and review the diff.
 */
class GoldenFilesTest {

  @ParameterizedTest
  @ValueSource(strings = {"en-US", "de-DE", "fr-FR"})
  void runJson(String locale) throws Exception {
    Golden.inLocale(
        locale,
        () -> {
          WriteParams p =
              TestWriteParams.of(
                  "/mnt/ext",
                  322_122_547_200L,
                  null,
                  f -> {
                    f.duration = Duration.ofMinutes(20);
                    f.engine = "threads";
                  });
          Path file = Path.of("/mnt/ext/sustain-test-20261130-101500-abcd.dat");
          ObjectNode json =
              RunJson.start(
                  "20261130-101500-abcd",
                  "write",
                  file,
                  null,
                  p,
                  "threads",
                  "random",
                  Instant.parse("2026-11-30T10:15:00Z"));
          // This host and process, replaced in place (the fields keep their order) by fixed ones.
          json.put("host", "bench-1").put("pid", 4242).put("cpu_cores", 2);
          WriteResult r =
              new WriteResult(
                  "20261130-101500-abcd",
                  Path.of("/runs/x"),
                  file,
                  false,
                  322_122_547_200L,
                  496.3215,
                  20.5,
                  RunStatus.COMPLETE,
                  null,
                  new IntervalRates(497, 0.0, 256.25, 2555.5),
                  null);
          RunJson.finish(json, r, Instant.parse("2026-11-30T10:23:16.5Z"));
          Golden.assertMatches("run.json", RunFolder.JSON.writeValueAsString(json) + "\n");
        });
  }

  @ParameterizedTest
  @ValueSource(strings = {"en-US", "de-DE", "fr-FR"})
  void samplesCsv(String locale, @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Golden.inLocale(
        locale,
        () -> {
          Path file = dir.resolve("samples.csv");
          try (SamplesCsv csv = new SamplesCsv(file, "write_MBps", List.of("dev_write_bytes"))) {
            csv.onSample(
                new SampleRow(
                    1,
                    1,
                    2555.123456,
                    2_555_123_456L,
                    2437,
                    12.5,
                    30.25,
                    41.125,
                    87.25,
                    48.0,
                    List.of("2555123456"),
                    SamplesCsv.WRITE));
            csv.onSample(
                new SampleRow(
                    2,
                    1,
                    0,
                    0,
                    0,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    0.5,
                    Double.NaN,
                    List.of(""),
                    SamplesCsv.WRITE));
            csv.onSample(
                new SampleRow(
                    2.4,
                    0.4,
                    127.5,
                    51_000_000L,
                    49,
                    250,
                    1000.5,
                    1500,
                    3,
                    51.5,
                    List.of("51000000"),
                    SamplesCsv.WRITE));
            csv.onSample(
                new SampleRow(
                    3.15,
                    0.75,
                    0,
                    0,
                    0,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    0.2,
                    51.5,
                    List.of("4096"),
                    SamplesCsv.FLUSH));
          }
          Golden.assertMatches("samples.csv", Files.readString(file, StandardCharsets.UTF_8));
        });
  }
}
