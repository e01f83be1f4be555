package dev.sustain.group;

import dev.sustain.run.RunObserver;
import java.nio.file.Path;

/**
 * Where a target's solo rate comes from when the group had no solo pass: the drive's own history
 * (an earlier run of the same drive alone). Implementations must not count runs made as part of a
 * group.
 */
@FunctionalInterface
public interface SoloHistory {

  /** Nothing remembered. */
  SoloHistory NONE = (folder, told) -> null;

  /**
   * What the drive written in {@code memberRunFolder} wrote alone before, or null when nothing is
   * known.
   *
   * @param told the member's folder as its run told it and the group marked it (its run.json's and
   *     analysis.json's texts), so the folder need not be read; null when its run told nothing
   */
  Solo find(Path memberRunFolder, RunObserver.Kept told);

  /**
   * A solo rate and where it comes from.
   *
   * @param megabytesPerSecond the rate (the earlier run's burst), MB/s
   * @param from for people and group.json, e.g. the earlier run's id and folder
   */
  record Solo(double megabytesPerSecond, String from) {}
}
