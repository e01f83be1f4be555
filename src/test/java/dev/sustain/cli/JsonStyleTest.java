package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * One JSON style in every command's {@code --json}: every key of every document is snake_case and
 * carries its unit in the same words as the rest ({@code burst_MBps}, {@code cache_bytes}, {@code
 * flush_s}), words are lowercase ({@code "wrong"}, not {@code "WRONG"}), and figures are rounded
 * (no double's seventeen digits). Every command that has {@code --json} is run here; one added
 * without a case here fails {@link #everyCommandWithJsonIsCovered}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JsonStyleTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A lowercase word or figure, then more joined by '_', any of which may be a unit. */
  private static final Pattern KEY =
      Pattern.compile(
          "^(?:[a-z][a-z0-9]*|GB|MB|MBps)(?:_(?:[a-z0-9]+|MBps|GBps|B|kB|MB|GB|TB|KiB|MiB|GiB|C))*$");

  /** A word in capitals, as an enum's name: "WRONG", "NOT_MEASURED". */
  private static final Pattern SHOUTED = Pattern.compile("^[A-Z][A-Z_]+$");

  /** Values that are names others chose (a drive's model, serial or vendor), not our words. */
  private static final Set<String> FOREIGN =
      Set.of("model", "serial", "vendor", "firmware", "name");

  private final Map<String, String> outputs = new LinkedHashMap<>();

  @BeforeAll
  void runEveryCommand(@TempDir Path dir) throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    Path db = dir.resolve("history.db");
    Path run1 = dir.resolve("run1");
    Path run2 = dir.resolve("run2");
    String predicted = "920MB/s for 10MB, then 127MB/s";
    run("write", target, "--size", "24MiB", "--db", db, "--out", run1, "--keep");
    run("write", target, "--size", "16MiB", "--db", db, "--out", run2, "--expect", predicted);
    Path kept;
    try (Stream<Path> files = Files.list(target)) {
      kept = files.filter(p -> p.toString().endsWith(".dat")).findFirst().orElseThrow();
    }
    run("read", kept, "--db", "none");
    run("verify", run1, "--db", "none");
    run("analyze", run1);
    run("compare", run1, run2);
    run("info", target);
    run("history", "--db", db);
    Path tree = Files.createDirectories(dir.resolve("tree"));
    Files.write(tree.resolve("a"), new byte[1 << 20]);
    run("copy", tree, dir.resolve("copied"), "--db", "none");
    run(
        "sweep",
        target,
        "--bs",
        "128k,1m",
        "--qd",
        "4",
        "--size-per-point",
        "4MiB",
        "--db",
        "none");
  }

  private void run(String command, Object... args) {
    List<String> line = new ArrayList<>(List.of(command));
    for (Object a : args) {
      line.add(a.toString());
    }
    line.add("--json");
    Cli.Result r = Cli.run(line.toArray(String[]::new));
    assertThat(r.exitCode()).as(line + ": " + r.err()).isIn(0, 1);
    outputs.merge(command, r.out(), (a, b) -> a + "\n" + b);
  }

  @Test
  void everyCommandWithJsonIsCovered() {
    CommandLine cl =
        SustainCommand.commandLine(
            new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    Set<String> withJson = new TreeSet<>();
    cl.getSubcommands()
        .forEach(
            (name, sub) -> {
              if (sub.getCommandSpec().findOption("--json") != null) {
                withJson.add(name);
              }
            });
    assertThat(outputs.keySet()).containsExactlyInAnyOrderElementsOf(withJson);
  }

  @Test
  void everyKeyIsSnakeCaseWithItsUnitEveryWordLowercaseEveryFigureRounded() throws Exception {
    List<String> faults = new ArrayList<>();
    for (var e : outputs.entrySet()) {
      for (String doc : e.getValue().split("\n(?=[\\[{])")) {
        assertThat(doc).as(e.getKey() + " printed JSON").isNotBlank();
        walk(e.getKey(), JSON.readTree(doc), "", faults);
      }
    }
    assertThat(faults).isEmpty();
  }

  @Test
  void theExpectationIsInTheSameStyle() throws Exception {
    String write = outputs.get("write");
    JsonNode second = JSON.readTree(write.substring(write.lastIndexOf("\n{") + 1));
    JsonNode burst = second.path("expectation").path("points").get(0);
    assertThat(burst.path("point").asText()).isEqualTo("burst");
    assertThat(burst.path("verdict").asText()).isIn("confirmed", "wrong");
    assertThat(burst.has("measured_MBps")).as(burst.toString()).isTrue();
    assertThat(second.path("expectation").path("prediction").path("cache_bytes").asLong())
        .isEqualTo(10_000_000L);
  }

  static void walk(String command, JsonNode node, String path, List<String> faults) {
    if (node.isObject()) {
      node.properties()
          .forEach(
              f -> {
                if (!KEY.matcher(f.getKey()).matches()) {
                  faults.add(command + ": key " + path + "." + f.getKey());
                }
                JsonNode v = f.getValue();
                if (v.isTextual()
                    && SHOUTED.matcher(v.asText()).matches()
                    && !FOREIGN.contains(f.getKey())) {
                  faults.add(command + ": " + path + "." + f.getKey() + " = " + v);
                }
                walk(command, v, path + "." + f.getKey(), faults);
              });
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(command, node.get(i), path + "[" + i + "]", faults);
      }
    } else if (node.isFloatingPointNumber() && decimals(node.asDouble()) > 6) {
      faults.add(command + ": unrounded " + path + " = " + node.asDouble());
    }
  }

  /** How many digits after the point the shortest form of {@code v} has. */
  static int decimals(double v) {
    String s = new java.math.BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    int dot = s.indexOf('.');
    return dot < 0 ? 0 : s.length() - dot - 1;
  }
}
