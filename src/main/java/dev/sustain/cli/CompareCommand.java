package dev.sustain.cli;

import dev.sustain.input.GroupFolder;
import dev.sustain.report.ChartImages;
import dev.sustain.report.CompareFormats;
import dev.sustain.report.Comparison;
import dev.sustain.report.GroupReport;
import dev.sustain.report.HtmlReport;
import dev.sustain.unit.UsageException;
import dev.sustain.workload.WriteRepeat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code sustain compare INPUT...}: curves side by side, one row each, with what matters in words
 * and an overlay chart. Reads results; never measures.
 */
@Command(name = "compare", mixinStandardHelpOptions = true)
public final class CompareCommand extends BaseCommand {

  @Mixin CurveInputs curves;

  @Option(names = "--json")
  boolean json;

  @Option(names = "--csv")
  boolean csv;

  @Mixin ChartFiles files;

  @Override
  protected int execute() throws Exception {
    if (json && csv) {
      throw new UsageException("choose one of --json and --csv");
    }
    files.checkWritable();
    // A group's folder stands for its targets' own run folders.
    List<Path> folders = new ArrayList<>();
    List<GroupReport> groups = new ArrayList<>();
    for (Path input : curves.inputs) {
      if (GroupFolder.isGroupFolder(input)) {
        GroupReport g = GroupReport.load(input);
        groups.add(g);
        for (int i = 0; i < g.members().size(); i++) {
          if (g.members().get(i) != null) {
            folders.add(g.folder().targets().get(i).folder());
          }
        }
      } else if (!WriteRepeat.passFolders(input).isEmpty()) {
        // A repeat's folder (write --repeat) stands for its passes: one drive, explained in turn.
        folders.addAll(WriteRepeat.passFolders(input));
      } else {
        folders.add(input);
      }
    }
    Comparison c = Comparison.load(folders, curves.forcedMedia(), curves.jobBytes());
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
    files.write(
        () -> ChartImages.overlay(c.curves(), c.title(), ChartImages.WIDTH, ChartImages.HEIGHT),
        () -> HtmlReport.compare(c),
        "",
        notices);
    out().flush();
    err().flush();
    return ExitCodes.OK;
  }
}
