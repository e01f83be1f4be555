package dev.sustain.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Media;
import dev.sustain.input.CurveReader;
import dev.sustain.input.GroupFolder;
import dev.sustain.input.ImportedCurve;
import dev.sustain.report.AnalysisJson;
import dev.sustain.report.AnalysisText;
import dev.sustain.report.GroupReport;
import dev.sustain.report.RunContext;
import dev.sustain.run.RunAnalysis;
import dev.sustain.share.HubStanding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code sustain analyze INPUT...}: reads curves and names their shape, with the evidence. */
@Command(name = "analyze", mixinStandardHelpOptions = true)
public final class AnalyzeCommand extends BaseCommand {

  @Mixin CurveInputs curves;

  @Option(names = "--json")
  boolean json;

  @Override
  protected int execute() throws Exception {
    Media forced = curves.forcedMedia();
    List<Object> loaded = new ArrayList<>();
    for (Path input : curves.inputs) {
      loaded.add(
          GroupFolder.isGroupFolder(input) ? GroupReport.load(input) : CurveReader.read(input));
    }
    long jobBytes = curves.jobBytes();
    ArrayNode array = JsonNodeFactory.instance.arrayNode();
    StringBuilder text = new StringBuilder();
    for (Object o : loaded) {
      if (o instanceof GroupReport g) {
        // A group: what its analysis.json holds, or its text.
        if (json) {
          array.add(g.toJson());
        } else {
          text.append(text.length() > 0 ? "\n" : "").append(g.text());
        }
        continue;
      }
      add((ImportedCurve) o, forced, jobBytes, loaded.size() > 1, array, text);
    }
    if (json) {
      ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
      out().println(mapper.writeValueAsString(loaded.size() == 1 ? array.get(0) : array));
    } else {
      out().print(text);
    }
    out().flush();
    return ExitCodes.OK;
  }

  /**
   * One curve's analysis, as JSON into {@code array} (with its input named when {@code several}
   * were given) or as text into {@code text}.
   */
  private void add(
      ImportedCurve c,
      Media forced,
      long jobBytes,
      boolean several,
      ArrayNode array,
      StringBuilder text) {
    Analysis a = RunAnalysis.of(c, forced, jobBytes);
    // What run.json says the words need (what ended the run, what the target is); an imported
    // CSV or fio log has none.
    RunContext context =
        c.format() == ImportedCurve.Format.RUN_FOLDER ? RunContext.read(c.path()) : RunContext.NONE;
    if (json) {
      ObjectNode node = AnalysisJson.toNode(a, context);
      if (!c.notes().isEmpty()) {
        c.notes().forEach(node.putArray("notes")::add);
      }
      if (several) {
        ObjectNode withInput = JsonNodeFactory.instance.objectNode();
        withInput.put("input", c.path().toString());
        withInput.setAll(node);
        node = withInput;
      }
      array.add(node);
      return;
    }
    if (text.length() > 0) {
      text.append('\n');
    }
    text.append(AnalysisText.format(c.path().toString(), a, c.notes(), context));
    if (c.format() == ImportedCurve.Format.RUN_FOLDER) {
      // From the local copy of a hub's figures (models --update), never from the network.
      HubStanding.line(c.path(), a.floorMBps(), a.cacheGB())
          .ifPresent(l -> text.append(l).append('\n'));
    }
  }
}
