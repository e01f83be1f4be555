package dev.sustain.group;

import dev.sustain.run.RunObserver;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One target of a group: its name (its run folder's and its column's), what the user named, and how
 * its ordinary run is made. The group never runs a target any other way. Immutable.
 *
 * @param name a short name, unique in the group, safe as a folder name and a CSV column
 * @param target the folder, file or device the user named
 * @param check refuses the target before anything of the group is written (the single-target safety
 *     rules), by throwing {@link UsageException}
 * @param run the target's ordinary run (write or fill)
 * @param solo a short write of the target alone, for its solo rate ({@code --solo-first}); null
 *     when none is asked for
 */
public record GroupMember(String name, String target, Check check, Run run, Run solo) {

  /** The target's run, into {@code runFolder}, telling {@code observer}; {@code stop} ends it. */
  @FunctionalInterface
  public interface Run {
    MemberResult run(Path runFolder, RunObserver observer, AtomicBoolean stop) throws IOException;
  }

  /** The single-target checks, before anything is written. */
  @FunctionalInterface
  public interface Check {
    void check() throws IOException;
  }
}
