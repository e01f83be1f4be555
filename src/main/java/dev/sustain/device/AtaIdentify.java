package dev.sustain.device;

import java.nio.charset.StandardCharsets;

/**
 * The parts of an ATA IDENTIFY DEVICE block that Sustain uses, read from the kernel's copy in
 * {@code /sys/block/sdX/device/vpd_pg89} (the SAT "ATA Information" VPD page, which libata and many
 * USB-SATA bridges provide): the drive's full model and serial where SCSI INQUIRY truncates them to
 * 16 characters, and the erase features a Purge would need. Immutable.
 *
 * @param rotationRateRpm word 217: 1 means solid state, 0 not reported
 * @param securitySupported word 128 bit 0: the ATA Security feature set (SECURITY ERASE UNIT)
 * @param securityFrozen word 128 bit 3: SECURITY ERASE is refused until the next power cycle
 * @param sanitizeSupported word 59 bit 12: the Sanitize feature set
 * @param cryptoScramble word 59 bit 13: SANITIZE CRYPTO SCRAMBLE
 * @param blockErase word 59 bit 15: SANITIZE BLOCK ERASE
 * @param trimSupported word 169 bit 0: DATA SET MANAGEMENT with TRIM
 */
public record AtaIdentify(
    String model,
    String serial,
    String firmware,
    int rotationRateRpm,
    boolean securitySupported,
    boolean securityFrozen,
    boolean sanitizeSupported,
    boolean cryptoScramble,
    boolean blockErase,
    boolean trimSupported) {

  /** Offset of the 512-byte IDENTIFY data inside VPD page 0x89 (SAT). */
  static final int VPD89_IDENTIFY_OFFSET = 60;

  /**
   * Parses the raw bytes of VPD page 0x89.
   *
   * @return null when the bytes are not an ATA Information page holding IDENTIFY DEVICE data
   */
  public static AtaIdentify fromVpd89(byte[] page) {
    if (page == null
        || page.length < VPD89_IDENTIFY_OFFSET + 512
        || (page[1] & 0xff) != 0x89
        || (page[56] & 0xff) != 0xEC) {
      return null;
    }
    return fromIdentify(page, VPD89_IDENTIFY_OFFSET);
  }

  /** Parses 512 bytes of IDENTIFY DEVICE data (little-endian words) starting at {@code off}. */
  static AtaIdentify fromIdentify(byte[] b, int off) {
    int w59 = word(b, off, 59);
    int w128 = word(b, off, 128);
    return new AtaIdentify(
        ataString(b, off, 27, 20),
        ataString(b, off, 10, 10),
        ataString(b, off, 23, 4),
        word(b, off, 217),
        (w128 & 0x1) != 0,
        (w128 & 0x8) != 0,
        (w59 & (1 << 12)) != 0,
        (w59 & (1 << 13)) != 0,
        (w59 & (1 << 15)) != 0,
        (word(b, off, 169) & 0x1) != 0);
  }

  private static int word(byte[] b, int off, int index) {
    int i = off + 2 * index;
    return (b[i] & 0xff) | ((b[i + 1] & 0xff) << 8);
  }

  /** ATA strings hold two characters per word, the first in the high byte. */
  private static String ataString(byte[] b, int off, int firstWord, int words) {
    byte[] chars = new byte[words * 2];
    for (int w = 0; w < words; w++) {
      int i = off + 2 * (firstWord + w);
      chars[2 * w] = b[i + 1];
      chars[2 * w + 1] = b[i];
    }
    String s = new String(chars, StandardCharsets.US_ASCII).trim();
    return s.isEmpty() ? null : s;
  }

  /**
   * The unit serial number from the raw bytes of VPD page 0x80, or null when absent or blank. Many
   * USB bridges put their own (or a constant) serial here rather than the drive's.
   */
  public static String serialFromVpd80(byte[] page) {
    if (page == null || page.length < 4 || (page[1] & 0xff) != 0x80) {
      return null;
    }
    int len = Math.min(((page[2] & 0xff) << 8) | (page[3] & 0xff), page.length - 4);
    String s = new String(page, 4, len, StandardCharsets.US_ASCII).replace('\0', ' ').trim();
    return s.isEmpty() ? null : s;
  }
}
