package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.Media;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.input.CurveReader;
import dev.sustain.input.ImportedCurve;
import dev.sustain.input.InputFormatException;
import dev.sustain.sampling.SamplesCsvLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One curve ready to show: where it came from, a label for people, the run's facts, the samples and
 * their analysis. Immutable.
 *
 * @param input the run folder or file it was read from
 * @param label the drive (model and serial) or, without a run.json, the file or folder name
 * @param info what run.json says ({@link RunInfo#NONE} for imported curves)
 * @param series the samples
 * @param analysis the analysis of {@code series}
 * @param notes what the reader noted (a killed run, restored fio gaps...)
 */
public record CurveReport(
    Path input,
    String label,
    RunInfo info,
    SampleSeries series,
    Analysis analysis,
    List<String> notes) {

  public CurveReport {
    notes = List.copyOf(notes);
  }

  /**
   * Reads and analyses {@code input}.
   *
   * @param media the media to assume instead of the run folder's, or null
   * @param jobBytes a job size to project, or a negative number for none
   * @throws InputFormatException when the input is missing or malformed
   */
  public static CurveReport load(Path input, Media media, long jobBytes) {
    ImportedCurve curve = CurveReader.read(input);
    SampleSeries series = media == null ? curve.series() : curve.series().withMedia(media);
    RunInfo info = RunInfo.read(input);
    Analysis analysis = Analyzer.analyze(series, jobBytes);
    return new CurveReport(input, labelOf(input, info), info, series, analysis, curve.notes());
  }

  /**
   * {@link #load} of a run folder from what its run told of it: run.json's text ({@code runJson})
   * and samples.csv's rows as its end read them ({@code rows}), so neither file is read again.
   *
   * @throws InputFormatException where {@link #load} of the folder would
   * @throws IOException when run.json's text cannot be parsed
   */
  public static CurveReport ofRun(Path runFolder, String runJson, SamplesCsvLines rows)
      throws IOException {
    RunDocument run =
        RunDocumentCodec.parse(runJson, RunDocumentCodec.fileOf(runFolder).toString());
    ImportedCurve curve =
        CurveReader.readRunFolder(runFolder, run, CurveReader.readSamples(runFolder, rows));
    RunInfo info = RunInfo.of(run);
    Analysis analysis = Analyzer.analyze(curve.series(), -1);
    return new CurveReport(
        runFolder, labelOf(runFolder, info), info, curve.series(), analysis, curve.notes());
  }

  /**
   * {@link #ofRun} of what a run kept, or {@link #load} of its folder where it kept no rows or told
   * nothing ({@code runJson} or {@code rows} null) or its run.json's text does not parse (the
   * folder's reading then says why): the one way a workload reads a finished run's curve.
   *
   * @throws InputFormatException where {@link #load} of the folder would
   */
  public static CurveReport ofKept(Path runFolder, String runJson, SamplesCsvLines rows) {
    if (runJson == null || rows == null) {
      return load(runFolder, null, -1);
    }
    try {
      return ofRun(runFolder, runJson, rows);
    } catch (IOException e) {
      return load(runFolder, null, -1);
    }
  }

  /** The drive's model and serial, or the name of the file or folder. */
  static String labelOf(Path input, RunInfo info) {
    String drive = info.driveName();
    if (!drive.isEmpty()) {
      return drive;
    }
    Path name = input.toAbsolutePath().normalize().getFileName();
    if (name != null && name.toString().equals("samples.csv")) {
      Path parent = input.toAbsolutePath().normalize().getParent();
      name = parent == null ? name : parent.getFileName();
    }
    if (name == null) {
      return input.toString();
    }
    String file = name.toString();
    // "wd-sn810.csv" reads better as "wd-sn810"; a folder's name stays as it is.
    for (String ext : new String[] {".csv", ".log", ".txt"}) {
      if (file.length() > ext.length() && file.toLowerCase(java.util.Locale.ROOT).endsWith(ext)) {
        return file.substring(0, file.length() - ext.length());
      }
    }
    return file;
  }

  /** The same curve under another label (to tell two of the same drive apart). */
  public CurveReport withLabel(String newLabel) {
    return new CurveReport(input, newLabel, info, series, analysis, notes);
  }

  /** A chart title: the drive and the parameters, e.g. {@code WD SN810 — 300 GiB, QD 32}. */
  public String title() {
    return info.summary().isEmpty() ? label : label + " — " + info.summary();
  }

  /** Cumulative decimal GB written at the end of each interval. */
  public double[] cumulativeGB() {
    double[] gb = new double[series.size()];
    long sum = 0;
    for (int i = 0; i < gb.length; i++) {
      sum += series.bytes(i);
      gb[i] = sum / 1e9;
    }
    return gb;
  }

  /** Temperatures in °C (NaN where unknown). */
  public double[] tempC() {
    double[] t = new double[series.size()];
    for (int i = 0; i < t.length; i++) {
      t[i] = series.tempC(i);
    }
    return t;
  }
}
