package dev.sustain.cli;

import dev.sustain.run.DefaultsAndLimits;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * The options of a group of targets written at once ({@code write T1 T2 ...}, {@code fill D1 D2
 * ...}): the stagger between starts and the solo pass. A picocli mixin. Not thread-safe.
 */
public final class GroupOptions {

  @Option(names = "--stagger", paramLabel = "DURATION")
  Duration stagger;

  @Option(names = "--solo-first")
  boolean soloFirst;

  @Option(
      names = "--solo-time",
      paramLabel = "DURATION",
      defaultValue = DefaultsAndLimits.SOLO_TIME)
  Duration soloTime;

  private static final Set<String> RESERVED =
      Set.of("solo", "samples.csv", "group.json", "analysis.json");

  /** Refuses the group's options for a single target. */
  void checkOneTarget() {
    if (stagger != null || soloFirst) {
      throw new UsageException("--stagger and --solo-first need two targets or more");
    }
  }

  long staggerNanos() {
    if (stagger != null && stagger.isNegative()) {
      throw new UsageException("--stagger cannot be negative");
    }
    return stagger == null ? 0 : stagger.toNanos();
  }

  double soloSeconds() {
    if (!soloFirst) {
      return 0;
    }
    if (soloTime.toMillis() < 1000) {
      throw new UsageException(
          "--solo-time must be at least 1s, not " + soloTime.toMillis() + "ms");
    }
    return soloTime.toNanos() / 1e9;
  }

  /**
   * A short, unique name per target, safe as a folder name and a CSV column: its last path part
   * ({@code /dev/sdb} is {@code sdb}, {@code /media/usb1} is {@code usb1}), other characters as
   * {@code _}, a number added to repeats. The same target twice is refused.
   */
  static List<String> names(List<String> targets) {
    Set<Path> seen = new HashSet<>();
    Set<String> used = new HashSet<>();
    List<String> out = new ArrayList<>();
    for (String t : targets) {
      Path p = Path.of(t).toAbsolutePath().normalize();
      Path real;
      try {
        real = p.toRealPath();
      } catch (IOException e) {
        real = p;
      }
      if (!seen.add(real)) {
        throw new UsageException(t + " is given twice: each target once");
      }
      Path file = p.getFileName();
      String base = file == null ? "root" : file.toString().replaceAll("[^A-Za-z0-9._-]", "_");
      if (base.isEmpty() || base.startsWith(".")) {
        base = "target" + base;
      }
      // The group folder's own entries cannot be a target's folder.
      if (RESERVED.contains(base.toLowerCase(Locale.ROOT))) {
        base = base + "-target";
      }
      String name = base;
      for (int k = 2; !used.add(name); k++) {
        name = base + "-" + k;
      }
      out.add(name);
    }
    return out;
  }
}
