package dev.sustain.document;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The one reader of {@code analysis.json}'s headline figures into an {@link AnalysisDocument}. The
 * file carries no version yet (read as 1); one that says a newer version is refused in one line.
 */
public final class AnalysisDocumentCodec {

  /** The newest version this program reads. */
  public static final int VERSION = 1;

  /** The file's name in a run folder. */
  public static final String FILE = "analysis.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private AnalysisDocumentCodec() {}

  /** The analysis.json of {@code folder}, or empty when the folder has none (a killed run). */
  public static Optional<AnalysisDocument> read(Path folder) throws IOException {
    Path file = folder.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    return Optional.of(decode(Fields.objectIn(JSON, file), file.toString()));
  }

  /** A parsed analysis.json as its record; {@code where} names it in messages. */
  public static AnalysisDocument decode(JsonNode root, String where) {
    int version = root.path("version").asInt(VERSION);
    if (version > VERSION) {
      throw new NewerFormatException(where, version, VERSION);
    }
    return new AnalysisDocument(
        version,
        Fields.text(root, "shape"),
        Fields.doubleOf(root, "burst_MBps"),
        Fields.doubleOf(root, "cache_GB"),
        Fields.doubleOf(root, "cliff_s"),
        Fields.doubleOf(root, "floor_MBps"),
        Fields.doubleOf(root, "after_cache_MBps"),
        Fields.doubleOf(root, "average_MBps"),
        Fields.doubleOf(root, "stall_s"),
        Fields.text(root, "target"));
  }
}
