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
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.UsageException;
import dev.sustain.workload.WriteRepeat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sustain report INPUT...}: the analysis and a sparkline in the terminal, and on request a
 * PNG or SVG chart and a one-file HTML report. Reads results; never measures.
 */
@Command(name = "report", mixinStandardHelpOptions = true)
public final class ReportCommand extends BaseCommand {

  @Parameters(arity = "1..*", paramLabel = "INPUT")
  List<Path> inputs;

  @Option(names = "--html", paramLabel = "FILE")
  Path html;

  @Option(names = "--png", paramLabel = "FILE")
  Path png;

  @Option(names = "--svg", paramLabel = "FILE")
  Path svg;

  @Option(names = "--media", paramLabel = "ssd|hdd")
  String media;

  @Option(names = "--job-size", paramLabel = "SIZE", converter = Converters.Size.class)
  ByteSize jobSize;

  @Override
  protected int execute() throws Exception {
    Media forced = parseMedia(media);
    long jobBytes = jobSize == null ? -1 : jobSize.bytes();
    for (Path file : new Path[] {png, svg, html}) {
      checkWritable(file);
    }
    List<Object> reports = new ArrayList<>();
    for (Path input : inputs) {
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
      out().print(AnalysisText.format(r.title(), r.analysis(), r.notes()));
      out().println("curve:");
      out().print(Sparkline.render(r.series(), r.analysis(), Sparkline.DEFAULT_COLUMNS, "  "));
      out().flush();
      if (png != null) {
        Path file = numbered(png, suffix);
        ChartImages.writePng(ChartImages.single(r, ChartImages.WIDTH, ChartImages.HEIGHT), file);
        out().println("wrote " + file);
      }
      if (svg != null) {
        Path file = numbered(svg, suffix);
        ChartImages.writeSvg(ChartImages.single(r, ChartImages.WIDTH, ChartImages.HEIGHT), file);
        out().println("wrote " + file);
      }
      if (html != null) {
        Path file = numbered(html, suffix);
        Files.writeString(file, HtmlReport.single(r), StandardCharsets.UTF_8);
        out().println("wrote " + file);
      }
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
    if (png != null) {
      Path file = numbered(png, suffix);
      ChartImages.writePng(
          ChartImages.overlay(g.curvesOnGroupClock(), title, ChartImages.WIDTH, ChartImages.HEIGHT),
          file);
      out().println("wrote " + file);
    }
    if (svg != null) {
      Path file = numbered(svg, suffix);
      ChartImages.writeSvg(
          ChartImages.overlay(g.curvesOnGroupClock(), title, ChartImages.WIDTH, ChartImages.HEIGHT),
          file);
      out().println("wrote " + file);
    }
    if (html != null) {
      Path file = numbered(html, suffix);
      Files.writeString(file, GroupHtml.page(g), StandardCharsets.UTF_8);
      out().println("wrote " + file);
    }
    out().flush();
  }

  /**
   * A repeat's folder: its passes side by side, each explained against the first, and the page with
   * the recovery drawn; the charts overlay the passes.
   */
  private void repeat(Comparison c, String suffix) throws IOException {
    out().print(CompareFormats.text(c));
    if (png != null) {
      Path file = numbered(png, suffix);
      ChartImages.writePng(
          ChartImages.overlay(c.curves(), c.title(), ChartImages.WIDTH, ChartImages.HEIGHT), file);
      out().println("wrote " + file);
    }
    if (svg != null) {
      Path file = numbered(svg, suffix);
      ChartImages.writeSvg(
          ChartImages.overlay(c.curves(), c.title(), ChartImages.WIDTH, ChartImages.HEIGHT), file);
      out().println("wrote " + file);
    }
    if (html != null) {
      Path file = numbered(html, suffix);
      Files.writeString(file, HtmlReport.compare(c), StandardCharsets.UTF_8);
      out().println("wrote " + file);
    }
    out().flush();
  }

  static Media parseMedia(String media) {
    if (media == null) {
      return null;
    }
    try {
      return Media.parse(media);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--media: " + e.getMessage());
    }
  }

  /** Refuses an output file whose folder does not exist, before any work is done. */
  static void checkWritable(Path file) {
    if (file == null) {
      return;
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null && !Files.isDirectory(parent)) {
      throw new UsageException("cannot write " + file + ": no such folder " + parent);
    }
    if (Files.isDirectory(file)) {
      throw new UsageException("cannot write " + file + ": it is a folder");
    }
  }

  /** {@code report.png} becomes {@code report-2.png} for the second input. */
  static Path numbered(Path file, String suffix) {
    if (suffix.isEmpty()) {
      return file;
    }
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String numbered =
        dot > 0 ? name.substring(0, dot) + suffix + name.substring(dot) : name + suffix;
    Path parent = file.getParent();
    return parent == null ? Path.of(numbered) : parent.resolve(numbered);
  }
}
