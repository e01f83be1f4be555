package dev.sustain.document;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.PassesDocument.Pass;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one writer and reader of {@code passes.json} (docs/FORMATS.md): a repeat hands it records and
 * names no key. The tree it writes is kept by the repeat as a handle, so the pass comparison's
 * figures can be added to each pass's entry at the end ({@link #addPass} returns that entry).
 */
public final class PassesCodec {

  /** The file's name in a repeat's folder. */
  public static final String FILE = "passes.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private PassesCodec() {}

  /**
   * passes.json as a repeat starts: its version, command, what was asked, and empty lists of passes
   * and comparison sentences.
   */
  public static ObjectNode start(int repeat, double cooldownSeconds, List<Double> cooldowns) {
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    json.put("version", RunDocumentCodec.VERSION);
    json.put("command", "write");
    json.put("repeat", repeat);
    json.put("cooldown_s", cooldownSeconds);
    ArrayNode list = json.putArray("cooldowns_s");
    cooldowns.forEach(list::add);
    json.putArray("passes");
    json.putArray("comparison");
    return json;
  }

  /**
   * Adds a pass that ended to {@code passes}.
   *
   * @return its entry, for the comparison's figures at the end
   */
  public static ObjectNode addPass(ObjectNode json, Pass p) {
    ObjectNode pj = ((ArrayNode) json.get("passes")).addObject();
    pj.put("pass", p.pass());
    if (p.cooldownSeconds().isPresent()) {
      pj.put("cooldown_s", p.cooldownSeconds().getAsDouble());
    } else {
      pj.putNull("cooldown_s");
    }
    p.idleSeconds().ifPresent(idle -> pj.put("idle_s", idle));
    pj.put("run_folder", p.runFolder());
    pj.put("bytes", p.bytes());
    pj.put("seconds", RunJsonWriter.round(p.seconds(), 3));
    pj.put("average_MBps", RunJsonWriter.round(p.averageMBps(), 3));
    pj.put("status", p.status());
    return pj;
  }

  /** The entries of the passes so far, in order. */
  public static List<ObjectNode> passEntries(ObjectNode json) {
    List<ObjectNode> entries = new ArrayList<>();
    json.get("passes").forEach(node -> entries.add((ObjectNode) node));
    return entries;
  }

  /** The end: the sentences comparing the passes, what changed and the recovery table. */
  public static void finish(
      ObjectNode json, List<String> comparison, List<String> changes, String recovery) {
    ArrayNode words = (ArrayNode) json.get("comparison");
    comparison.forEach(words::add);
    changes.forEach(json.putArray("changes")::add);
    json.put("recovery", recovery);
  }

  /**
   * Reads the passes.json of a repeat's folder.
   *
   * @throws NewerFormatException when a newer sustain wrote it
   */
  public static PassesDocument read(Path folder) throws IOException {
    Path file = folder.resolve(FILE);
    JsonNode root = Fields.objectIn(JSON, file);
    int version = root.path("version").asInt(RunDocumentCodec.VERSION);
    if (version > RunDocumentCodec.VERSION) {
      throw new NewerFormatException(file.toString(), version, RunDocumentCodec.VERSION);
    }
    List<Double> cooldowns = new ArrayList<>();
    root.path("cooldowns_s").forEach(c -> cooldowns.add(c.asDouble()));
    List<Pass> passes = new ArrayList<>();
    for (JsonNode p : root.path("passes")) {
      passes.add(
          new Pass(
              p.path("pass").asInt(),
              Fields.doubleOf(p, "cooldown_s"),
              Fields.doubleOf(p, "idle_s"),
              p.path("run_folder").asText(""),
              p.path("bytes").asLong(),
              p.path("seconds").asDouble(),
              p.path("average_MBps").asDouble(),
              p.path("status").asText(""),
              Fields.text(p, "cause")));
    }
    return new PassesDocument(
        version,
        root.path("repeat").asInt(passes.size()),
        root.path("cooldown_s").asDouble(0),
        cooldowns,
        passes);
  }
}
