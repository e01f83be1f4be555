package dev.sustain.input;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the JSON a run or group folder holds (run.json, group.json), so that every reader says what
 * is wrong with one alike: {@code FILE:LINE: not valid JSON: ...} or {@code FILE: cannot be read:
 * ...}. Stateless and thread-safe.
 */
final class JsonFile {

  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonFile() {}

  /**
   * The file's JSON tree.
   *
   * @throws InputFormatException when it cannot be read or is not valid JSON
   */
  static JsonNode read(Path file) {
    try {
      return JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
    } catch (JsonProcessingException e) {
      long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw new InputFormatException(file, line, "not valid JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new InputFormatException(file, 0, "cannot be read: " + e.getMessage());
    }
  }
}
