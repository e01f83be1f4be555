package dev.sustain.share;

import dev.sustain.document.RunDocument.LinkSignal;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A drive's link in one word a hub can group by and check against ({@code usb-5000Mbps}, {@code
 * pcie-gen4-x4}, {@code sata-6Gbps}, {@code unknown}), and the most any drive on it can write. The
 * ceiling is the link's raw signalling rate over 8 bits, above every practical ceiling run.json
 * knows (USB 5 Gb/s: 625 MB/s here, 450 in practice), so that only a figure no link of that tier
 * can carry is refused, never a fast drive. The hub computes it from the tier it is sent, never
 * from a ceiling the document states. Stateless.
 */
public final class LinkTier {

  public static final String UNKNOWN = "unknown";

  /** No drive of any tier Sustain knows writes faster; a figure above it is made up. */
  public static final double ANY_LINK_MAX_MBPS = 100_000;

  private static final Pattern USB = Pattern.compile("usb-([0-9]{2,6})Mbps");
  private static final Pattern PCIE = Pattern.compile("pcie-gen([1-7])-x([0-9]{1,2})");
  private static final Pattern SATA = Pattern.compile("sata-([0-9]{1,2}(?:\\.[0-9])?)Gbps");

  /** PCIe per-lane rates in MB/s after line coding, generation 1 to 7. */
  private static final double[] PCIE_LANE_MBPS = {250, 500, 985, 1969, 3938, 7877, 15754};

  private LinkTier() {}

  /** The tier of a drive's link as run.json gives it (none: unknown). */
  public static String of(Optional<LinkSignal> signal) {
    if (signal.isEmpty()) {
      return UNKNOWN;
    }
    LinkSignal link = signal.get();
    String kind = link.kind().orElse("").toLowerCase(Locale.ROOT);
    double gbps = link.gbps().orElse(0);
    switch (kind) {
      case "usb" -> {
        long mbps = Math.round(gbps * 1000);
        return mbps >= 10 ? "usb-" + mbps + "Mbps" : UNKNOWN;
      }
      case "pcie" -> {
        int gen = link.pcieGen().orElse(0);
        int lanes = link.lanes().orElse(0);
        return gen >= 1 && gen <= 7 && lanes >= 1 && lanes <= 32
            ? "pcie-gen" + gen + "-x" + lanes
            : UNKNOWN;
      }
      case "sata" -> {
        return gbps > 0 ? "sata-" + trim(gbps) + "Gbps" : UNKNOWN;
      }
      default -> {
        return UNKNOWN;
      }
    }
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  /** True for a word {@link #of} can make. */
  public static boolean valid(String tier) {
    return tier != null
        && (tier.equals(UNKNOWN)
            || USB.matcher(tier).matches()
            || PCIE.matcher(tier).matches()
            || SATA.matcher(tier).matches());
  }

  /** The most a drive on {@code tier} can write, in MB/s; {@link #ANY_LINK_MAX_MBPS} if unknown. */
  public static double ceilingMBps(String tier) {
    Matcher m = USB.matcher(tier);
    if (m.matches()) {
      return Long.parseLong(m.group(1)) / 8.0; // Mb/s over 8 bits: the raw rate, in MB/s
    }
    m = PCIE.matcher(tier);
    if (m.matches()) {
      return PCIE_LANE_MBPS[Integer.parseInt(m.group(1)) - 1] * Integer.parseInt(m.group(2));
    }
    m = SATA.matcher(tier);
    if (m.matches()) {
      return Double.parseDouble(m.group(1)) * 100; // 8b/10b: 10 bits a byte
    }
    return ANY_LINK_MAX_MBPS;
  }
}
