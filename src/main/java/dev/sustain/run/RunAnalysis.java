package dev.sustain.run;

import com.fasterxml.jackson.core.JsonProcessingException;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The analysis of a curve, from a finished run's folder or an imported file: the one way from
 * samples.csv back to analysis.json for every command (write, fill, copy, a group's targets, {@code
 * analyze}), so the command line never reaches into the analysis itself.
 */
public final class RunAnalysis {

  private RunAnalysis() {}

  /**
   * A run folder's analysis and the notes of reading its curve (a killed run, restored gaps); what
   * the words need beside them (the stop, the target) is in the folder's run.json, {@code run}.
   *
   * @param run the folder's run.json as read for the analysis, or empty for a folder without one
   */
  public record Done(
      Analysis analysis, List<String> notes, Path runFolder, Optional<RunDocument> run) {}

  /**
   * Analyses a finished run from its own folder (the same path {@code sustain analyze} takes) and
   * leaves analysis.json beside the samples, in the form {@code forms} gives it.
   *
   * @param minIntervals fewer intervals of the curve than this are not analysed
   * @return the analysis, or null for a run with too few intervals (it leaves no analysis.json)
   */
  public static Done ofFolder(RunFolder folder, int minIntervals, AnalysisForms forms)
      throws IOException {
    Written written = write(folder, minIntervals, forms);
    return written == null ? null : written.done();
  }

  /**
   * A folder's analysis and analysis.json's text as written: what the run's history records, so it
   * need not read the file back. A curve too short to analyse has neither ({@code done} and {@code
   * json} null) but still the rows read, which the history then takes instead of the file.
   *
   * @param samples samples.csv's rows as this analysis read them, for the history; null when it
   *     read none of its own (a run's end, which keeps its own) or kept none ({@link
   *     SamplesCsvLines.Collector#lines})
   */
  public record Written(Done done, String json, SamplesCsvLines samples) {}

  /**
   * {@link #ofFolder}, with analysis.json's text: without them (but with the rows read) for a run
   * with too few intervals; null for a folder whose samples.csv is missing or unreadable. run.json
   * is read once, for the curve and for the words both.
   */
  public static Written write(RunFolder folder, int minIntervals, AnalysisForms forms)
      throws IOException {
    RunDocument run;
    try {
      run =
          Files.isRegularFile(folder.runJson())
              ? RunDocumentCodec.readFile(folder.runJson())
              : null;
    } catch (JsonProcessingException e) {
      return null; // a broken run.json, which the curve's reader refuses: nothing to analyse
    }
    return write(folder, run, minIntervals, forms);
  }

  /**
   * {@link #write(RunFolder, int, AnalysisForms)} with run.json's text as the run wrote it ({@code
   * runJson}, which its end told: {@link RunObserver.Kept#runJson}), so only samples.csv is read;
   * null reads the folder's run.json.
   */
  public static Written write(
      RunFolder folder, String runJson, int minIntervals, AnalysisForms forms) throws IOException {
    if (runJson == null) {
      return write(folder, minIntervals, forms);
    }
    RunDocument run;
    try {
      run = RunDocumentCodec.decode(RunFolder.JSON.readTree(runJson), folder.runJson().toString());
    } catch (JsonProcessingException e) {
      return null; // as a broken run.json file: nothing to analyse
    }
    return write(folder, run, minIntervals, forms);
  }

  /**
   * {@link #write(RunFolder, String, int, AnalysisForms)} of what the run's end told ({@code kept}:
   * run.json's text, and samples.csv's rows where its end read them), so no file of the folder is
   * read but samples.csv when its rows were not kept; null {@code kept} reads the folder.
   */
  public static Written write(
      RunFolder folder, RunObserver.Kept kept, int minIntervals, AnalysisForms forms)
      throws IOException {
    if (kept == null || kept.samples() == null) {
      return write(folder, kept == null ? null : kept.runJson(), minIntervals, forms);
    }
    RunDocument run;
    try {
      run =
          RunDocumentCodec.decode(
              RunFolder.JSON.readTree(kept.runJson()), folder.runJson().toString());
    } catch (JsonProcessingException e) {
      return null; // as a broken run.json file: nothing to analyse
    }
    // The rows are the history's already (Kept.samples): none of the analysis's own to add.
    return write(
        folder, run, minIntervals, forms, CurveReader.readSamples(folder.dir(), kept.samples()));
  }

  /**
   * {@link #write(RunFolder, int, AnalysisForms)} of a folder whose run.json its caller holds (the
   * run that has just written it): only samples.csv is read.
   *
   * @param run the folder's run.json, or null for a folder without one
   */
  static Written write(RunFolder folder, RunDocument run, int minIntervals, AnalysisForms forms)
      throws IOException {
    if (!Files.isRegularFile(folder.samplesCsv())) {
      return null; // no samples at all: nothing to analyse
    }
    // The rows kept as read, so the history stores them without opening the file again.
    SamplesCsvLines.Collector rows = new SamplesCsvLines.Collector();
    CurveReader.Samples samples;
    try {
      samples = CurveReader.readSamples(folder.dir(), rows::row);
    } catch (IOException e) {
      return null; // unreadable, as a refused curve: nothing to analyse
    }
    Written written = write(folder, run, minIntervals, forms, samples);
    return written == null
        ? new Written(null, null, rows.lines())
        : new Written(written.done(), written.json(), rows.lines());
  }

  /**
   * {@link #write(RunFolder, RunDocument, int, AnalysisForms)} of the samples the run's end has
   * read ({@link RunLifecycle#finishedSamples}): no file of the folder is read.
   */
  static Written write(
      RunFolder folder,
      RunDocument run,
      int minIntervals,
      AnalysisForms forms,
      CurveReader.Samples samples)
      throws IOException {
    ImportedCurve curve;
    try {
      curve = CurveReader.readRunFolder(folder.dir(), run, samples);
    } catch (InputFormatException e) {
      return null; // e.g. no samples at all: nothing to analyse
    }
    return write(folder, run, minIntervals, forms, curve);
  }

  private static Written write(
      RunFolder folder, RunDocument run, int minIntervals, AnalysisForms forms, ImportedCurve curve)
      throws IOException {
    if (curve.series().size() == 0 || curve.series().size() < minIntervals) {
      return null;
    }
    Done done =
        new Done(
            Analyzer.analyze(curve.series()),
            curve.notes(),
            folder.dir(),
            Optional.ofNullable(run));
    return new Written(done, folder.writeJson(RunFolder.ANALYSIS_JSON, forms.json(done)), null);
  }

  /**
   * The analysis of an imported curve.
   *
   * @param forced the kind of drive to read it as, or null for what the curve says
   * @param jobBytes the job's size, or -1 when unknown
   */
  public static Analysis of(ImportedCurve curve, Media forced, long jobBytes) {
    SampleSeries series = forced == null ? curve.series() : curve.series().withMedia(forced);
    return Analyzer.analyze(series, jobBytes);
  }
}
