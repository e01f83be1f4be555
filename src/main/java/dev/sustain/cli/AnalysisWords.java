package dev.sustain.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.report.AnalysisJson;
import dev.sustain.report.AnalysisText;
import dev.sustain.report.RunContext;
import dev.sustain.run.AnalysisForms;
import dev.sustain.run.RunAnalysis;
import java.util.List;

/**
 * The report's forms of a run's analysis, given to every run the command line starts: the run
 * package analyses its folder but never reaches the report (data flows down), so its words and
 * analysis.json's object are made here, in the context the folder's run.json gives (what ended the
 * run, what the target is). Stateless.
 */
public final class AnalysisWords implements AnalysisForms {

  /** The one instance: the forms keep no state. */
  public static final AnalysisWords FORMS = new AnalysisWords();

  private AnalysisWords() {}

  @Override
  public JsonNode json(RunAnalysis.Done done) {
    return AnalysisJson.toNode(done.analysis(), context(done));
  }

  /** The live progress's text of a run just analysed: no title, and no notes of reading it. */
  @Override
  public String text(RunAnalysis.Done done) {
    return AnalysisText.format(null, done.analysis(), List.of(), context(done));
  }

  /** {@code done} under {@code title}, with the notes of reading its curve first. */
  static String text(String title, RunAnalysis.Done done) {
    return AnalysisText.format(title, done.analysis(), done.notes(), context(done));
  }

  /** The context of the run.json the analysis read: the folder is not read again for it. */
  private static RunContext context(RunAnalysis.Done done) {
    return done.run().map(RunContext::of).orElse(RunContext.NONE);
  }
}
