package dev.sustain.input;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.report.ChartImages;
import dev.sustain.report.CurveReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The child JVM of {@link MutatedInputsTest}: mutates valid inputs of each reader (a run folder's
 * samples.csv, a plain CSV, an averaged and a per-I/O fio log), reads each with {@link
 * CurveReader}, analyses what it read and now and then draws its SVG chart, each case under a
 * deadline. Prints a line per crash (an exception other than {@link InputFormatException}, a
 * refusal of more than one line, a figure that is not a finite rate, an OutOfMemoryError) and one
 * {@code SUMMARY} line per reader; a case past its deadline prints {@code HANG} and ends the JVM
 * with 3, since its thread cannot be stopped.
 *
 * <p>Arguments: cases per reader, first seed, deadline per case in ms, a scratch folder.
 */
public final class MutatedInputsMain {

  private static final String[] HOSTILE = {
    "1e308",
    "-1e308",
    "1e302",
    "-1",
    "-300000",
    "NaN",
    "Infinity",
    "-Infinity",
    "1.7e18",
    "2147483648000",
    "1e10",
    "0",
    "",
    " ",
    "abc",
    "9223372036854775807",
    "1e-320",
    "-0",
    "0x10",
    "1,2",
    "\"",
    "99999999999",
    "86401",
    "1e9",
    "4.9e-324",
    "\uFEFF1"
  };

  private MutatedInputsMain() {}

  public static void main(String[] args) throws Exception {
    int cases = Integer.parseInt(args[0]);
    long firstSeed = Long.parseLong(args[1]);
    long deadlineMillis = Long.parseLong(args[2]);
    Path scratch = Path.of(args[3]);
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> daemon(r));
    // Loads the classes (the chart's fonts take seconds on a busy machine) before any deadline.
    for (Kind kind : Kind.values()) {
      Path warm = Files.createDirectories(scratch.resolve("warm-" + kind));
      List<String> lines = new ArrayList<>();
      oneCase(kind.write(warm, new SplittableRandom(0), lines, false), true);
    }
    int crashes = 0;
    for (Kind kind : Kind.values()) {
      int ok = 0;
      int refused = 0;
      int kindCrashes = 0;
      for (int i = 0; i < cases; i++) {
        long seed = firstSeed + i;
        Path dir = Files.createDirectories(scratch.resolve(kind.name() + "-" + seed));
        Path input = kind.write(dir, new SplittableRandom(seed), new ArrayList<>(), true);
        Future<String> f = pool.submit(() -> oneCase(input, seed % 25 == 0));
        String outcome;
        try {
          outcome = f.get(deadlineMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          System.out.println("HANG " + kind + " seed " + seed + ": past " + deadlineMillis + " ms");
          System.out.flush();
          Runtime.getRuntime().halt(3);
          return;
        }
        switch (outcome) {
          case "ok" -> ok++;
          case "refused" -> refused++;
          default -> {
            kindCrashes++;
            System.out.println("CRASH " + kind + " seed " + seed + ": " + outcome);
          }
        }
        if (!Boolean.getBoolean("fuzz.keep")) {
          deleteTree(dir);
        }
      }
      crashes += kindCrashes;
      System.out.printf(
          Locale.ROOT,
          "SUMMARY %s cases=%d ok=%d refused=%d crashes=%d%n",
          kind,
          cases,
          ok,
          refused,
          kindCrashes);
    }
    System.out.flush();
    System.exit(crashes == 0 ? 0 : 1);
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "case");
    t.setDaemon(true);
    return t;
  }

  /** "ok", "refused" or what went wrong. */
  private static String oneCase(Path input, boolean drawChart) {
    try {
      ImportedCurve c = CurveReader.read(input);
      Analysis a = Analyzer.analyze(c.series());
      Double[] rates = {a.burstMBps(), a.floorMBps(), a.afterCacheMBps(), a.averageMBps()};
      for (Double rate : rates) {
        if (rate != null && !Double.isNaN(rate) && (rate < 0 || Double.isInfinite(rate))) {
          return "a rate of " + rate + " MB/s from " + c.series().size() + " samples";
        }
      }
      if (Double.isNaN(a.burstMBps())) {
        return "burst NaN MB/s from " + c.series().size() + " samples";
      }
      if (drawChart) {
        Path svg = input.resolveSibling("chart.svg");
        CurveReport r = CurveReport.load(input, null, -1);
        ChartImages.writeSvg(ChartImages.single(r, 600, 400), svg);
      }
      return "ok";
    } catch (InputFormatException e) {
      String m = e.getMessage();
      if (m.contains("\n") || !m.startsWith(e.file().toString())) {
        return "a refusal that is not one line naming the file: " + m;
      }
      return "refused";
    } catch (OutOfMemoryError e) {
      return "OutOfMemoryError";
    } catch (Throwable t) {
      if (Boolean.getBoolean("fuzz.trace")) {
        t.printStackTrace(System.out); // to replay one case: -Dfuzz.trace=true
      }
      StackTraceElement[] st = t.getStackTrace();
      return t + (st.length > 0 ? " at " + st[0] : "");
    }
  }

  /** A reader's valid input, written and then mutated. */
  enum Kind {
    SAMPLES_CSV {
      @Override
      Path write(Path dir, SplittableRandom r, List<String> lines, boolean mutate)
          throws IOException {
        lines.add(
            "time_s,write_MBps,bytes,iops,lat_p50_ms,lat_p99_ms,lat_max_ms,cpu_pct,temp_C,phase");
        for (int s = 1; s <= 60; s++) {
          double mbps = s <= 20 ? 1800 + r.nextInt(100) : 90 + r.nextInt(40);
          lines.add(
              String.format(
                  Locale.ROOT,
                  "%d,%.3f,%d,%.1f,0.5,1.2,4.0,12.5,%d,write",
                  s,
                  mbps,
                  Math.round(mbps * 1e6),
                  mbps,
                  40 + s / 10));
        }
        lines.add("60.8,40.000,32000000,10.0,,,,1.0,46,flush");
        Files.writeString(
            dir.resolve("run.json"),
            "{\"version\":1,\"command\":\"write\",\"started\":\"2026-01-01T00:00:00Z\","
                + "\"target\":{\"device\":{\"rotational\":false}},\"cpu_cores\":4,"
                + "\"result\":{\"status\":\"complete\",\"average_MBps\":600}}\n");
        return written(mutate, dir.resolve("samples.csv"), lines, r);
      }
    },
    PLAIN_CSV {
      @Override
      Path write(Path dir, SplittableRandom r, List<String> lines, boolean mutate)
          throws IOException {
        lines.add("time_s,write_MBps,temp_C");
        for (int s = 1; s <= 50; s++) {
          lines.add(s * 0.5 + "," + (s < 30 ? 500 + r.nextInt(50) : 60 + r.nextInt(9)) + ",41");
        }
        return written(mutate, dir.resolve("curve.csv"), lines, r);
      }
    },
    FIO_AVERAGED_LOG {
      @Override
      Path write(Path dir, SplittableRandom r, List<String> lines, boolean mutate)
          throws IOException {
        for (int s = 1; s <= 58; s++) {
          int kib = s < 25 ? 1_500_000 + r.nextInt(50_000) : 80_000 + r.nextInt(5_000);
          lines.add((s * 1000 + r.nextInt(3)) + ", " + kib + ", 1, 1048576, 0");
        }
        return written(mutate, dir.resolve("job_bw.1.log"), lines, r);
      }
    },
    FIO_PER_IO_LOG {
      @Override
      Path write(Path dir, SplittableRandom r, List<String> lines, boolean mutate)
          throws IOException {
        long ms = 0;
        for (int i = 0; i < 300; i++) {
          ms += 1 + r.nextInt(20);
          lines.add(ms + ", " + (100_000 + r.nextInt(900_000)) + ", 1, 131072, " + i * 131072L);
        }
        return written(mutate, dir.resolve("job_bw.log"), lines, r);
      }
    };

    abstract Path write(Path dir, SplittableRandom r, List<String> lines, boolean mutate)
        throws IOException;
  }

  private static Path written(boolean mutate, Path file, List<String> lines, SplittableRandom r)
      throws IOException {
    if (!mutate) {
      Files.write(file, lines, StandardCharsets.UTF_8);
      return file;
    }
    return mutated(file, lines, r);
  }

  /** Writes {@code lines} after one to four mutations of them, or of their bytes. */
  static Path mutated(Path file, List<String> lines, SplittableRandom r) throws IOException {
    int n = 1 + r.nextInt(4);
    for (int m = 0; m < n; m++) {
      mutateLines(lines, r);
    }
    byte[] bytes =
        (String.join(r.nextInt(8) == 0 ? "\r\n" : "\n", lines) + "\n")
            .getBytes(StandardCharsets.UTF_8);
    if (r.nextInt(6) == 0 && bytes.length > 0) {
      bytes[r.nextInt(bytes.length)] = (byte) r.nextInt(256); // not UTF-8 now and then
    }
    if (r.nextInt(8) == 0) {
      bytes = java.util.Arrays.copyOf(bytes, r.nextInt(bytes.length + 1)); // cut short
    }
    Files.write(file, bytes);
    return file;
  }

  private static void mutateLines(List<String> lines, SplittableRandom r) {
    if (lines.isEmpty()) {
      lines.add(HOSTILE[r.nextInt(HOSTILE.length)]);
      return;
    }
    int at = r.nextInt(lines.size());
    switch (r.nextInt(10)) {
      case 0, 1, 2 -> lines.set(at, replaceCell(lines.get(at), r));
      case 3 -> lines.remove(at);
      case 4 -> lines.add(at, lines.get(at));
      case 5 -> shiftTimes(lines, at, r);
      case 6 -> lines.set(0, "\uFEFF" + lines.get(0));
      case 7 -> lines.add(at, r.nextBoolean() ? "x".repeat(70_000) : "\0".repeat(5_000));
      case 8 -> {
        int other = r.nextInt(lines.size());
        String t = lines.get(at);
        lines.set(at, lines.get(other));
        lines.set(other, t);
      }
      default -> lines.set(at, lines.get(at).substring(0, r.nextInt(lines.get(at).length() + 1)));
    }
  }

  /** A hostile value in one cell of a line. */
  private static String replaceCell(String line, SplittableRandom r) {
    String[] cells = line.split(",", -1);
    cells[r.nextInt(cells.length)] = HOSTILE[r.nextInt(HOSTILE.length)];
    return String.join(",", cells);
  }

  /** Moves the times of every line from {@code at} on by a jump: a clock change, a unit slip. */
  private static void shiftTimes(List<String> lines, int at, SplittableRandom r) {
    double[] jumps = {2147483648000.0, 1e10, 1e15, 86_401_000, 1e300, -5000};
    double jump = jumps[r.nextInt(jumps.length)];
    for (int i = Math.max(1, at); i < lines.size(); i++) {
      String[] cells = lines.get(i).split(",", -1);
      try {
        double t = Double.parseDouble(cells[0].strip());
        cells[0] = Double.toString(t + jump);
        lines.set(i, String.join(",", cells));
      } catch (NumberFormatException e) {
        // a line without a time keeps what it has
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
