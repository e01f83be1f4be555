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
@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    description = {
      "Reads a write curve and finds the burst, the cache cliff, the floor, stalls and the shape"
          + " (flat, cache-cliff, thermal-throttle, gc-erratic, smr-stalls, hdd-zoned), with the"
          + " numbers that decided it.",
      "INPUT is a run folder (also a killed run's), a CSV whose header names time_s and"
          + " write_MBps (optionally temp_C, cpu_pct), or a fio write_bw_log. A group's folder"
          + " (write T1 T2 ...) gives the group's analysis: each target and the shared ceiling."
    })
public final class AnalyzeCommand extends BaseCommand {

  @Parameters(arity = "1..*", paramLabel = "INPUT", description = "Run folders, CSVs or fio logs.")
  List<Path> inputs;

  @Option(
      names = "--media",
      paramLabel = "ssd|hdd",
      description =
          "What wrote the curve: ssd or hdd (spinning disk). A run folder knows it from its"
              + " device; this overrides it.")
  String media;

  @Option(
      names = "--job-size",
      paramLabel = "SIZE",
      converter = Converters.Size.class,
      description = "Project the time a job of this size takes: 500GB, 300GiB.")
  ByteSize jobSize;

  @Option(
      names = "--json",
      description = "Print the analysis as JSON (an array for several inputs).")
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
