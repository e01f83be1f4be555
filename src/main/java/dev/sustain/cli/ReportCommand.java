package dev.sustain.cli;

import dev.sustain.analysis.Media;
import dev.sustain.input.GroupFolder;
import dev.sustain.report.AnalysisText;
import dev.sustain.report.ChartImages;
import dev.sustain.report.CompareFormats;
import dev.sustain.report.Comparison;
import dev.sustain.report.CurveReport;
import dev.sustain.report.GroupHtml;
import dev.sustain.report.GroupReport;
import dev.sustain.report.HtmlReport;
import dev.sustain.report.Sparkline;
import dev.sustain.share.HubStanding;
import dev.sustain.workload.WriteRepeat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code sustain report INPUT...}: the analysis and a sparkline in the terminal, and on request a
 * PNG or SVG chart and a one-file HTML report. Reads results; never measures.
 */
@Command(name = "report", mixinStandardHelpOptions = true)
public final class ReportCommand extends BaseCommand {

  // Files first: the completion script lists the options in this order, as it did before.
  @Mixin ChartFiles files;

  @Mixin CurveInputs curves;

  @Override
  protected int execute() throws Exception {
    Media forced = curves.forcedMedia();
    long jobBytes = curves.jobBytes();
    files.checkWritable();
    List<Object> reports = new ArrayList<>();
    for (Path input : curves.inputs) {
      List<Path> passes = WriteRepeat.passFolders(input);
      reports.add(
          GroupFolder.isGroupFolder(input)
              ? GroupReport.load(input)
              : !passes.isEmpty()
                  ? Comparison.load(passes, forced, jobBytes)
                  : CurveReport.load(input, forced, jobBytes));
    }
    for (int k = 0; k < reports.size(); k++) {
      if (k > 0) {
        out().println();
      }
      String suffix = reports.size() > 1 ? "-" + (k + 1) : "";
      if (reports.get(k) instanceof GroupReport g) {
        group(g, suffix);
        continue;
      }
      if (reports.get(k) instanceof Comparison c) {
        repeat(c, suffix);
        continue;
      }
      CurveReport r = (CurveReport) reports.get(k);
      out().print(AnalysisText.format(r.title(), r.analysis(), r.notes(), r.info().context()));
      if (java.nio.file.Files.isDirectory(curves.inputs.get(k))) {
        // From the local copy of a hub's figures (models --update), never from the network.
        HubStanding.line(curves.inputs.get(k), r.analysis().floorMBps(), r.analysis().cacheGB())
            .ifPresent(out()::println);
      }
      out().println("curve:");
      out().print(Sparkline.render(r.series(), r.analysis(), Sparkline.DEFAULT_COLUMNS, "  "));
      out().flush();
      files.write(
          () -> ChartImages.single(r, ChartImages.WIDTH, ChartImages.HEIGHT),
          () -> HtmlReport.single(r),
          suffix,
          out());
    }
    out().flush();
    return ExitCodes.OK;
  }

  /** A group: its text, each target's own sparkline, and the charts of each target and the sum. */
  private void group(GroupReport g, String suffix) throws IOException {
    out().print(g.text());
    for (CurveReport c : g.curvesOnGroupClock()) {
      out().println(c.label() + ":");
      out().print(Sparkline.render(c.series(), c.analysis(), Sparkline.DEFAULT_COLUMNS, "  "));
    }
    String title = "Group: " + String.join(", ", g.folder().names());
    files.write(
        () ->
            ChartImages.overlay(
                g.curvesOnGroupClock(), title, ChartImages.WIDTH, ChartImages.HEIGHT),
        () -> GroupHtml.page(g),
        suffix,
        out());
    out().flush();
  }

  /**
   * A repeat's folder: its passes side by side, each explained against the first, and the page with
   * the recovery drawn; the charts overlay the passes.
   */
  private void repeat(Comparison c, String suffix) throws IOException {
    out().print(CompareFormats.text(c));
    files.write(
        () -> ChartImages.overlay(c.curves(), c.title(), ChartImages.WIDTH, ChartImages.HEIGHT),
        () -> HtmlReport.compare(c),
        suffix,
        out());
    out().flush();
  }
}
