package dev.sustain.store;

import java.util.Objects;

/**
 * Which drive a run was on. The id is {@code MODEL_SERIAL} (spaces as '-') when the drive reports a
 * serial; without one it is a fallback stable across runs on the same host: model and size, or the
 * target path for a file on a drive with no identity at all. Immutable, thread-safe.
 *
 * @param id the key runs are grouped by; never blank
 * @param model the model as the drive reports it, or null
 * @param serial the serial number, or null
 * @param sizeBytes the capacity in bytes, or null when unknown
 */
public record DriveIdentity(String id, String model, String serial, Long sizeBytes) {

  public DriveIdentity {
    Objects.requireNonNull(id, "id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("a drive id cannot be blank");
    }
    model = blankToNull(model);
    serial = blankToNull(serial);
  }

  /**
   * The identity of a drive from what it reports. {@code host} and {@code fallbackName} (a device
   * node or the target path) make the id when neither model nor serial is known.
   */
  public static DriveIdentity of(
      String model, String serial, Long sizeBytes, String host, String fallbackName) {
    String m = blankToNull(model);
    String s = blankToNull(serial);
    String id;
    if (s != null) {
      id = slug(m == null ? "drive" : m) + "_" + slug(s);
    } else if (m != null) {
      // No serial: two drives of one model and size on one host are indistinguishable; say so in
      // the id rather than pretend.
      id = slug(m) + "_noserial" + (sizeBytes == null ? "" : "_" + sizeBytes) + "@" + slug(host);
    } else {
      id = "unknown@" + slug(host) + ":" + (fallbackName == null ? "?" : fallbackName.strip());
    }
    return new DriveIdentity(id, m, s, sizeBytes);
  }

  /** The model and serial for people, e.g. {@code KINGSTON SNV3S1000G (serial 50026B72)}. */
  public String describe() {
    if (model == null && serial == null) {
      return id;
    }
    return (model == null ? "unknown model" : model)
        + (serial == null ? " (no serial)" : " (serial " + serial + ")");
  }

  static String slug(String s) {
    if (s == null) {
      return "unknown";
    }
    String t = s.strip().replaceAll("\\s+", "-").replaceAll("[^A-Za-z0-9._:/-]", "");
    return t.isEmpty() ? "unknown" : t;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }

  @Override
  public String toString() {
    return id;
  }
}
