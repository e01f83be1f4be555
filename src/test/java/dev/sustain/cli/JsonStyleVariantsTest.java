package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON style {@link JsonStyleTest} checks for one run of each command, over the other shapes
 * the same commands print: a repeated write (its passes), a group write and the analysis of its
 * group folder, the analysis of a bare samples CSV, and info of several paths. Each must be
 * snake_case keys with their units, lowercase words and rounded figures, as the text rounds them.
 */
class JsonStyleVariantsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void everyOtherShapeOfJsonIsInTheSameStyle() throws Exception {
    Path a = Files.createDirectories(dir.resolve("a"));
    Path b = Files.createDirectories(dir.resolve("b"));
    List<String> faults = new ArrayList<>();
    Path repeat = dir.resolve("repeat");
    check(
        faults,
        "write --repeat",
        "write",
        a,
        "--size",
        "8MiB",
        "--repeat",
        "2",
        "--cooldown",
        "100ms",
        "--out",
        repeat,
        "--db",
        "none");
    Path group = dir.resolve("group");
    check(faults, "group write", "write", a, b, "--size", "8MiB", "--out", group, "--db", "none");
    check(faults, "analyze of a group", "analyze", group);
    Path single = dir.resolve("single");
    Cli.ok("write", a, "--size", "8MiB", "--out", single, "--db", "none");
    check(faults, "analyze of a CSV", "analyze", single.resolve("samples.csv"));
    check(faults, "info of two paths", "info", a, b);
    assertThat(faults).isEmpty();
  }

  private static void check(List<String> faults, String what, Object... args) throws Exception {
    List<String> line = new ArrayList<>();
    for (Object o : args) {
      line.add(o.toString());
    }
    line.add("--json");
    Cli.Result r = Cli.run(line.toArray(String[]::new));
    assertThat(r.exitCode()).as(what + ": " + r.err()).isIn(0, 1);
    for (String doc : r.out().split("\n(?=[\\[{])")) {
      assertThat(doc).as(what + " printed JSON").isNotBlank();
      JsonStyleTest.walk(what, JSON.readTree(doc), "", faults);
    }
  }
}
