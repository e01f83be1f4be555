package dev.sustain.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A German locale for a child process, built into a test's own folder (the system is not touched),
 * so that the C library and the JDK word their errors in German: "Auf dem Gerät ist kein
 * Speicherplatz mehr verfügbar" for ENOSPC. Skips the calling test where localedef or the C
 * library's German messages are missing.
 */
public final class GermanLocale {

  private GermanLocale() {}

  /** Built once per test JVM, in the build folder (or {@code folder} outside Maven). */
  private static Path built;

  /** The environment (LOCPATH, LC_ALL, LANG) that puts a child process in German. */
  public static synchronized Map<String, String> environment(Path folder)
      throws IOException, InterruptedException {
    Assumptions.assumeTrue(
        Files.isRegularFile(Path.of("/usr/share/locale/de/LC_MESSAGES/libc.mo")),
        "the C library's German messages are not installed");
    if (built == null) {
      String project = System.getProperty("sustain.projectDir");
      Path base = project != null ? Path.of(project, "target") : folder;
      built = build(Files.createDirectories(base.resolve("test-locales")));
    }
    return Map.of("LOCPATH", built.toString(), "LC_ALL", "de_DE.UTF-8", "LANG", "de_DE.UTF-8");
  }

  private static Path build(Path locales) throws IOException, InterruptedException {
    Process localedef;
    try {
      localedef =
          new ProcessBuilder(
                  "localedef",
                  "-i",
                  "de_DE",
                  "-f",
                  "UTF-8",
                  locales.resolve("de_DE.UTF-8").toString())
              .redirectErrorStream(true)
              .start();
    } catch (IOException e) {
      Assumptions.abort("localedef is not installed: " + e.getMessage());
      throw e;
    }
    String out = new String(localedef.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    boolean ended = localedef.waitFor(120, TimeUnit.SECONDS);
    if (!ended) {
      localedef.destroyForcibly();
    }
    Assumptions.assumeTrue(
        ended && localedef.exitValue() == 0, "cannot build a German locale here: " + out);
    return locales;
  }
}
