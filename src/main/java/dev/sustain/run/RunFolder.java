package dev.sustain.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.FileSpace;
import dev.sustain.target.MadeFolder;
import dev.sustain.target.WritableFolder;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
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

  /**
   * The room a run sets aside for its final files ({@link #reserveRoom}); left only by a run that
   * was killed ({@code clean} removes it).
   */
  public static final String RESERVE = ".sustain-reserve";

  /**
   * Enough for the last rows, run.json, analysis.json and expectation.json many times over (a long
   * run's analysis.json is some tens of kB), and little beside a test file.
   */
  static final long RESERVE_BYTES = 4L << 20;

  /** One mapper for every JSON the run writes: indented, stable field order. */
  public static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path dir;

  /** How the folder came to be: made by this run (and so removed when left empty) or not. */
  private final MadeFolder made;

  private RunFolder(Path dir, MadeFolder made) {
    this.dir = dir;
    this.made = made;
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
  static RunFolder create(Path out, String runId, String command) throws IOException {
    Path dir = out != null ? out : defaultParent().resolve(runId + "-" + command);
    if (Files.isDirectory(dir)) {
      try (var entries = Files.list(dir)) {
        if (entries.findAny().isPresent()) {
          throw new UsageException(
              "run folder " + dir + " is not empty: give a new or empty folder with --out");
        }
      }
    } else if (Files.exists(dir)) {
      throw new UsageException("--out " + dir + " is a file, not a folder");
    }
    WritableFolder.require(dir, "the run folder");
    MadeFolder made;
    try {
      made = MadeFolder.make(dir);
    } catch (java.nio.file.FileSystemException e) {
      // e.g. a full file system: refused before anything is written, with the reason by name
      throw new UsageException(
          "cannot make the run folder " + dir + ": " + ErrnoException.reasonOf(e));
    }
    return new RunFolder(dir, made);
  }

  public static RunFolder open(Path dir) {
    return new RunFolder(dir, null);
  }

  /** What a run does in its folder; see {@link #filledBy}. */
  @FunctionalInterface
  public interface Filling<T> {
    T fill() throws IOException;
  }

  /**
   * Runs what fills the folder; when it fails, the folder is {@linkplain #discardIfUnfilled
   * discarded} if nothing was written there yet.
   */
  public <T> T filledBy(Filling<T> work) throws IOException {
    try {
      return work.fill();
    } catch (IOException | RuntimeException e) {
      discardIfUnfilled();
      throw e;
    }
  }

  /**
   * After a run failed before it wrote anything here (a refusal for space, a target that cannot be
   * opened): removes the folder when {@link #create} made it, with the folders above it it made, so
   * a refused run leaves no empty folder behind. A folder the user made, or one that holds any of
   * the run's files, stays. The room {@link #reserveRoom} set aside is no file of the run's.
   */
  public void discardIfUnfilled() {
    if (made == null || !made.made()) {
      return;
    }
    try (var entries = Files.list(dir)) {
      if (entries.anyMatch(p -> !p.getFileName().toString().equals(RESERVE))) {
        return;
      }
    } catch (IOException e) {
      return; // gone already, or unreadable: nothing to take away
    }
    releaseRoom();
    made.removeIfEmpty();
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

  /**
   * Writes run.json through a temporary file and a rename, so a reader never sees half of it.
   *
   * @return the text written, which the history records as it is instead of reading it back
   */
  public String writeRunJson(ObjectNode runJson) throws IOException {
    return writeJson(RUN_JSON, runJson);
  }

  /**
   * Writes any JSON file of the folder atomically.
   *
   * @return the text written
   */
  public String writeJson(String name, Object value) throws IOException {
    String text = toJson(value);
    writeAtomically(dir.resolve(name), text);
    return text;
  }

  private static String toJson(Object value) throws JsonProcessingException {
    return JSON.writeValueAsString(value) + "\n";
  }

  /**
   * The whole text into a temporary file, then a rename over the old file: a reader sees the old
   * file or the new one, never part of either. A temporary file that could not be written whole (a
   * full disk) is removed, and the old file stays as it was.
   */
  private void writeAtomically(Path file, String text) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // the folder refuses even that: the failure said first is the one to tell
      }
      throw e;
    }
  }

  /**
   * Sets room aside in the folder's file system for the run's final files (the last rows, run.json,
   * analysis.json), before the test file is laid out: a run whose test file fills the file system
   * that also holds its run folder can still write its end. {@link #releaseRoom} gives it back just
   * before those files are written.
   *
   * @throws dev.sustain.unit.UsageException when not even that room is free
   */
  public void reserveRoom() throws IOException {
    Path reserve = dir.resolve(RESERVE);
    int r = FileSpace.allocate(reserve, 0, RESERVE_BYTES);
    if (r == -Errno.EOPNOTSUPP || r == -Errno.ENOSYS) {
      r = writeZeros(reserve); // a file system without fallocate (ext2): blocks written do too
    }
    if (r < 0) {
      Files.deleteIfExists(reserve);
      throw new UsageException(
          "no room for the run's files in "
              + dir
              + ": "
              + Units.binaryBytes(RESERVE_BYTES)
              + " are needed beside samples.csv ("
              + Errno.describe(r)
              + ")");
    }
  }

  private static int writeZeros(Path file) {
    try {
      Files.write(file, new byte[(int) RESERVE_BYTES]);
      return 0;
    } catch (IOException e) {
      return -Errno.ENOSPC;
    }
  }

  /** Gives back the room {@link #reserveRoom} set aside; true when there was some. */
  public boolean releaseRoom() {
    try {
      return Files.deleteIfExists(dir.resolve(RESERVE));
    } catch (IOException e) {
      return false;
    }
  }
}
