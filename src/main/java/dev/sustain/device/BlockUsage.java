package dev.sustain.device;

import java.util.ArrayList;
import java.util.List;

/**
 * What uses a block device now, for the raw-device safety guards: its partitions, what of it (or of
 * anything stacked on it: LVM, dm-crypt, RAID) is mounted or is swap, and what holds it. Mounts are
 * those of this process's mount namespace. Immutable.
 *
 * @param name the kernel name the facts are about, e.g. {@code sdb}, {@code loop3}
 * @param partitions its partitions' kernel names, e.g. {@code sdb1}
 * @param mounts the mounted file systems on it, its partitions or their holders
 * @param swaps active swap areas on it, its partitions or their holders, as {@code /proc/swaps}
 *     names them
 * @param holders the devices stacked on it or on its partitions (device-mapper, LVM, RAID)
 */
public record BlockUsage(
    String name,
    List<String> partitions,
    List<Mounted> mounts,
    List<String> swaps,
    List<Holder> holders) {

  /**
   * A mounted file system.
   *
   * @param device the kernel name of the mounted block device, e.g. {@code sdb1}, {@code dm-0}
   */
  public record Mounted(String device, String mountPoint, String fsType) {

    public java.util.Map<String, Object> toJsonMap() {
      return JsonMaps.ordered("device", device, "mount_point", mountPoint, "fs_type", fsType);
    }
  }

  /**
   * A device stacked on this one.
   *
   * @param name the kernel name, e.g. {@code dm-0}, {@code md127}
   * @param kind {@code lvm}, {@code crypt}, {@code multipath}, {@code dm}, {@code md} or {@code
   *     other}
   * @param label the device-mapper name or RAID level, or null
   * @param on the kernel name of the device it sits on (this device or one of its partitions)
   */
  public record Holder(String name, String kind, String label, String on) {

    public java.util.Map<String, Object> toJsonMap() {
      return JsonMaps.ordered("name", name, "kind", kind, "label", label, "on", on);
    }
  }

  public BlockUsage {
    partitions = List.copyOf(partitions);
    mounts = List.copyOf(mounts);
    swaps = List.copyOf(swaps);
    holders = List.copyOf(holders);
  }

  /** True when the root file system lives on this device. */
  public boolean holdsRoot() {
    return mounts.stream().anyMatch(m -> m.mountPoint().equals("/"));
  }

  /** True when anything mounts, swaps on or holds this device. */
  public boolean inUse() {
    return !mounts.isEmpty() || !swaps.isEmpty() || !holders.isEmpty();
  }

  /**
   * One line per reason not to overwrite this device, for a refusal message: e.g. {@code /dev/sdb1
   * is mounted on /media/x (ext4)}, {@code /dev/sdb2 is swap}, {@code sdb3 is held by lvm dm-0
   * (vg-home)}, {@code it holds the root file system}. Empty when nothing uses it.
   */
  public List<String> reasonsInUse() {
    List<String> out = new ArrayList<>();
    if (holdsRoot()) {
      out.add("it holds the root file system");
    }
    for (Mounted m : mounts) {
      out.add("/dev/" + m.device() + " is mounted on " + m.mountPoint() + " (" + m.fsType() + ")");
    }
    for (String s : swaps) {
      out.add(s + " is swap");
    }
    for (Holder h : holders) {
      out.add(
          h.on()
              + " is held by "
              + h.kind()
              + " "
              + h.name()
              + (h.label() == null ? "" : " (" + h.label() + ")"));
    }
    return out;
  }
}
