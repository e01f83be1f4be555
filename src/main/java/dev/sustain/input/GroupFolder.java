package dev.sustain.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.analysis.GroupCurves;
import dev.sustain.document.GroupDocument;
import dev.sustain.document.GroupDocumentCodec;
import dev.sustain.sampling.SamplesCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a group folder ({@code write T1 T2 ...}): {@code group.json} (its keys through {@link
 * GroupDocumentCodec}) and the group's {@code samples.csv} (columns found by name: {@code time_s},
 * {@code <name>_MBps} per target; an empty cell is a target that was not writing). The targets' own
 * run folders are ordinary run folders, read by {@link CurveReader}. A group still running (or
 * killed) reads as far as it got. Immutable.
 *
 * @param dir the group folder
 * @param shared what the targets share, as group.json has it (a missing node when it has none)
 * @param command {@code write} or {@code fill}
 * @param status running, complete, interrupted or failed
 * @param intervalSeconds the group's interval
 * @param targets each target, in column order
 * @param timeSeconds the end of each of the group's intervals
 * @param rateMBps {@code [target][interval]}, NaN where a target was not writing
 */
public record GroupFolder(
    Path dir,
    JsonNode shared,
    String command,
    String status,
    double intervalSeconds,
    List<Target> targets,
    double[] timeSeconds,
    double[][] rateMBps) {

  public static final String GROUP_JSON = GroupDocumentCodec.FILE;

  /**
   * One target as group.json tells it.
   *
   * @param folder its run folder (absolute)
   * @param startSeconds its start on the group's clock, NaN when unknown
   * @param soloMBps what it wrote alone, NaN when unknown
   * @param soloSource {@code solo-first}, {@code history}, or null
   * @param soloFrom the solo pass's folder or the history run it came from, or null
   */
  public record Target(
      String name,
      String target,
      Path folder,
      double startSeconds,
      String status,
      String error,
      long bytes,
      double seconds,
      double soloMBps,
      String soloSource,
      String soloFrom) {}

  /** True for a folder holding group.json. */
  public static boolean isGroupFolder(Path p) {
    return Files.isDirectory(p) && Files.isRegularFile(p.resolve(GROUP_JSON));
  }

  /**
   * Reads the group folder.
   *
   * @throws InputFormatException when group.json or samples.csv is missing or malformed
   */
  public static GroupFolder read(Path dir) {
    Path file = dir.resolve(GROUP_JSON);
    GroupDocument doc;
    try {
      doc = GroupDocumentCodec.decode(JsonFile.read(file), file.toString());
    } catch (GroupDocumentCodec.NotAGroupException e) {
      throw new InputFormatException(file, 0, e.getMessage());
    }
    List<Target> targets = targets(dir, doc);
    Samples s = readSamples(dir.resolve("samples.csv"), targets);
    return of(dir, doc, targets, s.time(), s.rate());
  }

  /**
   * The group folder from what its run kept: its document and the rows it wrote ({@code
   * timeSeconds} and {@code rateMBps} as samples.csv holds them), so that the run's end reads
   * neither back.
   */
  public static GroupFolder of(
      Path dir, GroupDocument doc, double[] timeSeconds, double[][] rateMBps) {
    return of(dir, doc, targets(dir, doc), timeSeconds, rateMBps);
  }

  private static GroupFolder of(
      Path dir, GroupDocument doc, List<Target> targets, double[] time, double[][] rate) {
    return new GroupFolder(
        dir, doc.shared(), doc.command(), doc.status(), doc.intervalSeconds(), targets, time, rate);
  }

  /** Each target of {@code doc}, its folder resolved against the group's. */
  private static List<Target> targets(Path dir, GroupDocument doc) {
    List<Target> targets = new ArrayList<>();
    for (GroupDocument.Target t : doc.targets()) {
      targets.add(
          new Target(
              t.name(),
              t.target(),
              dir.resolve(t.folder()),
              t.startSeconds().orElse(Double.NaN),
              t.status(),
              t.error().orElse(null),
              t.bytes(),
              t.seconds(),
              t.soloMBps().orElse(Double.NaN),
              t.soloSource().orElse(null),
              t.soloFrom().orElse(null)));
    }
    return targets;
  }

  private record Samples(double[] time, double[][] rate) {}

  /**
   * The group's samples.csv through {@link SamplesCsv.Reader}: {@code time_s} and each target's
   * {@code <name>_MBps}, an empty cell NaN; a last line cut short by a kill is left out.
   */
  private static Samples readSamples(Path csv, List<Target> targets) {
    try (SamplesCsv.Reader in = SamplesCsv.Reader.open(csv)) {
      if (in.headerLine() == 0) {
        throw new InputFormatException(csv, 0, "empty: no header");
      }
      int timeColumn = in.columns().indexOf("time_s");
      if (timeColumn < 0) {
        throw new InputFormatException(csv, in.headerLine(), "no time_s column");
      }
      int[] columns = new int[targets.size()];
      for (int i = 0; i < columns.length; i++) {
        columns[i] = in.columns().indexOf(targets.get(i).name() + "_MBps");
        if (columns[i] < 0) {
          throw new InputFormatException(
              csv,
              in.headerLine(),
              "no column " + targets.get(i).name() + "_MBps for a target of group.json");
        }
      }
      return rows(csv, in, timeColumn, columns);
    } catch (IOException e) {
      throw new InputFormatException(csv, 0, "cannot be read: " + e.getMessage());
    }
  }

  private static Samples rows(Path csv, SamplesCsv.Reader in, int timeColumn, int[] columns)
      throws IOException {
    int n = 0;
    double[] time = new double[64];
    double[][] rate = new double[columns.length][time.length];
    for (SamplesCsv.Row r = in.next(); r != null; r = in.next()) {
      if (r.cells().length < in.columns().size()) {
        if (r.last()) {
          break; // a last line cut short by a kill: the rows before it stand
        }
        throw new InputFormatException(
            csv, r.lineNumber(), "fewer cells than the header has columns");
      }
      if (n == time.length) {
        time = Arrays.copyOf(time, n * 2);
        for (int i = 0; i < rate.length; i++) {
          rate[i] = Arrays.copyOf(rate[i], n * 2);
        }
      }
      try {
        time[n] = Double.parseDouble(r.cells()[timeColumn]);
        for (int i = 0; i < columns.length; i++) {
          String c = r.cell(columns[i]);
          rate[i][n] = c.isEmpty() ? Double.NaN : Double.parseDouble(c);
        }
      } catch (NumberFormatException e) {
        throw new InputFormatException(csv, r.lineNumber(), "not a number: " + e.getMessage());
      }
      n++;
    }
    for (int i = 0; i < rate.length; i++) {
      rate[i] = Arrays.copyOf(rate[i], n);
    }
    return new Samples(Arrays.copyOf(time, n), rate);
  }

  /** The names of the targets, in column order. */
  public List<String> names() {
    return targets.stream().map(Target::name).toList();
  }

  @Override
  public double[] timeSeconds() {
    return timeSeconds.clone();
  }

  @Override
  public double[][] rateMBps() {
    return GroupCurves.copyRows(rateMBps);
  }
}
