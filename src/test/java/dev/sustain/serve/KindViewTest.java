package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.document.RunDocument;
import dev.sustain.store.RunFolders;
import dev.sustain.store.RunRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sections a run page shows beyond the curve (a read-back's verdict and bad extents, a copy's
 * passes, a fill's files, a sweep's table) are the same HTML they were when the pages read
 * run.json's tree: each expected file (src/test/resources/serve/kind-view/expected) is what that
 * reader made of the folder, from the golden run folders of every kind and hand-made ones with what
 * a cut or an unfinished run lacks (a copy that never read back, a fill without its count, a verify
 * with more bad extents than the page lists, a sweep without reads).
 */
class KindViewTest {

  private static final Path EXPECTED = Path.of("src/test/resources/serve/kind-view/expected");

  /** The run folders whose sections are kept, by name. */
  static List<Path> folders() throws IOException {
    List<Path> all = new ArrayList<>();
    for (String kind : List.of("read", "verify", "verify-bad", "copy", "fill", "sweep")) {
      all.add(Path.of("src/test/resources/document/run-json/v1-2026-12-01-" + kind));
    }
    for (String kind : List.of("read", "verify-bad", "copy", "fill")) {
      all.add(Path.of("src/test/resources/serve/kinds/" + kind));
    }
    try (Stream<Path> made = Files.list(Path.of("src/test/resources/serve/kind-view/input"))) {
      made.sorted().forEach(all::add);
    }
    return all;
  }

  /** The expected file's name of {@code folder}: its parent's name and its own. */
  static String name(Path folder) {
    return folder.getParent().getFileName() + "-" + folder.getFileName();
  }

  @ParameterizedTest
  @MethodSource("folders")
  void theSectionsAreTheHtmlTheTreesReaderMade(Path folder) throws Exception {
    RunRecord r = RunFolders.read(folder.toAbsolutePath(), "run");
    Optional<RunDocument> doc =
        RunData.document(new ObjectMapper().readTree(folder.resolve("run.json").toFile()));
    String html =
        SweepView.applies(r, doc)
            ? SweepView.of(r, doc.orElseThrow()).path("html").asText()
            : KindView.sections(r, doc);
    String expected =
        Files.readString(EXPECTED.resolve(name(folder) + ".html"), StandardCharsets.UTF_8);
    assertThat(expected).isNotBlank();
    assertThat(html).isEqualTo(expected);
  }
}
