package dev.sustain.blind;

import java.util.List;
import java.util.Locale;

/**
 * One generated curve and its truth: the shapes a reasonable engineer would accept (the first is
 * the one the physics names; a second is there only where the physics allows two readings), the
 * figures to check, and the media to pass ({@code null}: say nothing, as a plain CSV from another
 * tool).
 *
 * @param tempC the sensor's readings per interval, NaN where a reading is missing; null without a
 *     sensor
 */
record BlindCurve(
    String driveClass,
    long seed,
    String params,
    Sampler.Samples samples,
    double[] tempC,
    String media,
    List<String> shapes,
    List<Truth> truths) {

  /** {@code time_s,write_MBps[,temp_C]}, an empty cell where the sensor gave nothing. */
  String csv() {
    StringBuilder b = new StringBuilder(samples.size() * 24);
    b.append(tempC == null ? "time_s,write_MBps\n" : "time_s,write_MBps,temp_C\n");
    for (int i = 0; i < samples.size(); i++) {
      b.append(String.format(Locale.ROOT, "%.3f,%.3f", samples.timeS()[i], samples.mbps()[i]));
      if (tempC != null) {
        b.append(',');
        if (!Double.isNaN(tempC[i])) {
          b.append(String.format(Locale.ROOT, "%.1f", tempC[i]));
        }
      }
      b.append('\n');
    }
    return b.toString();
  }

  /** The truth in words: the shapes and each figure. */
  String truthText() {
    StringBuilder b = new StringBuilder(String.join(" or ", shapes));
    for (Truth t : truths) {
      b.append("; ").append(t.describe());
    }
    return b.toString();
  }
}
