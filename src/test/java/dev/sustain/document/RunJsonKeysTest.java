package dev.sustain.document;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Nobody but the codec reads run.json's keys. A key read from a parsed tree is a string literal
 * handed to Jackson ({@code .path("params")}, {@code .get("layout_s")}, {@code .at("/result/..")}),
 * which the compiler inlines and ArchUnit cannot see, so the sources are read: a class outside
 * {@code dev.sustain.document} that reads a key only run.json has fails, except the classes not
 * moved yet, listed below with why. The list only shrinks: a class that no longer reads a key must
 * leave it.
 */
class RunJsonKeysTest {

  /** Keys of run.json that no other JSON of this program reads by these names. */
  private static final String KEYS =
      "params|target|test_file|run_id|cpu_cores|host_cpu_cores|layout_s|layout_note"
          + "|first_completion_s|fixed_buffers|fixed_file|pattern_id|test_file_kept|floor_reached"
          + "|idle_s|free_bytes|capacity_bytes|limit_bytes|file_size_bytes|expected_bytes|bs_bytes"
          + "|interval_s|flush_s|started|ended|before|tool|no_device|target_size_bytes|size_bytes"
          + "|time_s|qd|until|keep|buffered|direct|pattern";

  private static final Pattern READ =
      Pattern.compile("\\.(path|get|has|at)\\(\"/?(" + KEYS + ")\\b");

  /** Readers not moved onto RunDocument yet, and why. */
  private static final Map<String, String> NOT_YET =
      Map.ofEntries(
          Map.entry(
              "serve/LiveFeeds.java", "a samples.csv row it made (time_s is a samples column)"),
          // The share document and the hub's answers have keys of their own that run.json's share
          // (capacity_bytes, before.free_bytes): these read those documents, not a run folder.
          Map.entry("share/HubModels.java", "the hub's answers (capacity_bytes)"),
          Map.entry("cli/ModelsText.java", "the hub's answers (capacity_bytes)"),
          Map.entry("cli/ShareText.java", "the share document (capacity_bytes, before)"),
          Map.entry("hub/HubApi.java", "the share document (capacity_bytes)"),
          Map.entry("hub/ShareCheck.java", "the share document (before)"));

  @Test
  void onlyTheCodecReadsRunJsonsKeys() throws IOException {
    Path main = Path.of("src/main/java/dev/sustain");
    Map<String, Integer> readers = new TreeMap<>();
    try (Stream<Path> files = Files.walk(main)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String name = main.relativize(file).toString().replace('\\', '/');
        if (name.startsWith("document/")) {
          continue;
        }
        Matcher m = READ.matcher(Files.readString(file));
        int n = 0;
        while (m.find()) {
          n++;
        }
        if (n > 0) {
          readers.put(name, n);
        }
      }
    }
    assertThat(readers.keySet())
        .as("classes that read run.json's keys outside the codec (use RunDocumentCodec)")
        .isSubsetOf(NOT_YET.keySet());
    assertThat(new TreeSet<>(NOT_YET.keySet()))
        .as("listed as not moved yet, but they no longer read a key: take them off the list")
        .isSubsetOf(readers.keySet());
  }
}
