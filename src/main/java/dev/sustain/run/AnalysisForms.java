package dev.sustain.run;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The two forms a finished run's analysis is kept and shown in: analysis.json's object and the text
 * for people. Both are the report's (its evidence and advice are words), and data flows down: the
 * run measures and analyses its folder but never words a result, so the command that starts a run
 * gives it these forms (the command line's {@code AnalysisWords}).
 */
public interface AnalysisForms {

  /** analysis.json's object for {@code done}, in the context its run.json gives. */
  JsonNode json(RunAnalysis.Done done);

  /** {@code done} as text for people, as {@code analyze} prints the same folder. */
  String text(RunAnalysis.Done done);
}
