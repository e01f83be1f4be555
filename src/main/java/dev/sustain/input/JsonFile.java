package dev.sustain.input;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.run.RunFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the JSON a run or group folder holds (run.json, group.json), so that every reader says what
 * is wrong with one alike: {@code FILE:LINE: not valid JSON: ...} or {@code FILE: cannot be read:
 * ...}. Stateless and thread-safe.
 */
public final class JsonFile {

  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonFile() {}

  /**
   * The file's JSON tree.
   *
   * @throws InputFormatException when it cannot be read or is not valid JSON
   */
  static JsonNode read(Path file) {
    try {
      if (Files.size(file) > InputLimits.MAX_JSON_BYTES) {
        throw new InputFormatException(
            file, 0, "larger than 16 MiB: no run's or group's JSON (they are a few kB)");
      }
      JsonNode root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
      checkVersion(file, root);
      return root;
    } catch (JsonProcessingException e) {
      long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw new InputFormatException(file, line, "not valid JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw InputLimits.cannotRead(file, e);
    }
  }

  /**
   * Refuses a run.json or group.json of a newer format than this version writes: read as an older
   * one, its fields could mean something else and give figures that look right and are not.
   *
   * @throws InputFormatException naming the file and both versions
   */
  public static void checkVersion(Path file, JsonNode root) {
    JsonNode version = root == null ? null : root.get("version");
    if (version != null && version.isNumber() && version.asDouble() > RunFolder.FORMAT_VERSION) {
      throw new InputFormatException(
          file,
          0,
          "made by a newer Sustain (format version "
              + version.asText()
              + ", this one reads up to "
              + RunFolder.FORMAT_VERSION
              + "): read it with a newer Sustain");
    }
  }
}
