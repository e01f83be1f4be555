package dev.sustain.group;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.GroupJsonWriter;
import dev.sustain.input.GroupFolder;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunHeader;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A group's {@code group.json} from its own records, through {@link GroupJsonWriter} (which names
 * its keys; none is named here). Folders are relative to the group folder, so a moved group folder
 * stays readable ({@link GroupFolder} reads it). Not thread-safe: the coordinator's thread owns it.
 */
final class GroupJson {

  static final String GROUP_JSON = "group.json";

  private final String groupId;
  private final ObjectNode root;

  GroupJson(
      String groupId,
      GroupParams params,
      List<GroupMember> members,
      Map<String, Object> shared,
      Instant started) {
    this.groupId = groupId;
    root =
        GroupJsonWriter.start(
            new GroupJsonWriter.Asked(
                params.command(),
                RunHeader.TOOL_VERSION,
                groupId,
                RunHeader.hostName(),
                ProcessHandle.current().pid(),
                params.intervalNanos() / 1e9,
                params.staggerNanos() / 1e9,
                params.soloSeconds() > 0
                    ? OptionalDouble.of(params.soloSeconds())
                    : OptionalDouble.empty(),
                params.memberParams(),
                members.stream()
                    .map(m -> new GroupJsonWriter.Target(m.name(), m.target()))
                    .toList(),
                shared,
                started),
            RunStatus.RUNNING.word());
  }

  ObjectNode node() {
    return root;
  }

  String groupId() {
    return groupId;
  }

  /**
   * Target {@code i}'s solo rate and where it comes from ({@code solo-first} or {@code history}).
   */
  void solo(int i, double megabytesPerSecond, String source, String from) {
    if (Double.isFinite(megabytesPerSecond)) {
      GroupJsonWriter.solo(root, i, megabytesPerSecond, source, from);
    }
  }

  /** Target {@code i}'s start on the group's clock. */
  void start(int i, double seconds) {
    if (Double.isFinite(seconds)) {
      GroupJsonWriter.startOf(root, i, seconds);
    }
  }

  /** How target {@code i}'s run ended. */
  void result(int i, MemberResult r) {
    GroupJsonWriter.result(
        root,
        i,
        new GroupJsonWriter.TargetEnd(
            r.status().word(),
            Optional.ofNullable(r.error()),
            r.bytes(),
            r.seconds(),
            r.averageMegabytesPerSecond()));
  }

  /** The group's end and status. */
  void finish(RunStatus status, Instant ended) {
    GroupJsonWriter.finish(root, status.word(), ended);
  }

  /**
   * Marks a target's own run folder as part of this group ({@code group} in run.json's params: id,
   * name, role {@code member} or {@code solo}), so the history can tell a run slowed by its
   * neighbours from a drive's run alone. Marked from run.json's text as the run's end told it
   * ({@code kept}), or read from the folder when it told nothing (null).
   *
   * @return the folder as it is once marked, for the history; null when the run told nothing or its
   *     run.json has no params to mark
   */
  static RunObserver.Kept markMember(
      Path runFolder, RunObserver.Kept kept, String groupId, String name, String role)
      throws IOException {
    Optional<ObjectNode> marked =
        kept == null
            ? GroupJsonWriter.markMember(runFolder, groupId, name, role)
            : GroupJsonWriter.markMember(kept.runJson(), groupId, name, role);
    if (marked.isEmpty()) {
      return null;
    }
    String text = RunFolder.open(runFolder).writeRunJson(marked.get());
    return kept == null
        ? null
        : new RunObserver.Kept(runFolder, text, kept.analysisJson(), kept.samples());
  }
}
