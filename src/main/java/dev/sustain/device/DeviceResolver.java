package dev.sustain.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Finds the block device under a path or for a device node and describes it: through partitions,
 * device-mapper (LVM, dm-crypt), RAID and loop devices (by their backing file) down to the whole
 * disk. Reads sysfs and procfs under a root, so tests run it on fake trees; {@link #system()} is
 * the live one. Thread-safe; each call reads the system afresh.
 *
 * <p>A path is mapped to its device by {@code stat}'s st_dev (block device nodes by st_rdev) and
 * {@code /sys/dev/block/MAJ:MIN}; where st_dev is anonymous (btrfs, a path that is not there) by
 * the longest matching mount point in {@code /proc/self/mountinfo} and its source.
 */
public final class DeviceResolver {

  private static final int MAX_DEPTH = 16;

  private final Sysfs sysfs;
  private final boolean live;
  private final Function<String, SmartctlReport> smartctl;
  private final String smartctlWhyNot;

  private DeviceResolver(
      Path root, boolean live, Function<String, SmartctlReport> smartctl, String whyNot) {
    this.sysfs = new Sysfs(root);
    this.live = live;
    this.smartctl = smartctl;
    this.smartctlWhyNot = whyNot;
  }

  /**
   * The live system: {@code /sys}, {@code /proc}, stat, and smartctl where it is installed and the
   * device node is readable (root).
   */
  public static DeviceResolver system() {
    Optional<Smartctl> sc = Smartctl.find();
    Function<String, SmartctlReport> f =
        sc.<Function<String, SmartctlReport>>map(
                s ->
                    dev -> {
                      if (!Files.isReadable(Path.of(dev))) {
                        return null;
                      }
                      return s.identify(dev);
                    })
            .orElse(null);
    String whyNot =
        sc.isEmpty()
            ? "smartctl (smartmontools) is not installed"
            : "smartctl could not open the device (needs root)";
    return new DeviceResolver(Path.of("/"), true, f, whyNot);
  }

  /**
   * A resolver over a fake tree: {@code root/sys}, {@code root/proc/self/mountinfo}, {@code
   * root/proc/swaps}. Paths are mapped through the mount table only (no stat).
   *
   * @param smartctl stands in for smartctl, or null for none
   */
  public static DeviceResolver forRoot(Path root, Function<String, SmartctlReport> smartctl) {
    return new DeviceResolver(root, false, smartctl, "smartctl not used");
  }

  /** Resolves a path (file, directory, mount point) or a device node such as {@code /dev/sdb}. */
  public DeviceResolution resolve(String pathOrDevice) throws NoBlockDeviceException {
    if (pathOrDevice == null || pathOrDevice.isBlank()) {
      throw new NoBlockDeviceException("no path given");
    }
    DeviceProber prober = prober();
    Start start = start(pathOrDevice, prober);
    Path top = start.dir();
    List<BlockLayer> stack = new ArrayList<>();
    List<Path> others = new ArrayList<>();
    Path disk = walk(top, stack, others, prober, 0);
    DeviceInfo info = prober.probe(disk);
    List<DeviceInfo> otherInfos = new ArrayList<>();
    for (Path o : others) {
      if (!o.equals(disk)) {
        otherInfos.add(prober.probe(o));
      }
    }
    return new DeviceResolution(
        pathOrDevice,
        Sysfs.name(top),
        Sysfs.readLong(top.resolve("size"), 0) * 512,
        start.isDevice(),
        stack,
        info,
        otherInfos,
        prober.usage(top));
  }

  /**
   * What the whole devices under {@code queries} (paths or device nodes) have in common on the way
   * to the CPU: a hub, a bus, a switch, a controller, or the very same device. A query without a
   * block device (tmpfs) leaves nothing to tell.
   */
  public SharedParts sharedBy(List<String> queries) {
    List<DeviceInfo> disks = new ArrayList<>();
    for (String q : queries) {
      try {
        disks.add(resolve(q).device());
      } catch (NoBlockDeviceException e) {
        disks.add(null);
      }
    }
    return SharedParts.of(sysfs.root(), disks);
  }

  /**
   * The file system that holds {@code path} (a file not made yet: its nearest existing folder), as
   * the mount table names it; empty when no mount holds it.
   */
  public Optional<MountEntry> fileSystemOf(String path) {
    Path p = Path.of(path).toAbsolutePath().normalize();
    while (live && p.getParent() != null && !Files.exists(p)) {
      p = p.getParent();
    }
    return Optional.ofNullable(MountEntry.holding(mounts(), absolute(p.toString())));
  }

  /** Describes one block device by kernel name without descending (e.g. a loop device itself). */
  public DeviceInfo describe(String kernelName) throws NoBlockDeviceException {
    return prober().probe(blockDir(kernelName));
  }

  /** What uses the block device with this kernel name now, for the raw-device guards. */
  public BlockUsage usageOf(String kernelName) throws NoBlockDeviceException {
    return prober().usage(blockDir(kernelName));
  }

  private Path blockDir(String kernelName) throws NoBlockDeviceException {
    return sysfs
        .blockByName(kernelName)
        .orElseThrow(() -> new NoBlockDeviceException("no block device named " + kernelName));
  }

  private DeviceProber prober() {
    return new DeviceProber(
        sysfs, mounts(), swaps(), smartctl, smartctlWhyNot, live ? this::liveKernelName : null);
  }

  private List<MountEntry> mounts() {
    String text = Sysfs.read(sysfs.root().resolve("proc/self/mountinfo"));
    return text == null ? List.of() : MountEntry.parseMountInfo(text);
  }

  private List<String> swaps() {
    String text = Sysfs.read(sysfs.root().resolve("proc/swaps"));
    return text == null ? List.of() : MountEntry.parseSwaps(text);
  }

  private String liveKernelName(String source) {
    try {
      Path real = Path.of(source).toRealPath();
      return real.startsWith("/dev") && real.getNameCount() == 2
          ? real.getFileName().toString()
          : null;
    } catch (IOException | InvalidPathException e) {
      return null;
    }
  }

  private record Start(Path dir, boolean isDevice) {}

  private Start start(String query, DeviceProber prober) throws NoBlockDeviceException {
    if (live) {
      Optional<Start> s = statStart(query);
      if (s.isPresent()) {
        return s.get();
      }
      if (!Files.exists(Path.of(query))) {
        throw new NoBlockDeviceException("no such file or device: " + query);
      }
    } else if (query.startsWith("/dev/")) {
      String name = prober.kernelName(query);
      Optional<Path> dir = name == null ? Optional.empty() : sysfs.blockByName(name);
      if (dir.isPresent()) {
        return new Start(dir.get(), true);
      }
    }
    return new Start(viaMounts(query, prober), false);
  }

  /** st_rdev for device nodes, st_dev for anything else; empty for anonymous devices. */
  private Optional<Start> statStart(String query) {
    try {
      Path p = Path.of(query);
      int mode = (Integer) Files.getAttribute(p, "unix:mode");
      boolean blockDevice = (mode & 0170000) == 0060000;
      long dev = (Long) Files.getAttribute(p, blockDevice ? "unix:rdev" : "unix:dev");
      Optional<Path> dir = sysfs.blockByMajMin(major(dev), minor(dev));
      return dir.map(d -> new Start(d, blockDevice));
    } catch (IOException | UnsupportedOperationException | InvalidPathException e) {
      return Optional.empty();
    }
  }

  /** glibc's gnu_dev_major: 12 bits at 8, the rest above 32. */
  static int major(long dev) {
    return (int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL));
  }

  /** glibc's gnu_dev_minor: 8 low bits, the rest from bit 20. */
  static int minor(long dev) {
    return (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL));
  }

  private Path viaMounts(String query, DeviceProber prober) throws NoBlockDeviceException {
    String abs = absolute(query);
    MountEntry best = MountEntry.holding(mounts(), abs);
    if (best == null) {
      throw new NoBlockDeviceException("no mounted file system holds " + query);
    }
    Optional<Path> dir = sysfs.blockByMajMin(best.major(), best.minor());
    if (dir.isEmpty()) {
      String name = prober.kernelName(best.source());
      dir = name == null ? Optional.empty() : sysfs.blockByName(name);
    }
    if (dir.isEmpty()) {
      throw new NoBlockDeviceException(
          "no block device under "
              + query
              + ": it is on "
              + best.fsType()
              + " ("
              + best.source()
              + ") mounted on "
              + best.mountPoint());
    }
    return dir.get();
  }

  private String absolute(String query) {
    if (!live) {
      return Path.of(query).normalize().toString();
    }
    try {
      return Path.of(query).toRealPath().toString();
    } catch (IOException | InvalidPathException e) {
      return Path.of(query).toAbsolutePath().normalize().toString();
    }
  }

  static boolean under(String path, String mountPoint) {
    if (mountPoint.equals("/")) {
      return path.startsWith("/");
    }
    return path.equals(mountPoint) || path.startsWith(mountPoint + "/");
  }

  /** Follows partitions, slaves and loop backing files down to a whole disk. */
  private Path walk(
      Path dir, List<BlockLayer> stack, List<Path> others, DeviceProber prober, int depth)
      throws NoBlockDeviceException {
    String name = Sysfs.name(dir);
    if (depth > MAX_DEPTH) {
      throw new NoBlockDeviceException("device stack too deep at " + name);
    }
    if (Sysfs.isPartition(dir)) {
      Path parent = dir.getParent();
      stack.add(
          new BlockLayer(
              name,
              "partition",
              "partition "
                  + Sysfs.read(dir.resolve("partition"))
                  + " of "
                  + Sysfs.name(parent)
                  + ", starts at byte "
                  + Sysfs.readLong(dir.resolve("start"), 0) * 512));
      return walk(parent, stack, others, prober, depth + 1);
    }
    Path below = belowHolder(dir, stack, others, prober, depth);
    if (below != null) {
      return walk(below, stack, others, prober, depth + 1);
    }
    String backing = Sysfs.read(dir.resolve("loop/backing_file"));
    if (backing != null) {
      return belowLoop(dir, backing, stack, others, prober, depth);
    }
    boolean detachedLoop = name.startsWith("loop") && Sysfs.readLong(dir.resolve("size"), 0) == 0;
    stack.add(
        new BlockLayer(
            name, "disk", detachedLoop ? "loop device with no backing file" : "whole device"));
    return dir;
  }

  /**
   * For a device-mapper or RAID device: its layer, the first slave to follow down (the others are
   * walked into {@code others}), or null when it has no slaves.
   */
  private Path belowHolder(
      Path dir, List<BlockLayer> stack, List<Path> others, DeviceProber prober, int depth)
      throws NoBlockDeviceException {
    List<String> slaves = Sysfs.list(dir.resolve("slaves"));
    if (slaves.isEmpty()) {
      return null;
    }
    String label = DeviceProber.holderLabel(dir);
    stack.add(
        new BlockLayer(
            Sysfs.name(dir),
            DeviceProber.holderKind(dir),
            (label == null ? "" : label + " ") + "on " + String.join(", ", slaves)));
    Path first = null;
    for (String s : slaves) {
      Optional<Path> sd = Sysfs.real(dir.resolve("slaves").resolve(s));
      if (sd.isEmpty()) {
        continue;
      }
      if (first == null) {
        first = sd.get();
      } else {
        others.add(walk(sd.get(), new ArrayList<>(), others, prober, depth + 1));
      }
    }
    return first;
  }

  /** A loop device: down to the disk under its backing file, or the bottom when there is none. */
  private Path belowLoop(
      Path dir,
      String backing,
      List<BlockLayer> stack,
      List<Path> others,
      DeviceProber prober,
      int depth)
      throws NoBlockDeviceException {
    String name = Sysfs.name(dir);
    stack.add(new BlockLayer(name, "loop", "backing file " + backing));
    Path below = null;
    if (!backing.endsWith(" (deleted)")) {
      try {
        below = start(backing, prober).dir();
      } catch (NoBlockDeviceException e) {
        // backing file on tmpfs or similar: the loop device is the bottom
      }
    }
    if (below != null) {
      return walk(below, stack, others, prober, depth + 1);
    }
    stack.removeLast();
    stack.add(
        new BlockLayer(
            name, "disk", "loop device; its backing file " + backing + " is on no block device"));
    return dir;
  }
}
