package dev.sustain.workload;

import dev.sustain.unit.ByteSize;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * A generated folder that looks like a user's: the list of files (names, folders, sizes) follows
 * from the kind, the total and the seed alone, and so does every byte (random, incompressible). The
 * total is exactly the size asked for.
 *
 * <p>Small totals: a photo library of 20 MB cannot hold thousands of 2-30 MB files, so when the
 * total would give fewer than {@link #minimumFiles} files at the real sizes, every file size is
 * scaled down by the same factor (the mix and the folder layout stay; {@link Plan#scale} says by
 * how much). The Blu-ray tree keeps its small files at their real sizes unless they would take more
 * than a twentieth of the total. Stateless; thread-safe.
 */
public final class Dataset {

  private Dataset() {}

  /** One file of the plan; {@code path} is relative to the dataset's folder, '/'-separated. */
  public record PlannedFile(String path, long bytes, long seed) {}

  /**
   * What will be made.
   *
   * @param scale the factor every real-world size was multiplied by (1 for a full-size dataset)
   */
  public record Plan(
      DatasetKind kind, long totalBytes, long seed, double scale, List<PlannedFile> files) {

    /** The number of distinct folders that hold files. */
    public long folders() {
      return files.stream()
          .map(f -> f.path().contains("/") ? f.path().substring(0, f.path().lastIndexOf('/')) : "")
          .distinct()
          .count();
    }
  }

  /** Below this many files at real sizes, sizes are scaled down (see the class comment). */
  static int minimumFiles(DatasetKind kind) {
    return switch (kind) {
      case PHOTOS -> 200;
      case VIDEOS -> 20;
      case BLURAY -> 1;
    };
  }

  /** The plan for a dataset of exactly {@code totalBytes}. Pure: the same inputs, the same plan. */
  public static Plan plan(DatasetKind kind, long totalBytes, long seed) {
    if (totalBytes <= 0) {
      throw new IllegalArgumentException("a dataset needs a size above 0");
    }
    if (kind == DatasetKind.BLURAY) {
      return bluray(totalBytes, seed);
    }
    Plan full = plan(kind, totalBytes, seed, 1.0);
    int min = minimumFiles(kind);
    if (full.files().size() >= min) {
      return full;
    }
    // Shrink every size by one factor until the minimum fits. The mix differs from folder to
    // folder (a camera's RAW pairs, a phone's JPEGs), so the factor is found by trying.
    Plan p = full;
    double scale = 1.0;
    for (int i = 0; i < 40 && p.files().size() < min; i++) {
      scale *= 0.9 * p.files().size() / min;
      p = plan(kind, totalBytes, seed, scale);
    }
    return p;
  }

  private static Plan plan(DatasetKind kind, long totalBytes, long seed, double scale) {
    return kind == DatasetKind.PHOTOS
        ? photos(totalBytes, seed, scale)
        : videos(totalBytes, seed, scale);
  }

  // ---- photos ---------------------------------------------------------------------------------

  private static final String[] PLACES = {
    "Lake Garda", "Birthday", "Hike", "Christmas", "Beach", "Zoo", "Wedding", "Garden", "City trip",
    "Concert", "Snow", "Harbour", "Museum", "Forest", "Family", "Vineyard", "Road trip", "School",
  };

  private static Plan photos(long total, long seed, double scale) {
    SplittableRandom r = new SplittableRandom(seed);
    List<PlannedFile> files = new ArrayList<>();
    long sum = 0;
    int year = 2015 + r.nextInt(4);
    int dayOfYear = 1 + r.nextInt(30);
    int number = 1000 + r.nextInt(5000);
    while (sum < total) {
      dayOfYear += 1 + r.nextInt(20);
      if (dayOfYear > 360) {
        dayOfYear -= 360;
        year++;
      }
      String folder =
          String.format(
              Locale.ROOT,
              "%d/%d-%02d-%02d %s",
              year,
              year,
              1 + (dayOfYear - 1) / 30,
              1 + (dayOfYear - 1) % 30,
              PLACES[r.nextInt(PLACES.length)]);
      // A camera shooting RAW+JPEG (pairs), or a phone (JPEG only).
      boolean camera = r.nextInt(5) == 0;
      String rawExt = new String[] {"CR3", "NEF", "ARW", "RAF"}[r.nextInt(4)];
      int shots = camera ? 10 + r.nextInt(31) : 20 + r.nextInt(61);
      for (int i = 0; i < shots && sum < total; i++) {
        number = number >= 9999 ? 1 : number + 1;
        String stem = String.format(Locale.ROOT, camera ? "DSC_%04d" : "IMG_%04d", number);
        if (camera) {
          sum =
              add(
                  files,
                  folder + "/" + stem + "." + rawExt,
                  uniform(r, 18e6, 30e6) * scale,
                  total,
                  sum,
                  r);
          if (sum >= total) {
            break;
          }
        }
        sum = add(files, folder + "/" + stem + ".JPG", uniform(r, 2e6, 7e6) * scale, total, sum, r);
      }
    }
    return new Plan(DatasetKind.PHOTOS, total, seed, scale, List.copyOf(files));
  }

  // ---- videos ---------------------------------------------------------------------------------

  private static final String[] VIDEO_FOLDERS = {
    "Phone", "GoPro", "Drone", "Camera", "Family", "Edits",
  };

  private static Plan videos(long total, long seed, double scale) {
    SplittableRandom r = new SplittableRandom(seed);
    List<PlannedFile> files = new ArrayList<>();
    long sum = 0;
    int[] counters = new int[VIDEO_FOLDERS.length];
    while (sum < total) {
      // A few long edited films among many short clips.
      boolean edit = r.nextInt(100) < 3;
      int f = edit ? VIDEO_FOLDERS.length - 1 : r.nextInt(VIDEO_FOLDERS.length - 1);
      int n = ++counters[f];
      String name =
          switch (VIDEO_FOLDERS[f]) {
            case "Phone" -> String.format(Locale.ROOT, "IMG_%04d.MOV", 1000 + n);
            case "GoPro" -> String.format(Locale.ROOT, "GX01%04d.MP4", n);
            case "Drone" -> String.format(Locale.ROOT, "DJI_%04d.MP4", n);
            case "Camera" -> String.format(Locale.ROOT, "C%04d.MP4", n);
            case "Family" -> String.format(Locale.ROOT, "VID_%04d.mp4", n);
            default -> String.format(Locale.ROOT, "edit-%03d.mov", n);
          };
      double bytes;
      if (edit) {
        bytes = Math.exp(uniform(r, Math.log(300e6), Math.log(2e9)));
      } else {
        // Log-normal around 35 MB, redrawn outside 20 MB - 2 GB (no pile-up at the bounds).
        do {
          bytes = Math.exp(Math.log(35e6) + 0.9 * r.nextGaussian());
        } while (bytes < 20e6 || bytes > 2e9);
      }
      sum = add(files, VIDEO_FOLDERS[f] + "/" + name, bytes * scale, total, sum, r);
    }
    return new Plan(DatasetKind.VIDEOS, total, seed, scale, List.copyOf(files));
  }

  // ---- Blu-ray --------------------------------------------------------------------------------

  private static Plan bluray(long total, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int streams = 30 + r.nextInt(30);
    int playlists = 20 + r.nextInt(40);
    List<PlannedFile> small = blurayNavigation(r, streams, playlists);
    long smallTotal = small.stream().mapToLong(PlannedFile::bytes).sum();
    double smallScale = Math.min(1.0, total / 20.0 / smallTotal);
    double[] shares = streamShares(r, streams);
    List<PlannedFile> files = new ArrayList<>();
    long sum = placeSmall(files, small, smallScale, total, r);
    addStreams(files, total - sum, shares, r);
    double scale = smallScale;
    return new Plan(DatasetKind.BLURAY, total, seed, scale, List.copyOf(files));
  }

  /** The small files of a BDMV tree, at real sizes; BACKUP mirrors the navigation files. */
  private static List<PlannedFile> blurayNavigation(
      SplittableRandom r, int streams, int playlists) {
    List<PlannedFile> small = new ArrayList<>();
    List<String[]> nav = new ArrayList<>();
    nav.add(new String[] {"index.bdmv", Long.toString(uniformLong(r, 120, 400))});
    nav.add(new String[] {"MovieObject.bdmv", Long.toString(uniformLong(r, 2_000, 60_000))});
    for (int i = 0; i < playlists; i++) {
      nav.add(
          new String[] {
            String.format(Locale.ROOT, "PLAYLIST/%05d.mpls", i),
            Long.toString(uniformLong(r, 150, 12_000))
          });
    }
    for (int i = 0; i < streams; i++) {
      nav.add(
          new String[] {
            String.format(Locale.ROOT, "CLIPINF/%05d.clpi", i),
            Long.toString(uniformLong(r, 250, 80_000))
          });
    }
    for (String[] n : nav) {
      small.add(new PlannedFile("BDMV/" + n[0], Long.parseLong(n[1]), 0));
    }
    for (String[] n : nav) {
      small.add(new PlannedFile("BDMV/BACKUP/" + n[0], Long.parseLong(n[1]), 0));
    }
    small.add(new PlannedFile("BDMV/AUXDATA/sound.bdmv", uniformLong(r, 50_000, 400_000), 0));
    small.add(new PlannedFile("BDMV/META/DL/bdmt_eng.xml", uniformLong(r, 500, 2_000), 0));
    small.add(
        new PlannedFile("BDMV/META/DL/disc_thumb_large.jpg", uniformLong(r, 60_000, 250_000), 0));
    small.add(
        new PlannedFile("BDMV/META/DL/disc_thumb_small.jpg", uniformLong(r, 8_000, 40_000), 0));
    int jar = 10 + r.nextInt(30);
    for (int i = 0; i < jar; i++) {
      small.add(
          new PlannedFile(
              String.format(Locale.ROOT, "BDMV/JAR/00000/file%03d.class", i),
              uniformLong(r, 1_000, 90_000),
              0));
    }
    small.add(new PlannedFile("CERTIFICATE/id.bdmv", 104, 0));
    small.add(new PlannedFile("CERTIFICATE/BACKUP/id.bdmv", 104, 0));
    return small;
  }

  /** Each stream's share of the streams' bytes. */
  private static double[] streamShares(SplittableRandom r, int streams) {
    // Streams: one or two feature streams take most; a handful of extras; many short menu clips.
    double[] shares = new double[streams];
    int features = 1 + r.nextInt(2);
    int extras = 4 + r.nextInt(5);
    double left = 1.0;
    for (int i = features; i < streams; i++) {
      shares[i] = i < features + extras ? uniform(r, 0.01, 0.05) : uniform(r, 0.0001, 0.001);
      left -= shares[i];
    }
    for (int i = 0; i < features; i++) {
      shares[i] = left / features;
    }
    return shares;
  }

  /** Adds the small files, scaled and cut so the total is never passed; returns their sum. */
  private static long placeSmall(
      List<PlannedFile> files,
      List<PlannedFile> small,
      double smallScale,
      long total,
      SplittableRandom r) {
    long sum = 0;
    for (PlannedFile f : small) {
      long b = Math.max(1, Math.round(f.bytes() * smallScale));
      b = Math.min(b, total - sum);
      if (b > 0) {
        files.add(new PlannedFile(f.path(), b, r.nextLong()));
        sum += b;
      }
    }
    return sum;
  }

  /** Adds the streams, the first taking what rounding leaves of {@code streamTotal}. */
  private static void addStreams(
      List<PlannedFile> files, long streamTotal, double[] shares, SplittableRandom r) {
    int streams = shares.length;
    // Ordered as on a disc: the playlists point at streams numbered from 00000.
    long[] streamBytes = new long[streams];
    long assigned = 0;
    for (int i = 1; i < streams; i++) {
      streamBytes[i] = Math.round(streamTotal * shares[i]);
      assigned += streamBytes[i];
    }
    streamBytes[0] = streamTotal - assigned;
    for (int i = 0; i < streams; i++) {
      if (streamBytes[i] > 0) {
        files.add(
            new PlannedFile(
                String.format(Locale.ROOT, "BDMV/STREAM/%05d.m2ts", i),
                streamBytes[i],
                r.nextLong()));
      }
    }
  }

  // ---- helpers --------------------------------------------------------------------------------

  /** Adds a file, cut so the total is never passed; returns the new sum. */
  private static long add(
      List<PlannedFile> files,
      String path,
      double bytes,
      long total,
      long sum,
      SplittableRandom r) {
    long b = Math.max(4096, Math.round(bytes));
    b = Math.min(b, total - sum);
    files.add(new PlannedFile(path, b, r.nextLong()));
    return sum + b;
  }

  private static double uniform(SplittableRandom r, double lo, double hi) {
    return lo + (hi - lo) * r.nextDouble();
  }

  private static long uniformLong(SplittableRandom r, long lo, long hi) {
    return lo + r.nextLong(hi - lo + 1);
  }

  /**
   * Writes the plan into {@code dir} (made, or empty). Each file's bytes come from its own seed.
   *
   * @param stop polled between chunks; true ends early (the folder is left as it is)
   * @return bytes written
   */
  public static long write(Path dir, Plan plan, BooleanSupplier stop) throws IOException {
    Files.createDirectories(dir);
    ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
    long written = 0;
    for (PlannedFile f : plan.files()) {
      Path p = dir.resolve(f.path());
      Files.createDirectories(p.getParent());
      try (FileChannel ch =
          FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        SplittableRandom r = new SplittableRandom(f.seed());
        long left = f.bytes();
        while (left > 0) {
          if (stop.getAsBoolean()) {
            return written;
          }
          fill(buf, r);
          int n = (int) Math.min(left, buf.capacity());
          buf.limit(n).position(0);
          while (buf.hasRemaining()) {
            ch.write(buf);
          }
          left -= n;
          written += n;
        }
      }
    }
    return written;
  }

  private static void fill(ByteBuffer buf, SplittableRandom r) {
    buf.clear();
    LongBuffer longs = buf.asLongBuffer();
    while (longs.hasRemaining()) {
      longs.put(r.nextLong());
    }
  }

  /** The usual margin left free beside a dataset: 1% of the file system, 64 MiB to 4 GiB. */
  static long marginBytes(long fileSystemBytes) {
    return Math.min(4 * ByteSize.GIB, Math.max(64 * ByteSize.MIB, fileSystemBytes / 100));
  }
}
