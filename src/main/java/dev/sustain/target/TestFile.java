package dev.sustain.target;

import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The file a run writes: either a new, uniquely named file inside a folder the user named, or a new
 * file at a path the user named. An existing file is never overwritten and a raw block device is
 * refused here, because either would destroy data nobody asked to destroy.
 *
 * @param path the test file
 * @param createdByName true when the user named the file itself (rather than a folder)
 */
public record TestFile(Path path, boolean createdByName) {

  /** Test files carry this prefix so that leftovers of killed runs can be found and removed. */
  public static final String PREFIX = "sustain-test-";

  /**
   * Resolves the user's TARGET argument into the test file to create.
   *
   * @throws UsageException when the target is missing, exists, or is a device
   */
  public static TestFile resolve(String target, String runId) {
    if (target == null || target.isBlank()) {
      throw new UsageException("a TARGET is required: a folder or a new file");
    }
    Path p = Path.of(target).toAbsolutePath().normalize();
    if (isBlockDevice(p)) {
      throw new UsageException(
          p
              + " is a raw block device: writing to it would destroy its data; give a folder or a"
              + " file on a mounted file system instead");
    }
    if (Files.isDirectory(p)) {
      WritableFolder.require(p, "a test file in");
      return new TestFile(p.resolve(PREFIX + runId + ".dat"), false);
    }
    if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
      throw new UsageException(
          p + " already exists: Sustain never overwrites a file; give a folder or a new file name");
    }
    Path parent = p.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new UsageException("folder " + parent + " does not exist");
    }
    WritableFolder.require(parent, "a test file in");
    return new TestFile(p, true);
  }

  /** True for a block special file (e.g. /dev/sda, /dev/loop0). */
  public static boolean isBlockDevice(Path p) {
    try {
      if (!Files.exists(p) || Files.isDirectory(p) || Files.isRegularFile(p)) {
        return false;
      }
      int mode = (Integer) Files.getAttribute(p, "unix:mode");
      return (mode & 0170000) == 0060000;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return false;
    }
  }

  /** The run id in a test file's name: {@code sustain-test-20261201-061209-9bd8[-fill-3].dat}. */
  private static final Pattern RUN_ID =
      Pattern.compile(Pattern.quote(PREFIX) + "(\\d{8}-\\d{6}-[0-9a-f]{4}).*\\.dat");

  /**
   * Test files in {@code folder} that no running run owns, one sentence per run for people: a
   * killed run's (naming its run folder for {@code clean} when its mark says it), a kept one, or
   * one of unknown origin. A run that is going now (its {@link RunMark} is locked) is said to be
   * writing there, never called a leftover.
   */
  public static List<String> leftovers(Path folder) {
    Map<String, List<Path>> byRun = new TreeMap<>();
    try (var files = Files.newDirectoryStream(folder, PREFIX + "*.dat")) {
      for (Path f : files) {
        Matcher m = RUN_ID.matcher(f.getFileName().toString());
        byRun.computeIfAbsent(m.matches() ? m.group(1) : "", k -> new ArrayList<>()).add(f);
      }
    } catch (IOException e) {
      return List.of(); // an unreadable folder is reported when the run writes in it
    }
    List<String> found = new ArrayList<>();
    for (var e : byRun.entrySet()) {
      Path[] runFolder = new Path[1];
      RunMark.State state =
          e.getKey().isEmpty() ? RunMark.State.NONE : RunMark.read(folder, e.getKey(), runFolder);
      found.add(leftoverSentence(e.getKey(), e.getValue(), state, runFolder[0]));
    }
    return found;
  }

  private static String leftoverSentence(
      String runId, List<Path> files, RunMark.State state, Path runFolder) {
    long bytes = 0;
    for (Path f : files) {
      try {
        bytes += Files.size(f);
      } catch (IOException e) {
        // gone meanwhile: nothing to count
      }
    }
    String what =
        (files.size() == 1 ? "test file " + files.getFirst() : files.size() + " test files")
            + " ("
            + Units.decimalBytes(bytes)
            + ")";
    String clean =
        runFolder != null
            ? "; remove "
                + (files.size() == 1 ? "it" : "them")
                + " with: sustain clean "
                + runFolder
            : "; remove "
                + (files.size() == 1 ? "it" : "them")
                + " with 'sustain clean RUN_FOLDER'"
                + " or delete "
                + (files.size() == 1 ? "it" : "them");
    return switch (state) {
      case LIVE ->
          "run "
              + runId
              + (runFolder == null ? "" : " (" + runFolder + ")")
              + " is writing in this folder now: the two runs share the drive and each measures"
              + " part of it";
      case KEPT -> "kept " + what + " of run " + runId + " (--keep)" + clean;
      case DEAD -> "leftover " + what + " of run " + runId + ", which did not finish" + clean;
      case NONE ->
          "leftover "
              + what
              + (runId.isEmpty() ? "" : " of run " + runId)
              + " from a run that did not finish or an older version"
              + clean;
    };
  }

  /** The folder the file lives in. */
  public Path folder() {
    return path.getParent();
  }

  /** The file store (file system) the test file will be on. */
  public FileStore fileStore() throws IOException {
    return Files.getFileStore(folder());
  }

  /**
   * Refuses a job that would not fit: {@code bytes} plus a margin (1% of the file system, at least
   * 64 MiB, at most 4 GiB) so the system is never left with a full disk.
   */
  public void checkFreeSpace(long bytes) {
    try {
      FileStore store = fileStore();
      refuseVirtual(store.type());
      long usable = store.getUsableSpace();
      long margin = margin(store);
      if (bytes + margin > usable) {
        throw new UsageException(
            "not enough free space in "
                + folder()
                + ": the job "
                + Units.needsAndFree(bytes, margin, usable));
      }
    } catch (IOException e) {
      throw new UsageException("cannot read the free space of " + folder() + ": " + e.getMessage());
    }
  }

  /**
   * The kernel's own file systems (proc, sysfs and the like) show "0 B free" for a reason that has
   * nothing to do with space: they are views of the kernel, with no drive under them.
   */
  private static final java.util.Set<String> VIRTUAL =
      java.util.Set.of(
          "proc",
          "sysfs",
          "devpts",
          "cgroup",
          "cgroup2",
          "debugfs",
          "tracefs",
          "securityfs",
          "configfs",
          "pstore",
          "bpf",
          "efivarfs",
          "mqueue",
          "hugetlbfs",
          "fusectl",
          "binfmt_misc");

  private void refuseVirtual(String fileSystemType) {
    if (VIRTUAL.contains(fileSystemType)) {
      throw new UsageException(
          folder()
              + " is not a place a test file can be written: it is on "
              + fileSystemType
              + ", a virtual file system the kernel makes up (there is no drive under it)");
    }
  }

  private static long margin(FileStore store) throws IOException {
    long total = store.getTotalSpace();
    return Math.min(4L << 30, Math.max(total / 100, Math.min(64L << 20, total / 10)));
  }

  /** The largest job that passes {@link #checkFreeSpace}: free space less the margin. */
  public long maxJobBytes() {
    try {
      FileStore store = fileStore();
      long max = store.getUsableSpace() - margin(store);
      if (max <= 0) {
        throw new UsageException("no free space in " + folder() + " beyond the safety margin");
      }
      return max;
    } catch (IOException e) {
      throw new UsageException("cannot read the free space of " + folder() + ": " + e.getMessage());
    }
  }

  /** Removes the test file; true when it is gone. */
  public boolean remove() {
    try {
      Files.deleteIfExists(path);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
