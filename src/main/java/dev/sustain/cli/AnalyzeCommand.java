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
import dev.sustain.run.RunAnalysis;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sustain analyze INPUT...}: reads curves and names their shape, with the evidence. */
@Command(name = "analyze", mixinStandardHelpOptions = true)
public final class AnalyzeCommand extends BaseCommand {

  @Parameters(arity = "1..*", paramLabel = "INPUT")
  List<Path> inputs;

  @Option(names = "--media", paramLabel = "ssd|hdd")
  String media;

  @Option(names = "--job-size", paramLabel = "SIZE", converter = Converters.Size.class)
  ByteSize jobSize;

  @Option(names = "--json")
  boolean json;

  @Override
  protected int execute() throws Exception {
    Media forced = null;
    if (media != null) {
      try {
        forced = Media.parse(media);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--media: " + e.getMessage());
      }
    }
    List<Object> curves = new ArrayList<>();
    for (Path input : inputs) {
      curves.add(
          GroupFolder.isGroupFolder(input) ? GroupReport.load(input) : CurveReader.read(input));
    }
    long jobBytes = jobSize == null ? -1 : jobSize.bytes();
    ArrayNode array = JsonNodeFactory.instance.arrayNode();
    StringBuilder text = new StringBuilder();
    for (Object o : curves) {
      if (o instanceof GroupReport g) {
        // A group: what its analysis.json holds, or its text.
        if (json) {
          array.add(g.toJson());
        } else {
          text.append(text.length() > 0 ? "\n" : "").append(g.text());
        }
        continue;
      }
      ImportedCurve c = (ImportedCurve) o;
      Analysis a = RunAnalysis.of(c, forced, jobBytes);
      if (json) {
        ObjectNode node = AnalysisJson.toNode(a);
        if (!c.notes().isEmpty()) {
          c.notes().forEach(node.putArray("notes")::add);
        }
        if (curves.size() > 1) {
          ObjectNode withInput = JsonNodeFactory.instance.objectNode();
          withInput.put("input", c.path().toString());
          withInput.setAll(node);
          node = withInput;
        }
        array.add(node);
      } else {
        if (text.length() > 0) {
          text.append('\n');
        }
        text.append(AnalysisText.format(c.path().toString(), a, c.notes()));
      }
    }
    if (json) {
      ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
      out().println(mapper.writeValueAsString(curves.size() == 1 ? array.get(0) : array));
    } else {
      out().print(text);
    }
    out().flush();
    return ExitCodes.OK;
  }
}
