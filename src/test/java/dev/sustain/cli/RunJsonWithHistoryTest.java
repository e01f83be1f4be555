package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run.json is the run's own, whether a history records the run or not: a write with {@code --db
 * none} and the same write recorded in a history leave the same keys, in the same order, with the
 * same values, but for what differs between any two runs (the ids, the times and the rates measured
 * in them, the free bytes and the temperature before) and {@code before.idle_s}, which only a
 * history knows, and only from the drive's second run in it (docs/FORMATS.md, "before").
 */
class RunJsonWithHistoryTest {

  /**
   * What any two runs of the same write differ in: their ids (the pattern's is the run's), their
   * times (the layout's note tells its own), their rates.
   */
  private static final Set<String> OF_THE_RUN =
      Set.of(
          "run_id",
          "pattern_id",
          "layout_note",
          "pid",
          "started",
          "ended",
          "test_file",
          "seconds",
          "average_MBps",
          "flush_s",
          "first_completion_s",
          "layout_s",
          "min",
          "median",
          "max",
          "free_bytes",
          "temp_C");

  @TempDir Path dir;

  @Test
  void aRecordedRunsRunJsonIsTheOneItHasWithoutAHistoryButForItsIdle() throws Exception {
    Path target = Files.createDirectories(dir.resolve("drive"));
    Path db = dir.resolve("history.db");
    Map<String, String> none = write(target, "none", "none");
    Map<String, String> first = write(target, "first", db.toString());
    Map<String, String> second = write(target, "second", db.toString());

    Cli.Result h = Cli.ok("history", "--db", db, "--json");
    assertThat(RunFolder.JSON.readTree(h.out()).path("runs")).as("both recorded").hasSize(2);
    assertThat(none).containsEntry("/before/idle_s", "null");
    assertThat(first).as("the drive's first run in the history").isEqualTo(none);
    assertThat(second.keySet())
        .as("the same keys in the same order")
        .containsExactlyElementsOf(none.keySet());
    Map<String, String> differs = new LinkedHashMap<>();
    second.forEach(
        (pointer, value) -> {
          if (!value.equals(none.get(pointer))) {
            differs.put(pointer, value);
          }
        });
    assertThat(differs).containsOnlyKeys("/before/idle_s");
    assertThat(Double.parseDouble(differs.get("/before/idle_s"))).isGreaterThanOrEqualTo(0);
  }

  /** A small write into {@code target}, its run.json's leaves by pointer, in their order. */
  private Map<String, String> write(Path target, String name, String db) throws Exception {
    Path out = dir.resolve(name);
    Cli.ok("write", target, "--size", "4MiB", "--interval", "100ms", "--out", out, "--db", db);
    Map<String, String> leaves = new LinkedHashMap<>();
    flatten("", "", RunFolder.JSON.readTree(out.resolve("run.json").toFile()), leaves);
    return leaves;
  }

  private static void flatten(String pointer, String key, JsonNode node, Map<String, String> out) {
    if (node.isObject()) {
      node.properties()
          .forEach(e -> flatten(pointer + "/" + e.getKey(), e.getKey(), e.getValue(), out));
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        flatten(pointer + "/" + i, key, node.get(i), out);
      }
    } else {
      out.put(
          pointer, OF_THE_RUN.contains(key) && !node.isNull() ? "(of the run)" : node.toString());
    }
  }
}
