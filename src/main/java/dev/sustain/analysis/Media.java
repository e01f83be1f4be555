package dev.sustain.analysis;

import java.util.Locale;

/** What kind of drive wrote a curve: the shapes a spinning disk can take differ from a SSD's. */
public enum Media {
  SSD,
  HDD,
  UNKNOWN;

  /**
   * Parses {@code ssd} or {@code hdd} (any case).
   *
   * @throws IllegalArgumentException for anything else
   */
  public static Media parse(String text) {
    return switch (text == null ? "" : text.strip().toLowerCase(Locale.ROOT)) {
      case "ssd", "flash" -> SSD;
      case "hdd", "disk", "rotational" -> HDD;
      default -> throw new IllegalArgumentException("media must be ssd or hdd, not '" + text + "'");
    };
  }
}
