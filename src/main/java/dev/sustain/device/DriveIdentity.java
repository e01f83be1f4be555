package dev.sustain.device;

/**
 * A key that names the same drive across runs, for history and comparisons. Immutable.
 *
 * <p>In order of preference: {@code model+serial} (the drive's own, from NVMe or ATA IDENTIFY where
 * the carrier passes it, else what sysfs shows); {@code wwn} (world-wide name, unique by
 * construction); for a loop device without those, {@code loop}: the backing file's path; {@code
 * serial} alone (virtio disks have a serial but no model); last {@code name+size}: the kernel name
 * and size, which is stable only while the machine's disks stay as they are.
 *
 * @param kind {@code model+serial}, {@code wwn}, {@code loop}, {@code serial} or {@code name+size}
 * @param key e.g. {@code Samsung SSD 990 PRO 2TB|S7DNNJ0W123456A}, {@code loop:/tmp/x.img}
 */
public record DriveIdentity(String kind, String key) {

  /** Chooses the identity from the facts; every argument but name may be null. */
  public static DriveIdentity of(
      String name,
      long sizeBytes,
      String model,
      String serial,
      String wwn,
      String loopBackingFile,
      String virtualSerial) {
    if (usable(model) && usableSerial(serial)) {
      return new DriveIdentity("model+serial", model.trim() + "|" + serial.trim());
    }
    if (usable(wwn)) {
      return new DriveIdentity("wwn", "wwn:" + wwn.trim());
    }
    if (usable(loopBackingFile)) {
      return new DriveIdentity("loop", "loop:" + loopBackingFile);
    }
    if (usableSerial(virtualSerial)) {
      return new DriveIdentity("serial", "serial:" + virtualSerial.trim());
    }
    if (usableSerial(serial)) {
      return new DriveIdentity("serial", "serial:" + serial.trim());
    }
    return new DriveIdentity("name+size", name + ":" + sizeBytes);
  }

  private static boolean usable(String s) {
    return s != null && !s.isBlank();
  }

  /** Bridges often report a constant serial such as 000000000000 or 0123456789ABCDEF. */
  public static boolean usableSerial(String s) {
    if (!usable(s)) {
      return false;
    }
    String t = s.trim();
    return !t.chars().allMatch(c -> c == '0' || c == ' ')
        && !t.equalsIgnoreCase("0123456789ABCDEF")
        && !t.equalsIgnoreCase("123456789012");
  }
}
