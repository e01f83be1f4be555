package dev.sustain;

import static dev.sustain.testing.MainClasses.MAIN;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The order of the packages in docs/ARCHITECTURE.md ("each package uses only the packages after it
 * in this order") and the documents the sources cite. Each rule here is a claim of that page; a
 * claim that broke fails here, naming the class and what it reached.
 */
class ArchitectureLayersTest {

  /** The order docs/ARCHITECTURE.md gives, top first: each may use only those after it. */
  static final List<String> ORDER =
      List.of(
          "cli",
          "hub",
          "serve",
          "live",
          "share",
          "store",
          "workload",
          "group",
          "sweep",
          "verify",
          "run",
          "report",
          "input",
          "target",
          "device",
          "engine",
          "pattern",
          "sampling",
          "job",
          "expect",
          "analysis",
          "document",
          "unit");

  /**
   * Uses against the order, as "from -> to" packages, with why; the list only shrinks (one no
   * longer used must leave it). input's JsonFile refuses a newer run.json by the version the run
   * writes ({@code run.RunFolder.FORMAT_VERSION}), which is to move into the document's codec.
   */
  static final Set<String> AGAINST_THE_ORDER = Set.of("input -> run");

  @Test
  void eachPackageUsesOnlyThePackagesAfterIt() throws IOException {
    Map<String, String> against = new TreeMap<>();
    for (JavaClass c : MAIN) {
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        use(against, topPackage(c), topPackage(d.getTargetClass()), d.getDescription());
      }
    }
    // A constant of another package is inlined by the compiler and is no dependency in the class
    // files, so the sources' imports and qualified names count too.
    Pattern named = Pattern.compile("\\bdev\\.sustain\\.([a-z]+)\\.[A-Za-z]");
    try (Stream<Path> files = Files.walk(Path.of("src/main/java/dev/sustain"))) {
      for (Path file : (Iterable<Path>) files::iterator) {
        if (!file.toString().endsWith(".java")) {
          continue;
        }
        String from = file.getParent().getFileName().toString();
        Matcher m = named.matcher(Files.readString(file));
        while (m.find()) {
          use(against, from, m.group(1), file + " names dev.sustain." + m.group(1));
        }
      }
    }
    Map<String, String> unlisted = new TreeMap<>(against);
    unlisted.keySet().removeAll(AGAINST_THE_ORDER);
    assertThat(unlisted).as("uses against docs/ARCHITECTURE.md's order").isEmpty();
    assertThat(against.keySet())
        .as("listed uses against the order that are gone: remove them from the list")
        .containsAll(AGAINST_THE_ORDER);
  }

  /** Keeps a use of {@code to} by {@code from} that goes up the order, with an example. */
  private static void use(Map<String, String> against, String from, String to, String example) {
    if (from != null && to != null && ORDER.indexOf(to) < ORDER.indexOf(from)) {
      against.putIfAbsent(from + " -> " + to, example);
    }
  }

  @Test
  void everyPackageHasItsPlaceInTheOrder() {
    Set<String> packages = new TreeSet<>();
    for (JavaClass c : MAIN) {
      packages.add(topPackage(c));
    }
    assertThat(packages).as("packages of src/main").containsExactlyInAnyOrderElementsOf(ORDER);
  }

  @Test
  void theArchitecturePageNamesTheSameOrder() throws IOException {
    String page = Files.readString(Path.of("docs/ARCHITECTURE.md"));
    String order = String.join(", ", ORDER.stream().map(p -> "`" + p + "`").toList());
    assertThat(page.replaceAll("\\s+", " ")).contains(order);
  }

  /**
   * Constants of the analysis used by another class than their own, other than those of a
   * thresholds class ({@code Thresholds}), with why; the list only shrinks. PassNoise's limits are
   * also the pass comparison's in workload (one noise, two readers); Segmenter's most segments
   * bounds the erratic detector's search too.
   */
  static final Set<String> SHARED_CONSTANTS =
      Set.of(
          "PassNoise.MIN_PERCENT",
          "PassNoise.SHORT_PERCENT",
          "PassNoise.MAX_NOISE_PERCENT",
          "PassNoise.MIN_INTERVALS",
          "Segmenter.MAX_SEGMENTS");

  /**
   * The numbers the analysis decides by are named in a thresholds class or beside the one class
   * that uses them: a constant another class reads belongs in a thresholds class, where its reason
   * is said once.
   */
  @Test
  void theAnalysisNumbersAreInAThresholdsClassOrBesideTheirOneUser() throws IOException {
    Pattern constant = Pattern.compile("static final (?:double|float|int|long) ([A-Z][A-Z0-9_]*)");
    Map<Path, String> sources = new TreeMap<>();
    try (Stream<Path> files = Files.walk(Path.of("src/main/java/dev/sustain"))) {
      for (Path file : (Iterable<Path>) files::iterator) {
        if (file.toString().endsWith(".java")) {
          sources.put(file, Files.readString(file));
        }
      }
    }
    Set<String> shared = new TreeSet<>();
    sources.forEach(
        (file, text) -> {
          String owner = file.getFileName().toString().replace(".java", "");
          if (!file.getParent().endsWith("analysis") || owner.endsWith("Thresholds")) {
            return;
          }
          Matcher m = constant.matcher(text);
          while (m.find()) {
            Pattern use = Pattern.compile("\\b" + owner + "\\." + m.group(1) + "\\b");
            String name = owner + "." + m.group(1);
            sources.forEach(
                (other, otherText) -> {
                  if (!other.equals(file) && use.matcher(otherText).find()) {
                    shared.add(name);
                  }
                });
          }
        });
    Set<String> unlisted = new TreeSet<>(shared);
    unlisted.removeAll(SHARED_CONSTANTS);
    assertThat(unlisted).as("analysis constants read by another class").isEmpty();
    assertThat(shared).as("listed shared constants no longer shared").containsAll(SHARED_CONSTANTS);
  }

  /**
   * A document a source file cites (docs/NAME.md, or a capitalised NAME.md as the project names its
   * documents; a file a test writes, such as target/blind-report.md, is not one) is in docs/ or at
   * the top of the repository: seven sources once cited a DESIGN.md that was in neither.
   */
  @Test
  void everyDocumentTheSourcesCiteIsInTheRepository() throws IOException {
    Pattern cited = Pattern.compile("(?<![\\w./-])((?:docs/[\\w.-]+|[A-Z][A-Z0-9_]*)\\.md)\\b");
    Set<String> missing = new TreeSet<>();
    try (Stream<Path> files = Stream.concat(Files.walk(Path.of("src/main")), sources("src/test"))) {
      for (Path file : (Iterable<Path>) files::iterator) {
        if (!Files.isRegularFile(file) || file.endsWith(THIS_FILE) || isProse(file)) {
          continue;
        }
        Matcher m = cited.matcher(Files.readString(file, StandardCharsets.ISO_8859_1));
        while (m.find()) {
          String name = m.group(1);
          if (!cites(name)) {
            missing.add(file + ": " + name);
          }
        }
      }
    }
    assertThat(missing).as("documents cited that are not in the repository").isEmpty();
    assertThat(cites("docs/ARCHITECTURE.md")).isTrue();
    assertThat(cites("DESIGN.md")).as("a name in neither docs/ nor the top").isFalse();
  }

  /** This file names a missing document on purpose, to check the check. */
  private static final Path THIS_FILE = Path.of("ArchitectureLayersTest.java");

  private static Stream<Path> sources(String root) throws IOException {
    return Files.walk(Path.of(root));
  }

  private static boolean isProse(Path file) {
    return file.toString().endsWith(".md");
  }

  private static boolean cites(String name) {
    return name.contains("/")
        ? Files.isRegularFile(Path.of(name))
        : Files.isRegularFile(Path.of("docs", name)) || Files.isRegularFile(Path.of(name));
  }

  /** The package below dev.sustain a class is in, or null for a class outside the program. */
  private static String topPackage(JavaClass c) {
    String name = c.getPackageName();
    if (!name.startsWith("dev.sustain.")) {
      return null;
    }
    String rest = name.substring("dev.sustain.".length());
    int dot = rest.indexOf('.');
    return dot < 0 ? rest : rest.substring(0, dot);
  }
}
