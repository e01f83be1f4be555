package dev.sustain.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.document.AnalysisDocument;
import dev.sustain.document.AnalysisDocumentCodec;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The one way a test reads a run folder it made: run.json and analysis.json as their records
 * (through the codec the program reads them with), so an assertion on a field that went missing
 * fails instead of reading Jackson's default. What the records do not type (a fill's {@code files},
 * a copy's {@code passes}) is read through {@link #field}, which fails on a missing field too.
 */
public final class RunFolderRig {

  private static final ObjectMapper JSON = new ObjectMapper();

  private RunFolderRig() {}

  /**
   * A run folder {@code folder} written by hand (made, with its parents): {@code runJson} as its
   * run.json and {@code samplesCsv} as its samples.csv, for a test of a reader of older or odd
   * folders. Returns {@code folder}.
   */
  public static Path write(Path folder, String runJson, String samplesCsv) throws IOException {
    Files.createDirectories(folder);
    Files.writeString(folder.resolve("run.json"), runJson, StandardCharsets.UTF_8);
    Files.writeString(folder.resolve("samples.csv"), samplesCsv, StandardCharsets.UTF_8);
    return folder;
  }

  /** The run.json of {@code folder} as its record. */
  public static RunDocument document(Path folder) {
    try {
      return RunDocumentCodec.read(folder);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The analysis.json of {@code folder}; fails when the folder has none. */
  public static AnalysisDocument analysis(Path folder) {
    try {
      return AnalysisDocumentCodec.read(folder)
          .orElseThrow(() -> new AssertionError("no analysis.json in " + folder));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The run.json of {@code folder} as a tree, for the parts a command keeps of its own and the
   * records do not type; read its fields with {@link #field}.
   */
  public static JsonNode tree(Path folder) {
    try {
      return JSON.readTree(RunDocumentCodec.fileOf(folder).toFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The rows of {@code folder}'s samples.csv split into their cells, the header left out. */
  public static List<String[]> sampleRows(Path folder) {
    try {
      return Files.readAllLines(folder.resolve("samples.csv"), StandardCharsets.UTF_8).stream()
          .skip(1)
          .map(l -> l.split(",", -1))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The bytes {@code folder}'s samples.csv adds up to (its third column, every row). */
  public static long sampleBytes(Path folder) {
    return sampleRows(folder).stream().mapToLong(c -> Long.parseLong(c[2])).sum();
  }

  /** The field at {@code pointer} (e.g. {@code /result/files}); fails when it is missing. */
  public static JsonNode field(JsonNode root, String pointer) {
    JsonNode v = root.at(pointer);
    assertThat(v.isMissingNode()).as("run.json has %s", pointer).isFalse();
    return v;
  }
}
