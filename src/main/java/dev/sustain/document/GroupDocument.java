package dev.sustain.document;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A group's {@code group.json} (docs/FORMATS.md) as a record, read only by {@link
 * GroupDocumentCodec} and written by {@link GroupJsonWriter}. What an older file lacks is empty.
 * Immutable.
 *
 * @param version the format version the file was written in
 * @param command {@code write} or {@code fill} ({@code write} when the file does not say)
 * @param status running, complete, interrupted or failed (empty when the file does not say)
 * @param intervalSeconds the group's interval (1 when the file has none above 0)
 * @param targets each target, in column order; never empty
 * @param shared what the targets share as sysfs tells it, as written (a missing node when absent)
 */
public record GroupDocument(
    int version,
    String command,
    String status,
    double intervalSeconds,
    List<Target> targets,
    JsonNode shared) {

  public GroupDocument {
    targets = List.copyOf(targets);
  }

  /**
   * What the targets share as group.json's {@code shared} tells it, for the group's words.
   *
   * @param summary the sharing in one line, e.g. "both on USB hub 2-1"
   * @param parts the parts shared, the closest to the targets first
   */
  public record Shared(Optional<String> summary, List<SharedPart> parts) {

    public Shared {
      parts = List.copyOf(parts);
    }
  }

  /**
   * One part the targets share.
   *
   * @param description the part in words, e.g. "USB 3.2 Gen 1 hub 2-1"
   * @param ceilingMBps the most it carries in practice, where known
   */
  public record SharedPart(String description, OptionalDouble ceilingMBps) {}

  /**
   * One target as group.json tells it.
   *
   * @param folder its run folder, relative to the group's folder (its name when the file has none)
   * @param startSeconds its start on the group's clock
   * @param soloMBps what it wrote alone
   * @param soloSource {@code solo-first} or {@code history}
   * @param soloFrom the solo pass's folder or the history run it came from
   */
  public record Target(
      String name,
      String target,
      String folder,
      OptionalDouble startSeconds,
      String status,
      Optional<String> error,
      long bytes,
      double seconds,
      OptionalDouble soloMBps,
      Optional<String> soloSource,
      Optional<String> soloFrom) {}
}
