package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Shape;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;

/**
 * The cache size and the floor in a sentence or two, as a person would say them ("It writes 2555
 * MB/s for its first 280 GB..."), with what that means for a big job. Locale-proof. Stateless.
 */
public final class SummarySentence {

  private SummarySentence() {}

  /** The figures that decide a long job, in words. */
  public static String summary(Analysis a) {
    StringBuilder b = new StringBuilder();
    if (a.floorMBps() == null) {
      b.append("It wrote ")
          .append(gb(a.totalGB()))
          .append(" at ")
          .append(Units.rate(a.burstMBps()))
          .append(" without a cliff, too little to tell its shape: its cache (if any) is at least ")
          .append(gb(a.cacheGBMin() == null ? a.totalGB() : a.cacheGBMin()))
          .append(", and what comes after it is not known yet. Write longer to see the floor.");
    } else if (a.hasCliff() && a.shape() != Shape.CACHE_CLIFF) {
      b.append("It writes ")
          .append(Units.rate(a.burstMBps()))
          .append(" for its first ")
          .append(gb(a.cacheGB()))
          .append(" (")
          .append(Durations.format(a.cliffSeconds()))
          .append("), then drops; its lowest lasting rate is ")
          .append(Units.rate(a.floorMBps()))
          .append(" (")
          .append(pct(a.floorMBps(), a.burstMBps()))
          .append(" of the burst)")
          .append(a.recovered() ? " and it climbs back while still writing" : "")
          .append(". Over all ")
          .append(gb(a.totalGB()))
          .append(" it averaged ")
          .append(Units.rate(a.averageMBps()))
          .append(", so every 100 GB took about ")
          .append(perHundredGB(a.averageMBps()))
          .append('.');
    } else if (a.hasCliff()) {
      b.append("It writes ")
          .append(Units.rate(a.burstMBps()))
          .append(" for its first ")
          .append(gb(a.cacheGB()))
          .append(" (")
          .append(Durations.format(a.cliffSeconds()))
          .append("): that is its cache. Then it drops to ")
          .append(Units.rate(a.floorMBps()))
          .append(", ")
          .append(pct(a.floorMBps(), a.burstMBps()))
          .append(" of the burst");
      if (a.recovered()) {
        b.append(", and climbs back while still writing");
      } else {
        b.append(", and stays there");
      }
      if (a.floorMayBeLower()) {
        b.append(" (or lower: the run ended on a lower level that had not lasted yet)");
      }
      b.append(". Past the cache, every 100 GB takes ")
          .append(perHundredGB(a.floorMBps()))
          .append(" instead of ")
          .append(perHundredGB(a.burstMBps()))
          .append('.');
    } else if (a.shape() == Shape.FLAT) {
      b.append("It holds ")
          .append(Units.rate(a.floorMBps()))
          .append(" through all ")
          .append(gb(a.totalGB()))
          .append(" written, without a cliff: its cache (if any) is larger than this run,")
          .append(" so every 100 GB takes about ")
          .append(perHundredGB(a.floorMBps()))
          .append('.');
      if (a.linkCapped()) {
        b.append(" It sits at the link's limit, which may hide what the drive could do.");
      }
    } else {
      b.append("It starts at ")
          .append(Units.rate(a.burstMBps()))
          .append(" and its lowest lasting rate is ")
          .append(Units.rate(a.floorMBps()))
          .append(" (")
          .append(pct(a.floorMBps(), a.burstMBps()))
          .append(" of the burst); over all ")
          .append(gb(a.totalGB()))
          .append(" it averaged ")
          .append(Units.rate(a.averageMBps()))
          .append(", so every 100 GB took about ")
          .append(perHundredGB(a.averageMBps()))
          .append('.');
    }
    if (a.stallSeconds() > 0) {
      b.append(" Nothing at all was written for ")
          .append(Units.plain(a.stallSeconds(), 1))
          .append(" s.");
    }
    return b.toString();
  }

  static String gb(double gigabytes) {
    return Units.fixed(gigabytes, gigabytes >= 100 ? 0 : gigabytes >= 1 ? 1 : 3) + " GB";
  }

  static String pct(double part, double whole) {
    return whole <= 0 ? "-" : Units.fixed(100 * part / whole, 0) + "%";
  }

  static String perHundredGB(double mbps) {
    return mbps <= 0 ? "forever" : Durations.format(100_000 / mbps);
  }
}
