package dev.sustain.run;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.Media;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.input.CurveReader;
import dev.sustain.input.ImportedCurve;
import dev.sustain.input.InputFormatException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The analysis of a curve, from a finished run's folder or an imported file: the one way from
 * samples.csv back to analysis.json for every command (write, fill, copy, a group's targets, {@code
 * analyze}), so the command line never reaches into the analysis itself.
 */
public final class RunAnalysis {

  private RunAnalysis() {}

  /**
   * A run folder's analysis and the notes of reading its curve (a killed run, restored gaps); what
   * the words need beside them (the stop, the target) is in the folder's run.json.
   */
  public record Done(Analysis analysis, List<String> notes, Path runFolder) {}

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
   * need not read the file back.
   */
  record Written(Done done, String json) {}

  /** {@link #ofFolder}, with analysis.json's text; null for a run with too few intervals. */
  static Written write(RunFolder folder, int minIntervals, AnalysisForms forms) throws IOException {
    ImportedCurve curve;
    try {
      curve = CurveReader.readRunFolder(folder.dir());
    } catch (InputFormatException e) {
      return null; // e.g. no samples at all: nothing to analyse
    }
    if (curve.series().size() == 0 || curve.series().size() < minIntervals) {
      return null;
    }
    Done done = new Done(Analyzer.analyze(curve.series()), curve.notes(), folder.dir());
    return new Written(done, folder.writeJson(RunFolder.ANALYSIS_JSON, forms.json(done)));
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
