package dev.sustain.group;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunHeader;
import dev.sustain.run.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code group.json}: {@code version, kind: "group", command, tool, group_id, host, pid,
 * params, targets: [{name, target, folder, start_s, status, error, bytes, seconds, average_MBps,
 * solo_MBps, solo_source, solo_from}], shared, started, ended, status}. Folders are relative to the
 * group folder, so a moved group folder stays readable ({@code dev.sustain.input.GroupFolder} reads
 * it). Numbers are plain JSON numbers. Not thread-safe: the coordinator's thread owns it.
 */
final class GroupJson {

  static final String GROUP_JSON = "group.json";

  private final ObjectNode root;
  private final ArrayNode targets;

  GroupJson(
      String groupId,
      GroupParams params,
      List<GroupMember> members,
      Map<String, Object> shared,
      Instant started) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    root = f.objectNode();
    root.put("version", RunFolder.FORMAT_VERSION);
    root.put("kind", "group");
    root.put("command", params.command());
    ObjectNode tool = root.putObject("tool");
    tool.put("name", "sustain");
    tool.put("version", RunHeader.TOOL_VERSION);
    root.put("group_id", groupId);
    root.put("host", RunHeader.hostName());
    root.put("pid", ProcessHandle.current().pid());
    ObjectNode p = root.putObject("params");
    p.put("interval_s", params.intervalNanos() / 1e9);
    p.put("stagger_s", params.staggerNanos() / 1e9);
    if (params.soloSeconds() > 0) {
      p.put("solo_first_s", params.soloSeconds());
    } else {
      p.putNull("solo_first_s");
    }
    p.set("target", RunFolder.JSON.valueToTree(params.memberParams()));
    targets = root.putArray("targets");
    for (GroupMember m : members) {
      ObjectNode t = targets.addObject();
      t.put("name", m.name());
      t.put("target", m.target());
      t.put("folder", m.name());
      t.putNull("start_s");
      t.put("status", RunStatus.RUNNING.word());
      t.putNull("error");
      t.put("bytes", 0);
      t.put("seconds", 0.0);
      t.put("average_MBps", 0.0);
      t.putNull("solo_MBps");
      t.putNull("solo_source");
      t.putNull("solo_from");
    }
    root.set("shared", shared == null ? f.nullNode() : RunFolder.JSON.valueToTree(shared));
    root.put("started", started.toString());
    root.putNull("ended");
    root.put("status", RunStatus.RUNNING.word());
  }

  ObjectNode node() {
    return root;
  }

  /**
   * Target {@code i}'s solo rate and where it comes from ({@code solo-first} or {@code history}).
   */
  void solo(int i, double megabytesPerSecond, String source, String from) {
    ObjectNode t = (ObjectNode) targets.get(i);
    if (Double.isFinite(megabytesPerSecond)) {
      t.put("solo_MBps", RunHeader.round(megabytesPerSecond));
      t.put("solo_source", source);
      t.put("solo_from", from);
    }
  }

  /** Target {@code i}'s start on the group's clock. */
  void start(int i, double seconds) {
    if (Double.isFinite(seconds)) {
      ((ObjectNode) targets.get(i)).put("start_s", RunHeader.round(seconds));
    }
  }

  /** How target {@code i}'s run ended. */
  void result(int i, MemberResult r) {
    ObjectNode t = (ObjectNode) targets.get(i);
    t.put("status", r.status().word());
    t.put("error", r.error()); // null when it did not fail: Jackson writes a JSON null
    t.put("bytes", r.bytes());
    t.put("seconds", RunHeader.round(r.seconds()));
    t.put("average_MBps", RunHeader.round(r.averageMegabytesPerSecond()));
  }

  /** The group's end and status. */
  void finish(RunStatus status, Instant ended) {
    root.put("ended", ended.toString());
    root.put("status", status.word());
  }

  /**
   * Marks a target's own run folder as part of this group ({@code group} in run.json's params: id,
   * name, role {@code member} or {@code solo}), so the history can tell a run slowed by its
   * neighbours from a drive's run alone.
   */
  static void markMember(Path runFolder, String groupId, String name, String role)
      throws IOException {
    Path file = runFolder.resolve(RunFolder.RUN_JSON);
    if (!Files.isRegularFile(file)) {
      return;
    }
    JsonNode run = RunFolder.JSON.readTree(file.toFile());
    if (!(run instanceof ObjectNode o) || !(o.get("params") instanceof ObjectNode params)) {
      return;
    }
    ObjectNode g = params.putObject("group");
    g.put("id", groupId);
    g.put("name", name);
    g.put("role", role);
    RunFolder.open(runFolder).writeRunJson(o);
  }
}
