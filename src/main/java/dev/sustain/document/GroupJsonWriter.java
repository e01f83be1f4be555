package dev.sustain.document;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The one writer of {@code group.json} (docs/FORMATS.md): {@code version, kind: "group", command,
 * tool, group_id, host, pid, params, targets: [{name, target, folder, start_s, status, error,
 * bytes, seconds, average_MBps, solo_MBps, solo_source, solo_from}], shared, started, ended,
 * status}, and of the {@code group} a target's own run.json names. A group hands records to it and
 * names no key; {@link GroupDocumentCodec} reads the file.
 */
public final class GroupJsonWriter {

  private static final ObjectMapper JSON = new ObjectMapper();

  private GroupJsonWriter() {}

  /**
   * What a group was asked, at its start.
   *
   * @param soloFirstSeconds each target's solo pass before the group, empty for none
   * @param memberParams the targets' own parameters (JSON values)
   * @param targets each target's name and what it writes, in order (its folder is its name)
   * @param shared what the targets share (a bus, a controller), null when nothing is known
   */
  public record Asked(
      String command,
      String toolVersion,
      String groupId,
      String host,
      long pid,
      double intervalSeconds,
      double staggerSeconds,
      OptionalDouble soloFirstSeconds,
      Map<String, Object> memberParams,
      List<Target> targets,
      Map<String, Object> shared,
      Instant started) {}

  /** One target of the group: its name and the target it writes. */
  public record Target(String name, String target) {}

  /** How a target's run ended. */
  public record TargetEnd(
      String status, Optional<String> error, long bytes, double seconds, double averageMBps) {}

  /** group.json as the group starts: every target running, nothing measured yet. */
  public static ObjectNode start(Asked a, String running) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode root = f.objectNode();
    root.put("version", RunDocumentCodec.VERSION);
    root.put("kind", "group");
    root.put("command", a.command());
    ObjectNode tool = root.putObject("tool");
    tool.put("name", "sustain");
    tool.put("version", a.toolVersion());
    root.put("group_id", a.groupId());
    root.put("host", a.host());
    root.put("pid", a.pid());
    ObjectNode p = root.putObject("params");
    p.put("interval_s", a.intervalSeconds());
    p.put("stagger_s", a.staggerSeconds());
    if (a.soloFirstSeconds().isPresent()) {
      p.put("solo_first_s", a.soloFirstSeconds().getAsDouble());
    } else {
      p.putNull("solo_first_s");
    }
    p.set("target", JSON.valueToTree(a.memberParams()));
    ArrayNode targets = root.putArray("targets");
    for (Target m : a.targets()) {
      ObjectNode t = targets.addObject();
      t.put("name", m.name());
      t.put("target", m.target());
      t.put("folder", m.name());
      t.putNull("start_s");
      t.put("status", running);
      t.putNull("error");
      t.put("bytes", 0);
      t.put("seconds", 0.0);
      t.put("average_MBps", 0.0);
      t.putNull("solo_MBps");
      t.putNull("solo_source");
      t.putNull("solo_from");
    }
    root.set("shared", a.shared() == null ? f.nullNode() : JSON.valueToTree(a.shared()));
    root.put("started", a.started().toString());
    root.putNull("ended");
    root.put("status", running);
    return root;
  }

  /**
   * Target {@code i}'s solo rate and where it comes from ({@code solo-first} or {@code history}).
   */
  public static void solo(ObjectNode root, int i, double mbps, String source, String from) {
    ObjectNode t = target(root, i);
    t.put("solo_MBps", round(mbps));
    t.put("solo_source", source);
    t.put("solo_from", from);
  }

  /** Target {@code i}'s start on the group's clock. */
  public static void startOf(ObjectNode root, int i, double seconds) {
    target(root, i).put("start_s", round(seconds));
  }

  /** How target {@code i}'s run ended. */
  public static void result(ObjectNode root, int i, TargetEnd e) {
    ObjectNode t = target(root, i);
    t.put("status", e.status());
    RunJsonWriter.putText(t, "error", e.error().orElse(null));
    t.put("bytes", e.bytes());
    t.put("seconds", round(e.seconds()));
    t.put("average_MBps", round(e.averageMBps()));
  }

  /** The group's end and status. */
  public static void finish(ObjectNode root, String status, Instant ended) {
    root.put("ended", ended.toString());
    root.put("status", status);
  }

  /**
   * A target's own run.json with {@code group} (id, name, role {@code member} or {@code solo}) put
   * in its params, so the history can tell a run slowed by its neighbours from a drive's run alone.
   *
   * @return the tree to write back, or empty when the folder has no run.json with params
   */
  public static Optional<ObjectNode> markMember(
      Path runFolder, String groupId, String name, String role) throws IOException {
    Path file = RunDocumentCodec.fileOf(runFolder);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    return mark(JSON.readTree(file.toFile()), groupId, name, role);
  }

  /**
   * {@link #markMember(Path, String, String, String)} of run.json's text as the run wrote it (its
   * lifecycle told it): the file is not read back.
   */
  public static Optional<ObjectNode> markMember(
      String runJson, String groupId, String name, String role) throws IOException {
    return mark(JSON.readTree(runJson), groupId, name, role);
  }

  private static Optional<ObjectNode> mark(JsonNode run, String groupId, String name, String role) {
    if (!(run instanceof ObjectNode o) || !(o.get("params") instanceof ObjectNode params)) {
      return Optional.empty();
    }
    ObjectNode g = params.putObject("group");
    g.put("id", groupId);
    g.put("name", name);
    g.put("role", role);
    return Optional.of(o);
  }

  private static ObjectNode target(ObjectNode root, int i) {
    return (ObjectNode) root.get("targets").get(i);
  }

  private static double round(double v) {
    return RunJsonWriter.round(v, 3);
  }
}
