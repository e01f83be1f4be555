package dev.sustain.target;

import dev.sustain.device.DeviceResolver;
import dev.sustain.device.NoBlockDeviceException;
import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.ExclusiveOpen;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A raw block device as a write target, and the guards that keep Sustain from destroying data
 * nobody asked it to: a device (or any of its partitions) that is mounted, used as swap, holds the
 * root file system, or is held by LVM, RAID or device-mapper is refused, whatever flags are given.
 * Facts are read from sysfs and /proc through roots that tests replace with fake trees.
 *
 * @param path the device node, e.g. /dev/sdb
 * @param name the kernel's name, e.g. sdb, loop3, nvme0n1p2
 * @param majorMinor e.g. 7:3
 * @param sizeBytes the capacity
 * @param logicalBlockBytes the unit of direct I/O
 * @param model the model, or empty
 * @param serial the serial number, or empty
 */
public record RawDevice(
    Path path,
    String name,
    String majorMinor,
    long sizeBytes,
    int logicalBlockBytes,
    String model,
    String serial) {

  /** Reads the device's facts from {@code sysRoot} (normally /sys). */
  public static RawDevice inspect(Path devicePath, Path sysRoot) throws IOException {
    Path real = devicePath.toRealPath();
    String name = real.getFileName().toString();
    Path sys = sysRoot.resolve("class/block").resolve(name);
    if (!Files.isDirectory(sys)) {
      throw new IOException("no sysfs entry for " + name);
    }
    long sectors = Long.parseLong(read(sys.resolve("size"), "0"));
    Path queue = Files.isDirectory(sys.resolve("queue")) ? sys : sys.resolve("..");
    int logical = Integer.parseInt(read(queue.resolve("queue/logical_block_size"), "512"));
    Path dev =
        Files.isDirectory(sys.resolve("device")) ? sys.resolve("device") : queue.resolve("device");
    String model = read(dev.resolve("model"), "");
    String serial = read(dev.resolve("serial"), read(sys.resolve("serial"), ""));
    if (serial.isEmpty() && Files.isDirectory(sys.resolve("loop"))) {
      serial = "loop:" + read(sys.resolve("loop/backing_file"), "");
    }
    return new RawDevice(
        real, name, read(sys.resolve("dev"), ""), sectors * 512, logical, model, serial);
  }

  private static String read(Path p, String fallback) {
    try {
      return Files.isReadable(p) ? Files.readString(p).strip() : fallback;
    } catch (IOException e) {
      return fallback;
    }
  }

  /**
   * Everything found that makes writing to this device destroy data in use, one sentence each;
   * empty when the device is free to be written (with --destroy-data).
   *
   * @param mountinfo the text of /proc/self/mountinfo
   * @param swaps the text of /proc/swaps
   */
  public List<String> refusals(Path sysRoot, String mountinfo, String swaps) {
    List<String> found = new ArrayList<>();
    Path sys = sysRoot.resolve("class/block").resolve(name);
    List<String[]> parts = new ArrayList<>(); // {name, maj:min}
    parts.add(new String[] {name, majorMinor});
    try (var entries = Files.newDirectoryStream(sys)) {
      for (Path e : entries) {
        if (Files.exists(e.resolve("partition"))) {
          parts.add(new String[] {e.getFileName().toString(), read(e.resolve("dev"), "")});
        }
      }
    } catch (IOException e) {
      // no partitions listed
    }
    for (String[] part : parts) {
      for (String line : mountinfo.split("\n")) {
        String[] f = line.split(" ");
        if (f.length > 4 && f[2].equals(part[1])) {
          String where = f[4].replace("\\040", " ");
          found.add(
              "/dev/"
                  + part[0]
                  + " is mounted at "
                  + where
                  + (where.equals("/") ? " (it holds the root file system)" : ""));
        }
      }
      for (String line : swaps.split("\n")) {
        String first = line.split("\\s+")[0];
        if (first.startsWith("/dev/")
            && (first.equals("/dev/" + part[0]) || resolvesTo(first, part[0]))) {
          found.add("/dev/" + part[0] + " is in use as swap");
        }
      }
      Path holders = sysRoot.resolve("class/block").resolve(part[0]).resolve("holders");
      try (var hs = Files.newDirectoryStream(holders)) {
        for (Path h : hs) {
          String holder = h.getFileName().toString();
          String kind =
              holder.startsWith("md")
                  ? "RAID (md)"
                  : holder.startsWith("dm-") ? describeDm(sysRoot, holder) : "another device";
          found.add("/dev/" + part[0] + " is held by " + holder + ": " + kind);
        }
      } catch (IOException e) {
        // no holders folder: nothing holds it
      }
    }
    return found;
  }

  /**
   * Everything that makes writing this device destroy data in use on this machine: the guard's own
   * findings from /sys and /proc, and the device resolver's (which also matches mounts by their
   * source, catching btrfs and its anonymous device numbers, and follows holders of holders such as
   * LVM on dm-crypt).
   */
  /**
   * Refuses the raw device {@code given} without the user's consent.
   *
   * @param doingIt what the command does to it, e.g. {@code writing to it}
   */
  public static void requireConsent(Path given, boolean destroyData, String doingIt) {
    if (!destroyData) {
      throw new UsageException(
          given
              + " is a raw block device: "
              + doingIt
              + " destroys all its data; refused without --destroy-data");
    }
  }

  /**
   * Refuses to {@code verb} this device ({@code given}, as the user named it) while anything on
   * this system uses it ({@link #refusalsOnThisSystem}): consent does not lift these.
   */
  public void refuseWhileInUse(String verb, Path given) throws IOException {
    List<String> problems = refusalsOnThisSystem();
    if (!problems.isEmpty()) {
      throw new UsageException(
          "refusing to "
              + verb
              + " "
              + given
              + " even with --destroy-data: "
              + String.join("; ", problems));
    }
  }

  public List<String> refusalsOnThisSystem() throws IOException {
    List<String> problems =
        refusals(
            Path.of("/sys"),
            Files.readString(Path.of("/proc/self/mountinfo")),
            Files.isReadable(Path.of("/proc/swaps"))
                ? Files.readString(Path.of("/proc/swaps"))
                : "");
    try {
      return merged(problems, DeviceResolver.system().usageOf(name).reasonsInUse());
    } catch (NoBlockDeviceException e) {
      return problems; // the guard's own findings stand
    }
  }

  /**
   * The guard's findings and the resolver's, each reason once: the resolver's sentence for what the
   * guard already said (the same device mounted, swapped or held; the root file system) is left
   * out, so a refusal does not give one reason twice in two wordings.
   */
  static List<String> merged(List<String> problems, List<String> resolverReasons) {
    java.util.LinkedHashSet<String> all = new java.util.LinkedHashSet<>(problems);
    boolean rootSaid = problems.stream().anyMatch(p -> p.contains("root file system"));
    for (String m : resolverReasons) {
      String dev = m.split(" ")[0];
      boolean known =
          m.startsWith("it holds the root") && rootSaid
              || problems.stream()
                  .anyMatch(
                      p ->
                          p.split(" ")[0].equals(dev)
                              && (p.contains("mounted") && m.contains("mounted")
                                  || p.contains("swap") && m.contains("swap")
                                  || p.contains("held") && m.contains("held")));
      if (!known) {
        all.add(m);
      }
    }
    return List.copyOf(all);
  }

  private static String describeDm(Path sysRoot, String holder) {
    String uuid = read(sysRoot.resolve("class/block").resolve(holder).resolve("dm/uuid"), "");
    if (uuid.startsWith("LVM-")) {
      return "LVM";
    }
    if (uuid.startsWith("CRYPT-")) {
      return "an encrypted volume (dm-crypt)";
    }
    return "device-mapper";
  }

  private static boolean resolvesTo(String devPath, String name) {
    try {
      return Path.of(devPath).toRealPath().getFileName().toString().equals(name);
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Holds the device exclusively (O_EXCL) until the hold is closed, so that while Sustain writes it
   * nothing else can mount it, make or turn on swap on it, or claim it as another writer does: the
   * checks of {@link #refuseWhileInUse} see only what uses it before the run, this keeps it so.
   * Refused, with one line, when something holds it already.
   *
   * @param verb what the command does, e.g. {@code write}
   */
  public ExclusiveOpen holdExclusively(String verb, Path given) {
    return holdExclusively(path, verb, given);
  }

  /**
   * {@link #holdExclusively(String, Path)} before the device's facts are read: for a command that
   * holds it across more than one step (write --trim-first holds it from the discard to the end of
   * the write, so nothing takes it in between). Every path that writes or discards a raw device
   * takes its hold here.
   */
  public static ExclusiveOpen holdExclusively(Path path, String verb, Path given) {
    try {
      return ExclusiveOpen.claim(path);
    } catch (ErrnoException e) {
      if (e.errno() == Errno.EBUSY) {
        throw new UsageException(
            "refusing to "
                + verb
                + " "
                + given
                + ": another program holds it exclusively ("
                + Errno.name(e.errno())
                + ": mounted, swap, part of an array or volume, or opened with O_EXCL as another"
                + " sustain run does); stop it first");
      }
      throw new UsageException("cannot hold " + given + " exclusively: " + e.getMessage());
    }
  }

  /** One line for people: {@code /dev/loop3 (model -, serial -, 1.1 GB / 1 GiB)}. */
  public String describe() {
    return path
        + " (model "
        + (model.isEmpty() ? "unknown" : model)
        + ", serial "
        + (serial.isEmpty() ? "unknown" : serial)
        + ", "
        + Units.decimalBytes(sizeBytes)
        + " = "
        + Units.binaryBytes(sizeBytes)
        + ")";
  }
}
