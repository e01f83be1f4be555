package dev.sustain.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * The sections of a manual page that picocli's model has no place for (exit status, files,
 * environment, units, examples, see also), appended to each page {@code gen-manpage} writes. Name,
 * synopsis, description and options come from the model, as --help does; these come from resources
 * beside the help bundle: one shared text and one set of examples per command.
 */
final class ManPageSections {

  private static final String DIR = "/dev/sustain/cli/man/";

  private ManPageSections() {}

  /** Appends the sections to every {@code sustain*.adoc} page in {@code dir}. */
  static void appendTo(Path dir) throws IOException {
    List<Path> pages;
    try (Stream<Path> s = Files.list(dir)) {
      pages = s.filter(p -> p.getFileName().toString().matches("sustain(-.+)?\\.adoc")).toList();
    }
    String common = resource("common.adoc");
    String seeAlso = resource("see-also.adoc");
    for (Path page : pages) {
      String file = page.getFileName().toString();
      String command =
          file.equals("sustain.adoc")
              ? "sustain"
              : file.substring("sustain-".length(), file.length() - ".adoc".length());
      String examples = resource("examples/" + command + ".adoc");
      StringBuilder text = new StringBuilder(common);
      if (examples != null) {
        text.append("\n== Examples\n\n").append(examples);
      }
      text.append(seeAlso);
      Files.writeString(page, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
  }

  /** A resource's text, or null when there is none (a command without examples). */
  private static String resource(String name) throws IOException {
    try (InputStream in = ManPageSections.class.getResourceAsStream(DIR + name)) {
      return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
