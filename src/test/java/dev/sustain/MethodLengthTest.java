package dev.sustain;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * No method in src/main is longer than {@link #LIMIT_LINES} lines, from its first line to its
 * closing brace: a longer one does several things that want names of their own. The methods that
 * were longer when this check came are listed with their length in {@code long-methods.txt}; a
 * listed method may shrink but not grow, and one that fits the limit must leave the list, so the
 * list only gets shorter. The sources are parsed with the JDK's own compiler (no guessing at braces
 * in strings or comments).
 */
class MethodLengthTest {

  static final int LIMIT_LINES = 60;
  private static final Path MAIN = Path.of("src/main/java");
  private static final String ALLOWED = "/dev/sustain/long-methods.txt";

  @Test
  void noMethodGrowsPastTheLimitAndTheListOnlyShrinks() throws IOException {
    Map<String, Integer> measured = longestPerMethod();
    Map<String, Integer> allowed = allowed();
    List<String> faults = new ArrayList<>();
    measured.forEach(
        (method, lines) -> {
          Integer limit = allowed.get(method);
          if (lines > LIMIT_LINES && limit == null) {
            faults.add(method + " has " + lines + " lines (limit " + LIMIT_LINES + ")");
          } else if (limit != null && lines > limit) {
            faults.add(method + " grew from " + limit + " to " + lines + " lines");
          }
        });
    allowed.forEach(
        (method, limit) -> {
          Integer lines = measured.get(method);
          if (lines == null || lines <= LIMIT_LINES) {
            faults.add(method + " fits the limit now: remove it from long-methods.txt");
          } else if (lines < limit) {
            faults.add(method + " shrank to " + lines + " lines: lower it in long-methods.txt");
          }
        });
    assertThat(faults).as("methods over %d lines", LIMIT_LINES).isEmpty();
  }

  @Test
  void theCountSeesALongMethod() throws IOException {
    // The measure itself must be able to find one: a body of LIMIT_LINES + 5 lines.
    StringBuilder source = new StringBuilder("class Long {\n  void body() {\n");
    for (int i = 0; i < LIMIT_LINES + 3; i++) {
      source.append("    int a").append(i).append(" = ").append(i).append(";\n");
    }
    source.append("  }\n  void shortOne() {}\n}\n");
    Path dir = Files.createTempDirectory("method-length");
    Path file = Files.writeString(dir.resolve("Long.java"), source);
    try {
      Map<String, Integer> lines = measure(List.of(file), dir);
      assertThat(lines).containsEntry("Long.java#body", LIMIT_LINES + 5);
      assertThat(lines).containsEntry("Long.java#shortOne", 1);
    } finally {
      Files.delete(file);
      Files.delete(dir);
    }
  }

  private static Map<String, Integer> longestPerMethod() throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(MAIN)) {
      files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    return measure(files, MAIN);
  }

  /**
   * "path#Type.method" (nested types dotted, overloads by their longest) to its length in lines.
   */
  static Map<String, Integer> measure(List<Path> files, Path root) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    Map<String, Integer> lines = new TreeMap<>();
    try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
      JavacTask task =
          (JavacTask)
              javac.getTask(
                  null,
                  fm,
                  null,
                  List.of("-proc:none"),
                  null,
                  fm.getJavaFileObjectsFromPaths(files));
      SourcePositions positions = Trees.instance(task).getSourcePositions();
      for (CompilationUnitTree unit : task.parse()) {
        String path =
            root.toAbsolutePath().relativize(Path.of(unit.getSourceFile().toUri())).toString();
        LineMap map = unit.getLineMap();
        new TreeScanner<Void, String>() {
          @Override
          public Void visitClass(ClassTree type, String outer) {
            String name = outer == null ? "" : outer + type.getSimpleName() + ".";
            return super.visitClass(type, name);
          }

          @Override
          public Void visitMethod(MethodTree method, String outer) {
            if (method.getBody() != null) {
              long first = map.getLineNumber(positions.getStartPosition(unit, method));
              long last = map.getLineNumber(positions.getEndPosition(unit, method));
              String key = path + "#" + outer + method.getName();
              lines.merge(key, (int) (last - first + 1), Math::max);
            }
            return super.visitMethod(method, outer);
          }
        }.scan(unit, null);
      }
    }
    return lines;
  }

  private static Map<String, Integer> allowed() throws IOException {
    Map<String, Integer> allowed = new TreeMap<>();
    try (var in = MethodLengthTest.class.getResourceAsStream(ALLOWED)) {
      if (in == null) {
        return allowed;
      }
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String trimmed = line.strip();
        if (trimmed.isEmpty() || trimmed.startsWith("#")) {
          continue;
        }
        String[] parts = trimmed.split("\\s+");
        allowed.put(parts[0], Integer.parseInt(parts[1]));
      }
    }
    return allowed;
  }
}
