package dev.sustain.device;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Builds a fake {@code /sys} and {@code /proc} under a temporary root, with the kernel's layout:
 * devices under sys/devices, relative symlinks from sys/block, sys/class/block and sys/dev/block,
 * {@code device} links, holders and slaves.
 */
public final class FakeSys {

  public final Path root;

  public FakeSys(Path root) {
    this.root = root;
  }

  public Path sys(String rel) {
    return root.resolve("sys").resolve(rel);
  }

  public FakeSys file(String rel, String content) {
    return bytes(rel, content.getBytes(StandardCharsets.ISO_8859_1));
  }

  /**
   * The attribute files of one sysfs folder {@code folderRel}, each given as {@code name=value} and
   * written with the newline the kernel ends a value with ({@code files(dev, "speed=5000")}).
   */
  public FakeSys files(String folderRel, String... attributes) {
    for (String attribute : attributes) {
      int eq = attribute.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("not name=value: " + attribute);
      }
      file(folderRel + "/" + attribute.substring(0, eq), attribute.substring(eq + 1) + "\n");
    }
    return this;
  }

  public FakeSys bytes(String rel, byte[] content) {
    try {
      Path p = root.resolve(rel);
      Files.createDirectories(p.getParent());
      Files.write(p, content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /** A relative symlink at {@code linkRel} pointing at {@code targetRel}, both under the root. */
  public FakeSys link(String linkRel, String targetRel) {
    try {
      Path link = root.resolve(linkRel);
      Path target = root.resolve(targetRel);
      Files.createDirectories(link.getParent());
      Files.createDirectories(target);
      Files.deleteIfExists(link);
      Files.createSymbolicLink(link, link.getParent().relativize(target));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /**
   * A whole disk at sys/devices/{@code parent}/block/{@code name} with the usual attributes and
   * links; returns its path relative to the root.
   */
  public String disk(
      String parent, String name, String majMin, long bytes, boolean rotational, long discardMax) {
    String dir =
        parent.isEmpty()
            ? "sys/devices/virtual/block/" + name
            : "sys/devices/" + parent + "/block/" + name;
    file(dir + "/dev", majMin + "\n");
    file(dir + "/size", bytes / 512 + "\n");
    file(dir + "/removable", "0\n");
    file(dir + "/ro", "0\n");
    file(dir + "/queue/logical_block_size", "512\n");
    file(dir + "/queue/physical_block_size", "4096\n");
    file(dir + "/queue/rotational", (rotational ? "1" : "0") + "\n");
    file(dir + "/queue/discard_max_bytes", discardMax + "\n");
    file(dir + "/queue/discard_granularity", (discardMax > 0 ? "4096" : "0") + "\n");
    try {
      Files.createDirectories(root.resolve(dir + "/holders"));
      Files.createDirectories(root.resolve(dir + "/slaves"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    link("sys/block/" + name, dir);
    link("sys/class/block/" + name, dir);
    link("sys/dev/block/" + majMin, dir);
    return dir;
  }

  /** A partition directory inside a disk directory. */
  public String partition(
      String diskDir, String name, String majMin, int number, long startSector) {
    String dir = diskDir + "/" + name;
    file(dir + "/dev", majMin + "\n");
    file(dir + "/partition", number + "\n");
    file(dir + "/start", startSector + "\n");
    file(dir + "/size", "2048\n");
    try {
      Files.createDirectories(root.resolve(dir + "/holders"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    link("sys/class/block/" + name, dir);
    link("sys/dev/block/" + majMin, dir);
    return dir;
  }

  /** A device-mapper device on top of {@code belowDirs}, linked both ways. */
  public String dm(String name, String majMin, String dmName, String uuid, String... belowDirs) {
    String dir = disk("", name, majMin, 1L << 30, false, 0);
    file(dir + "/dm/name", dmName + "\n");
    file(dir + "/dm/uuid", uuid + "\n");
    for (String below : belowDirs) {
      String belowName = Path.of(below).getFileName().toString();
      link(dir + "/slaves/" + belowName, below);
      link(below + "/holders/" + name, dir);
    }
    return dir;
  }

  public FakeSys mountinfo(String text) {
    return file("proc/self/mountinfo", text);
  }

  public FakeSys swaps(String... names) {
    StringBuilder b = new StringBuilder("Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n");
    for (String n : names) {
      b.append(n).append("                               partition\t8388604\t\t0\t\t-2\n");
    }
    return file("proc/swaps", b.toString());
  }

  /**
   * Two rotational 1 TiB SATA disks, sda and sdb, on one AHCI controller (0000:00:17.0, 8086:a352),
   * nothing mounted and no swap.
   */
  public FakeSys twoSataDisksOnOneAhci() {
    String ahci = "pci0000:00/0000:00:17.0";
    file("sys/devices/" + ahci + "/class", "0x010601\n")
        .file("sys/devices/" + ahci + "/vendor", "0x8086\n")
        .file("sys/devices/" + ahci + "/device", "0xa352\n");
    disk(ahci + "/ata1/host0/target0:0:0/0:0:0:0", "sda", "8:0", 1L << 40, true, 0);
    disk(ahci + "/ata2/host1/target1:0:0/1:0:0:0", "sdb", "8:16", 1L << 40, true, 0);
    return mountinfo("").swaps();
  }

  /** A mountinfo line for {@code majMin} mounted at {@code mountPoint}. */
  public static String mountLine(
      int id, String majMin, String mountPoint, String fsType, String source) {
    return id
        + " 1 "
        + majMin
        + " / "
        + mountPoint
        + " rw,relatime shared:1 - "
        + fsType
        + " "
        + source
        + " rw\n";
  }

  /** VPD page 0x89 holding IDENTIFY DEVICE data with these strings and words. */
  public static byte[] vpd89(
      String model, String serial, String firmware, int rpm, int word128, int word59) {
    byte[] page = new byte[572];
    page[1] = (byte) 0x89;
    page[2] = 0x02;
    page[3] = 0x38;
    page[56] = (byte) 0xEC;
    int off = 60;
    putAta(page, off, 27, 20, model);
    putAta(page, off, 10, 10, serial);
    putAta(page, off, 23, 4, firmware);
    putWord(page, off, 217, rpm);
    putWord(page, off, 128, word128);
    putWord(page, off, 59, word59);
    putWord(page, off, 169, 1);
    return page;
  }

  public static byte[] vpd80(String serial) {
    byte[] s = serial.getBytes(StandardCharsets.US_ASCII);
    byte[] page = new byte[4 + s.length];
    page[1] = (byte) 0x80;
    page[3] = (byte) s.length;
    System.arraycopy(s, 0, page, 4, s.length);
    return page;
  }

  private static void putWord(byte[] b, int off, int index, int value) {
    b[off + 2 * index] = (byte) value;
    b[off + 2 * index + 1] = (byte) (value >> 8);
  }

  private static void putAta(byte[] b, int off, int firstWord, int words, String s) {
    String padded = String.format(java.util.Locale.ROOT, "%-" + (2 * words) + "s", s);
    for (int w = 0; w < words; w++) {
      b[off + 2 * (firstWord + w) + 1] = (byte) padded.charAt(2 * w);
      b[off + 2 * (firstWord + w)] = (byte) padded.charAt(2 * w + 1);
    }
  }
}
