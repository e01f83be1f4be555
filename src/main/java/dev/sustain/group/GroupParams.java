package dev.sustain.group;

import java.nio.file.Path;
import java.util.Map;

/**
 * What the user asked of a group, already parsed.
 *
 * @param command {@code write} or {@code fill}
 * @param out the group folder, or null for a new one under the default parent
 * @param intervalNanos the sampling interval (every target's and the group's)
 * @param staggerNanos the time between two targets' starts, 0 for all at once
 * @param soloSeconds the length of each target's solo pass before the group ({@code --solo-first}),
 *     or 0 for none
 * @param memberParams the targets' own parameters, as group.json records them (JSON values)
 */
public record GroupParams(
    String command,
    Path out,
    long intervalNanos,
    long staggerNanos,
    double soloSeconds,
    Map<String, Object> memberParams) {

  public GroupParams {
    memberParams =
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(memberParams));
  }
}
