package dev.sustain.device;

import java.util.Locale;

/** How a block device is attached, as far as sysfs tells. The JSON name is the lower-case name. */
public enum Transport {
  NVME,
  SATA,
  USB,
  VIRTIO,
  LOOP,
  SCSI,
  MMC,
  DM,
  MD,
  UNKNOWN;

  /** The name in JSON and in people's output: {@code nvme}, {@code usb}... */
  public String jsonName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
