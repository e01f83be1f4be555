package dev.sustain.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/**
 * The folder a run leaves behind: {@code run.json} (rewritten atomically whenever the status
 * changes), {@code samples.csv} and later {@code analysis.json}. Versioned: old folders stay
 * readable.
 */
public final class RunFolder {

  public static final int FORMAT_VERSION = 1;
  public static final String RUN_JSON = "run.json";
  public static final String SAMPLES_CSV = "samples.csv";
  public static final String ANALYSIS_JSON = "analysis.json";

  /** One mapper for every JSON the run writes: indented, stable field order. */
  public static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path dir;

  private RunFolder(Path dir) {
    this.dir = dir;
  }

  /** A run id: local time to the second and 4 random hex digits, e.g. 20261130-101502-3fa9. */
  public static String newRunId() {
    byte[] r = new byte[2];
    new SecureRandom().nextBytes(r);
    return LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
        + "-"
        + HexFormat.of().formatHex(r);
  }

  /**
   * The default parent of run folders: {@code $SUSTAIN_RUNS}, else {@code
   * $XDG_DATA_HOME/sustain/runs}, else {@code ~/.local/share/sustain/runs}.
   */
  public static Path defaultParent() {
    String env = System.getenv("SUSTAIN_RUNS");
    if (env != null && !env.isBlank()) {
      return Path.of(env);
    }
    String xdg = System.getenv("XDG_DATA_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".local", "share");
    return base.resolve("sustain").resolve("runs");
  }

  /**
   * Creates the run folder: {@code out} itself when given (it must be missing or empty), else a new
   * folder named after the run under {@link #defaultParent()}.
   */
  public static RunFolder create(Path out, String runId, String command) throws IOException {
    Path dir = out != null ? out : defaultParent().resolve(runId + "-" + command);
    if (Files.isDirectory(dir)) {
      try (var entries = Files.list(dir)) {
        if (entries.findAny().isPresent()) {
          throw new dev.sustain.unit.UsageException(
              "run folder " + dir + " is not empty: give a new or empty folder with --out");
        }
      }
    } else if (Files.exists(dir)) {
      throw new dev.sustain.unit.UsageException("--out " + dir + " is a file, not a folder");
    }
    dev.sustain.target.WritableFolder.require(dir, "the run folder");
    Files.createDirectories(dir);
    return new RunFolder(dir);
  }

  public static RunFolder open(Path dir) {
    return new RunFolder(dir);
  }

  public Path dir() {
    return dir;
  }

  public Path samplesCsv() {
    return dir.resolve(SAMPLES_CSV);
  }

  public Path runJson() {
    return dir.resolve(RUN_JSON);
  }

  /** Writes run.json through a temporary file and a rename, so a reader never sees half of it. */
  public void writeRunJson(ObjectNode runJson) throws IOException {
    writeAtomically(runJson(), toJson(runJson));
  }

  /** Writes any JSON file of the folder atomically. */
  public void writeJson(String name, Object value) throws IOException {
    writeAtomically(dir.resolve(name), toJson(value));
  }

  private static String toJson(Object value) throws JsonProcessingException {
    return JSON.writeValueAsString(value) + "\n";
  }

  private void writeAtomically(Path file, String text) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
