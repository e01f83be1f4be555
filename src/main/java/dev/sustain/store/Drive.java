package dev.sustain.store;

import java.util.Objects;

/**
 * A drive as the history keeps it: the key its runs are grouped by, and its model, serial and size
 * for people. The key is the device package's identity key when run.json carries one ({@code
 * target.device.identity.key}, e.g. {@code Samsung SSD 990 PRO 2TB|S7DNNJ0W123456A}); otherwise it
 * is made the same way from what is there ({@code MODEL|SERIAL}, {@code wwn:...}, {@code
 * serial:...}), with stable fallbacks for a drive that tells nothing. Immutable, thread-safe.
 *
 * @param id the key runs are grouped by; never blank
 * @param model the model as the drive reports it, or null
 * @param serial the serial number, or null
 * @param sizeBytes the capacity in bytes, or null when unknown
 */
public record Drive(String id, String model, String serial, Long sizeBytes) {

  public Drive {
    Objects.requireNonNull(id, "id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("a drive id cannot be blank");
    }
    id = id.strip();
    model = blankToNull(model);
    serial = blankToNull(serial);
  }

  /**
   * The drive from what run.json tells about it.
   *
   * @param identityKey {@code target.device.identity.key}, or null when the run has none
   * @param wwn the world-wide name, or null
   * @param host the host the run ran on: part of the fallback key for drives without identity
   * @param fallbackName the target path, used when nothing else names the drive
   */
  public static Drive of(
      String identityKey,
      String model,
      String serial,
      String wwn,
      Long sizeBytes,
      String host,
      String fallbackName) {
    String m = blankToNull(model);
    String s = blankToNull(serial);
    String id;
    if (blankToNull(identityKey) != null) {
      id = identityKey;
    } else if (m != null && s != null) {
      id = m + "|" + s;
    } else if (blankToNull(wwn) != null) {
      id = "wwn:" + wwn.strip();
    } else if (s != null) {
      id = "serial:" + s;
    } else if (m != null) {
      // No serial: two drives of one model and size on one host look the same; the key says so.
      id = m + "|no serial|" + (sizeBytes == null ? "?" : sizeBytes) + "@" + host;
    } else {
      id = "path:" + host + ":" + (fallbackName == null ? "?" : fallbackName.strip());
    }
    return new Drive(id, m, s, sizeBytes);
  }

  /** The model and serial for people, e.g. {@code KINGSTON SNV3S1000G (serial 50026B72)}. */
  public String describe() {
    if (model == null && serial == null) {
      return id;
    }
    return (model == null ? "unknown model" : model)
        + (serial == null ? " (no serial)" : " (serial " + serial + ")");
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }
}
