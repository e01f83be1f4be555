package dev.sustain.device;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a path or device name leads: the layers crossed (partition, device-mapper, RAID, loop) and
 * the whole disk at the bottom, whose facts Sustain reports. Immutable.
 *
 * @param query what the user gave
 * @param target the kernel name of the block device the query maps to directly (the partition, dm
 *     device or loop device holding the path, or the device node itself)
 * @param targetSizeBytes the size of {@code target} itself (a partition's or a loop device's, not
 *     the disk's): where a raw-device write must stop
 * @param queryIsDevice true when the query was a block device node, as for a raw-device run
 * @param stack the layers from {@code target} down, ending with the disk (kind {@code disk})
 * @param device the whole disk at the bottom
 * @param otherDisks further disks under a RAID or a multi-disk LVM volume (empty for most)
 * @param targetUsage what uses {@code target}: for the raw-device guards
 */
public record DeviceResolution(
    String query,
    String target,
    long targetSizeBytes,
    boolean queryIsDevice,
    List<BlockLayer> stack,
    DeviceInfo device,
    List<DeviceInfo> otherDisks,
    BlockUsage targetUsage) {

  public DeviceResolution {
    stack = List.copyOf(stack);
    otherDisks = List.copyOf(otherDisks);
  }

  /** The JSON that {@code info --json} prints: query, target, stack and the device object. */
  public Map<String, Object> toJsonMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("query", query);
    m.put("target", target);
    m.put("target_size_bytes", targetSizeBytes);
    m.put("stack", stack.stream().map(BlockLayer::toJsonMap).toList());
    m.put("device", device.toJsonMap());
    if (!otherDisks.isEmpty()) {
      m.put("other_disks", otherDisks.stream().map(DeviceInfo::toJsonMap).toList());
    }
    m.put("target_in_use", targetUsage.reasonsInUse());
    return m;
  }
}
