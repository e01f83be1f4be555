package dev.sustain.share;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.NewerFormatException;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.job.Job;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one line analyze and report add for a run whose model and job the local copy of a hub's
 * figures knows: "Among 41 drives of this model (1000 GB, this job) your floor 120.3 MB/s is at the
 * 8th percentile (median 127.0 MB/s)". Reads files only, never the network. Stateless.
 */
public final class HubStanding {

  private HubStanding() {}

  /** The line for the run in {@code folder}, from the cache at {@link HubModels#cacheFile()}. */
  public static Optional<String> line(Path folder, Double floorMBps, Double cacheGB) {
    return line(HubModels.cacheFile(), folder, floorMBps, cacheGB);
  }

  public static Optional<String> line(
      Path cacheFile, Path folder, Double floorMBps, Double cacheGB) {
    RunDocument run;
    try {
      if (!Files.isRegularFile(cacheFile) || !RunDocumentCodec.exists(folder)) {
        return Optional.empty();
      }
      run = RunDocumentCodec.read(folder);
    } catch (IOException | NewerFormatException e) {
      // The line is a footnote to a report: a run.json it cannot read leaves it out, and the
      // report says what is wrong with the folder itself.
      return Optional.empty();
    }
    return line(HubModels.read(cacheFile), run, floorMBps, cacheGB);
  }

  /**
   * The line for a run whose run.json is {@code run} (the dashboard has it from the history, and
   * its folder may be on another machine), from the cache at {@code cacheFile}.
   */
  public static Optional<String> line(
      Path cacheFile, JsonNode run, Double floorMBps, Double cacheGB) {
    return line(HubModels.read(cacheFile), run, floorMBps, cacheGB);
  }

  /**
   * The line from a copy already read ({@link HubModels#read}): the dashboard keeps one between
   * page views instead of parsing the file for each.
   */
  public static Optional<String> line(
      Optional<JsonNode> cache, JsonNode run, Double floorMBps, Double cacheGB) {
    if (cache.isEmpty() || run == null) {
      return Optional.empty();
    }
    try {
      return line(cache, RunDocumentCodec.decode(run, RunDocumentCodec.FILE), floorMBps, cacheGB);
    } catch (NewerFormatException e) {
      return Optional.empty();
    }
  }

  /** The line for a decoded run.json, from a copy already read. */
  public static Optional<String> line(
      Optional<JsonNode> cache, RunDocument run, Double floorMBps, Double cacheGB) {
    if (cache.isEmpty()) {
      return Optional.empty();
    }
    Optional<RunDocument.Device> device = run.target().device();
    String model = device.flatMap(RunDocument.Device::model).orElse("").strip();
    if (model.isEmpty()) {
      return Optional.empty();
    }
    Optional<JsonNode> m = HubModels.modelNamed(cache.get(), model);
    if (m.isEmpty()) {
      return Optional.empty();
    }
    long capacity = ShareDocument.capacityBytes(run);
    String firmware = device.flatMap(RunDocument.Device::firmware).map(String::strip).orElse(null);
    Optional<HubModels.Peers> peers = HubModels.peers(m.get(), capacity, firmware, Job.of(run));
    if (peers.isEmpty() || peers.get().drives() == 0) {
      return Optional.empty();
    }
    // Placed at the hub's own precision (0.1 MB/s, 0.001 GB): a drive level with the median is
    // at the median, not above it by a rounding.
    return Optional.of(words(peers.get(), capacity, round(floorMBps, 10), round(cacheGB, 1000)));
  }

  private static Double round(Double v, double scale) {
    return v == null ? null : Math.round(v * scale) / scale;
  }

  static String words(HubModels.Peers p, long capacityBytes, Double floorMBps, Double cacheGB) {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "Hub: among %d %s of this model (%.0f GB, this job%s)",
            p.drives(),
            p.drives() == 1 ? "drive" : "drives",
            capacityBytes / 1e9,
            p.sameFirmware() ? "" : ", all firmware"));
    boolean any = false;
    if (floorMBps != null && !p.floors().isEmpty()) {
      b.append(
          String.format(
              Locale.ROOT,
              " your floor %.1f MB/s is %s (median %.1f MB/s)",
              floorMBps,
              place(p.floors(), floorMBps, "percentile"),
              p.floorMedian()));
      any = true;
    }
    if (cacheGB != null && !p.caches().isEmpty()) {
      b.append(any ? ", your cache" : " your cache");
      b.append(
          String.format(
              Locale.ROOT,
              " %.1f GB %s (median %.1f GB)",
              cacheGB,
              place(p.caches(), cacheGB, ""),
              p.cacheMedian()));
      any = true;
    }
    if (!any) {
      b.append(" this run has no floor or cache to place");
    }
    return b.append('.').toString();
  }

  /**
   * Where a figure stands among the others: "at the 40th percentile", or past every one of them
   * ("below all 3 drives"), which "the 0th percentile" said in a figure nobody reads that way.
   */
  static String place(List<Double> values, double value, String word) {
    boolean belowAll = values.stream().allMatch(v -> value < v);
    boolean aboveAll = values.stream().allMatch(v -> value > v);
    if (belowAll || aboveAll) {
      String side = belowAll ? "below" : "above";
      return values.size() == 1
          ? side + " the only drive"
          : side + " all " + values.size() + " drives";
    }
    String at = "at the " + ordinal(HubModels.percentile(values, value));
    return word.isEmpty() ? at : at + " " + word;
  }

  static String ordinal(int n) {
    int mod100 = n % 100;
    String suffix =
        mod100 >= 11 && mod100 <= 13
            ? "th"
            : switch (n % 10) {
              case 1 -> "st";
              case 2 -> "nd";
              case 3 -> "rd";
              default -> "th";
            };
    return n + suffix;
  }
}
