package dev.sustain.group;

import java.nio.file.Path;

/**
 * Where a target's solo rate comes from when the group had no solo pass: the drive's own history
 * (an earlier run of the same drive alone). Implementations must not count runs made as part of a
 * group.
 */
@FunctionalInterface
public interface SoloHistory {

  /** Nothing remembered. */
  SoloHistory NONE = folder -> null;

  /**
   * What the drive written in {@code memberRunFolder} wrote alone before, or null when nothing is
   * known.
   */
  Solo find(Path memberRunFolder);

  /**
   * A solo rate and where it comes from.
   *
   * @param megabytesPerSecond the rate (the earlier run's burst), MB/s
   * @param from for people and group.json, e.g. the earlier run's id and folder
   */
  record Solo(double megabytesPerSecond, String from) {}
}
