package dev.sustain.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.input.CurveReader;
import dev.sustain.input.ImportedCurve;
import dev.sustain.input.InputFormatException;
import dev.sustain.report.Comparison;
import dev.sustain.report.CurveReport;
import dev.sustain.report.HtmlReport;
import dev.sustain.report.RunInfo;
import dev.sustain.store.RunJobs;
import dev.sustain.store.RunLiveness;
import dev.sustain.store.RunRecord;
import dev.sustain.store.SampleStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run and compare pages' content, made by the report package exactly as {@code report --html}
 * and {@code compare --html} make it (figures, evidence, advice, projection calculator, device
 * facts, charts downsampled for drawing), from a run's samples and run.json in the history. The
 * analysis of a finished run is kept (a few dozen runs) since it cannot change; a running run's is
 * made anew each time. Thread-safe.
 */
final class RunViews {

  private static final Logger LOG = LoggerFactory.getLogger(RunViews.class);

  /** Finished runs whose pages are kept. */
  static final int CACHED_RUNS = 48;

  private final SampleStore samples;
  private final Map<String, CurveReport> finished =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CurveReport> eldest) {
          return size() > CACHED_RUNS;
        }
      };

  RunViews(SampleStore samples) {
    this.samples = samples;
  }

  /** The content of the run page. */
  HtmlReport.Parts single(RunRecord run) {
    return HtmlReport.singleParts(curve(run));
  }

  /** The content of the compare page, the runs in the order given. */
  HtmlReport.Parts compare(List<RunRecord> runs) {
    List<CurveReport> curves = new ArrayList<>();
    List<Comparison.Known> known = new ArrayList<>();
    for (RunRecord r : runs) {
      curves.add(curve(r));
      // The job as the lists show it, so a compare never contradicts them.
      known.add(new Comparison.Known(RunJobs.of(r), r.started()));
    }
    return HtmlReport.compareParts(Comparison.of(curves, -1, known));
  }

  /** What an unreadable file's message says is wrong, without the file's path. */
  static String problem(InputFormatException e) {
    String prefix = e.file() + (e.line() > 0 ? ":" + e.line() : "") + ": ";
    String m = e.getMessage();
    String what =
        m.startsWith(prefix) ? m.substring(prefix.length()) : "its format is not understood";
    // The problem's own words may quote the path again (an I/O error's message).
    Path folder = e.file().getParent();
    what = what.replace(e.file().toString(), "the file");
    if (folder != null && folder.getNameCount() > 0) {
      what = what.replace(folder.toString(), "the run folder");
    }
    Path name = e.file().getFileName();
    return (name == null ? "samples.csv" : name.toString())
        + (e.line() > 0 ? " line " + e.line() : "")
        + ": "
        + what;
  }

  /** The run's curve and analysis; 404 when the history and this host have none of its samples. */
  CurveReport curve(RunRecord run) {
    String key = run.runId() + "|" + run.status() + "|" + run.ended();
    boolean done = !RunLiveness.mayChange(run.status());
    if (done) {
      synchronized (finished) {
        CurveReport cached = finished.get(key);
        if (cached != null) {
          return cached;
        }
      }
    }
    RunData.Samples s = RunData.samples(samples, run);
    if (s.header() == null || s.lines().isEmpty()) {
      throw ApiError.notFound("run " + run.runId() + " has no samples in the history yet");
    }
    JsonNode runJson = RunData.runJson(samples, run);
    Path source = Path.of(run.runFolder() != null ? run.runFolder() : run.runId());
    ImportedCurve curve;
    try {
      curve = CurveReader.readRun(source, source.resolve("samples.csv"), s.csvLines(), runJson);
    } catch (InputFormatException e) {
      // The message starts with the server's path to the run folder: the log keeps it, the
      // client gets the line and the problem.
      LOG.warn("the samples of run {} cannot be read: {}", run.runId(), e.getMessage());
      throw new ApiError(
          422, "the samples of run " + run.runId() + " cannot be read: " + problem(e));
    }
    RunInfo info = runJson == null ? RunInfo.NONE : RunInfo.of(runJson);
    Analysis analysis = Analyzer.analyze(curve.series(), -1);
    String label = info.driveName().isEmpty() ? run.drive().describe() : info.driveName();
    CurveReport report =
        new CurveReport(source, label, info, curve.series(), analysis, curve.notes());
    if (done) {
      synchronized (finished) {
        finished.put(key, report);
      }
    }
    return report;
  }
}
