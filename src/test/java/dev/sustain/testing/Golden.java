package dev.sustain.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The golden files: what a format must stay, byte for byte, under any locale. Regenerate them
 * deliberately with {@code -Dsustain.updateGolden=true} and review the diff.
 */
public final class Golden {

  /** Where the golden files are, from the project's folder (where Maven runs the tests). */
  public static final Path FOLDER = Path.of("src/test/resources/golden");

  private Golden() {}

  /** A test body that may throw. */
  @FunctionalInterface
  public interface Body {
    void run() throws Exception;
  }

  /**
   * Fails unless {@code actual} is the golden file {@code name} to the byte; with {@code
   * -Dsustain.updateGolden=true} it writes {@code actual} there first.
   */
  public static void assertMatches(String name, String actual) throws IOException {
    Path golden = FOLDER.resolve(name);
    if (Boolean.getBoolean("sustain.updateGolden")) {
      Files.createDirectories(FOLDER);
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  /** As {@link #inLocale(Locale, Body)}, the locale named by its IETF tag, e.g. "de-DE". */
  public static void inLocale(String languageTag, Body body) throws Exception {
    inLocale(Locale.forLanguageTag(languageTag), body);
  }

  /** Runs {@code body} with {@code locale} as the default locale, and puts the default back. */
  public static void inLocale(Locale locale, Body body) throws Exception {
    Locale saved = Locale.getDefault();
    try {
      Locale.setDefault(locale);
      body.run();
    } finally {
      Locale.setDefault(saved);
    }
  }
}
