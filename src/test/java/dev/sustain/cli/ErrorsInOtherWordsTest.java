package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.GermanLocale;
import dev.sustain.workload.Tmpfs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decisions follow the errno, not the words: on a system in German, where the JDK reports a full
 * disk as "Auf dem Gerät ist kein Speicherplatz mehr verfügbar", a fill through the threads engine
 * still ends as full and complete, not as a failure.
 */
class ErrorsInOtherWordsTest {

  @TempDir Path dir;

  @Test
  void aFillInGermanEndsFullNotFailed() throws Exception {
    var german = GermanLocale.environment(dir);
    try (Tmpfs fs = Tmpfs.mount(dir.resolve("mnt"), 24)) {
      Path out = dir.resolve("run");
      ProcessBuilder pb =
          new ProcessBuilder(
                  Cli.command(
                      "fill",
                      fs.dir().toString(),
                      "--engine",
                      "threads",
                      "--buffered",
                      "--file-size",
                      "10MB",
                      "--out",
                      out.toString()))
              .redirectErrorStream(true);
      pb.environment().putAll(german);
      Process p = pb.start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the fill ended").isTrue();
      assertThat(p.exitValue()).as(output).isZero();
      JsonNode json = RunFolder.JSON.readTree(out.resolve("run.json").toFile());
      assertThat(json.at("/result/status").asText()).as(output).isEqualTo("complete");
      assertThat(json.at("/result/end").asText()).as(output).isEqualTo("full");
      assertThat(json.at("/result/bytes").asLong()).isGreaterThan(20L << 20);
      try (var left = Files.list(fs.dir())) {
        assertThat(left.count()).as("the fill's files are removed").isZero();
      }
    }
  }
}
