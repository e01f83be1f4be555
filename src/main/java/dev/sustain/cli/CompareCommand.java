package dev.sustain.cli;

import dev.sustain.input.GroupFolder;
import dev.sustain.report.ChartImages;
import dev.sustain.report.CompareFormats;
import dev.sustain.report.Comparison;
import dev.sustain.report.GroupReport;
import dev.sustain.report.HtmlReport;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.UsageException;
import dev.sustain.workload.WriteRepeat;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sustain compare INPUT...}: curves side by side, one row each, with what matters in words
 * and an overlay chart. Reads results; never measures.
 */
@Command(name = "compare", mixinStandardHelpOptions = true)
public final class CompareCommand extends BaseCommand {

  @Parameters(arity = "1..*", paramLabel = "INPUT")
  List<Path> inputs;

  @Option(names = "--job-size", paramLabel = "SIZE", converter = Converters.Size.class)
  ByteSize jobSize;

  @Option(names = "--json")
  boolean json;

  @Option(names = "--csv")
  boolean csv;

  @Option(names = "--html", paramLabel = "FILE")
  Path html;

  @Option(names = "--png", paramLabel = "FILE")
  Path png;

  @Option(names = "--svg", paramLabel = "FILE")
  Path svg;

  @Option(names = "--media", paramLabel = "ssd|hdd")
  String media;

  @Override
  protected int execute() throws Exception {
    if (json && csv) {
      throw new UsageException("choose one of --json and --csv");
    }
    for (Path file : new Path[] {png, svg, html}) {
      ReportCommand.checkWritable(file);
    }
    // A group's folder stands for its targets' own run folders.
    List<Path> curves = new ArrayList<>();
    List<GroupReport> groups = new ArrayList<>();
    for (Path input : inputs) {
      if (GroupFolder.isGroupFolder(input)) {
        GroupReport g = GroupReport.load(input);
        groups.add(g);
        for (int i = 0; i < g.members().size(); i++) {
          if (g.members().get(i) != null) {
            curves.add(g.folder().targets().get(i).folder());
          }
        }
      } else if (!WriteRepeat.passFolders(input).isEmpty()) {
        // A repeat's folder (write --repeat) stands for its passes: one drive, explained in turn.
        curves.addAll(WriteRepeat.passFolders(input));
      } else {
        curves.add(input);
      }
    }
    Comparison c =
        Comparison.load(
            curves, ReportCommand.parseMedia(media), jobSize == null ? -1 : jobSize.bytes());
    if (json) {
      out().println(CompareFormats.json(c));
    } else if (csv) {
      out().print(CompareFormats.csv(c));
    } else {
      out().print(CompareFormats.text(c));
      for (GroupReport g : groups) {
        out().println("Group " + g.folder().dir() + ":");
        for (String e : g.evidence()) {
          out().println("  - " + e);
        }
      }
    }
    // With --json or --csv, stdout stays machine-readable: file notices go to stderr.
    PrintWriter notices = json || csv ? err() : out();
    if (png != null) {
      ChartImages.writePng(
          ChartImages.overlay(c.curves(), c.title(), ChartImages.WIDTH, ChartImages.HEIGHT), png);
      notices.println("wrote " + png);
    }
    if (svg != null) {
      ChartImages.writeSvg(
          ChartImages.overlay(c.curves(), c.title(), ChartImages.WIDTH, ChartImages.HEIGHT), svg);
      notices.println("wrote " + svg);
    }
    if (html != null) {
      Files.writeString(html, HtmlReport.compare(c), StandardCharsets.UTF_8);
      notices.println("wrote " + html);
    }
    out().flush();
    err().flush();
    return ExitCodes.OK;
  }
}
