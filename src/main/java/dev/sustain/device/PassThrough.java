package dev.sustain.device;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the carrier (host controller, USB bridge, virtual layer) lets through to the drive, which
 * decides whether a controller-level erase can be sent. In NIST SP 800-88 terms an overwrite is a
 * Clear; a Purge needs a SANITIZE, an ATA SECURITY ERASE or an NVMe Format with secure erase, which
 * needs a carrier that passes such commands. Immutable.
 *
 * @param kind {@code nvme-admin}, {@code nvme-identify-only}, {@code ata}, {@code scsi}, {@code
 *     none} or {@code unknown}
 * @param purgePossible true when a Purge command can reach the drive (the drive must still support
 *     it), false when it cannot (a Clear by overwriting is all there is), null when not known
 * @param detail one sentence for people
 */
public record PassThrough(String kind, Boolean purgePossible, String detail) {

  /**
   * Classifies from what sysfs and smartctl said. {@code smartctl} is null when it did not run;
   * {@code whyNot} then says why (e.g. not root).
   */
  public static PassThrough classify(
      Transport transport, SmartctlReport smartctl, AtaIdentify ata, String whyNot) {
    PassThrough direct = byTransport(transport);
    if (direct != null) {
      return direct;
    }
    if (smartctl != null && smartctl.identified() && smartctl.deviceType() != null) {
      return bySmartctl(transport, smartctl, ata);
    }
    if (transport == Transport.SATA && ata != null) {
      // libata always translates ATA PASS-THROUGH: the kernel's own IDENTIFY copy proves it.
      return new PassThrough(
          "ata",
          true,
          "ATA commands reach the drive through libata: a SANITIZE or SECURITY ERASE UNIT (a"
              + " Purge) can be sent if the drive supports it"
              + (ata.securityFrozen() ? " (ATA Security is frozen now)" : ""));
    }
    String why =
        smartctl != null && !smartctl.messages().isEmpty()
            ? "smartctl said: " + smartctl.messages().getFirst()
            : whyNot;
    return new PassThrough(
        "unknown",
        null,
        "not known"
            + (why == null ? "" : " (" + why + ")")
            + "; whether a Purge can reach the drive is unknown");
  }

  /** The carriers whose answer their kind alone decides, or null. */
  private static PassThrough byTransport(Transport transport) {
    return switch (transport) {
      case NVME ->
          new PassThrough(
              "nvme-admin",
              true,
              "NVMe admin commands reach the drive directly: a Sanitize or a Format with secure"
                  + " erase (a Purge) can be sent if the drive supports it");
      case LOOP, DM, MD, VIRTIO ->
          new PassThrough(
              "none",
              false,
              "a "
                  + transport.jsonName()
                  + " device: no drive command reaches a physical drive from here; overwriting is"
                  + " a Clear of this device's blocks only");
      default -> null;
    };
  }

  /** From the {@code -d} type and protocol smartctl reached the drive with. */
  private static PassThrough bySmartctl(
      Transport transport, SmartctlReport smartctl, AtaIdentify ata) {
    String type = smartctl.deviceType();
    if (type.startsWith("sntjmicron")) {
      return new PassThrough(
          "nvme-admin",
          true,
          "this USB-NVMe bridge (JMicron) tunnels NVMe admin commands: a Sanitize or a Format"
              + " with secure erase (a Purge) can be tried");
    }
    if (type.startsWith("snt")) {
      return new PassThrough(
          "nvme-identify-only",
          false,
          "this USB-NVMe bridge ("
              + type
              + ") passes only Identify and Get Log Page: temperature and health can be read"
              + " but no Sanitize or Format can be sent; overwriting is a Clear, not a Purge");
    }
    if ("ATA".equalsIgnoreCase(smartctl.protocol())) {
      boolean frozen =
          Boolean.TRUE.equals(smartctl.ataSecurityFrozen())
              || (ata != null && ata.securityFrozen());
      return new PassThrough(
          "ata",
          true,
          "ATA commands pass through ("
              + type
              + "): a SANITIZE or SECURITY ERASE UNIT (a Purge) can be sent if the drive"
              + " supports it"
              + (frozen
                  ? " (ATA Security is frozen now: a SECURITY ERASE needs a power cycle first)"
                  : ""));
    }
    if ("NVMe".equalsIgnoreCase(smartctl.protocol())) {
      return new PassThrough(
          "nvme-admin",
          true,
          "NVMe admin commands pass through ("
              + type
              + "): a Sanitize or Format (a Purge) can be sent if the drive supports it");
    }
    if (transport == Transport.USB) {
      return new PassThrough(
          "none",
          false,
          "this USB bridge passes only SCSI commands: no ATA or NVMe erase reaches the drive;"
              + " overwriting is a Clear, not a Purge");
    }
    return new PassThrough(
        "scsi",
        null,
        "SCSI commands reach the device: a SCSI SANITIZE (a Purge) works only if the drive"
            + " supports it");
  }

  /** As a JSON object with snake_case keys. */
  public Map<String, Object> toJsonMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", kind);
    m.put("purge_possible", purgePossible);
    m.put("detail", detail);
    return m;
  }
}
