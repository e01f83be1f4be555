package dev.sustain.cli;

import dev.sustain.report.ChartImages;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.knowm.xchart.XYChart;
import picocli.CommandLine.Option;

/**
 * The files report and compare write on request: the chart as PNG and SVG, and a self-contained
 * HTML page. A picocli mixin ({@code @Mixin ChartFiles files;}). Not thread-safe; one per command
 * instance.
 */
public final class ChartFiles {

  @Option(names = "--html", paramLabel = "FILE")
  Path html;

  @Option(names = "--png", paramLabel = "FILE")
  Path png;

  @Option(names = "--svg", paramLabel = "FILE")
  Path svg;

  /** Refuses a file whose folder does not exist, or that is a folder, before any work is done. */
  void checkWritable() {
    for (Path file : new Path[] {png, svg, html}) {
      if (file == null) {
        continue;
      }
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null && !Files.isDirectory(parent)) {
        throw new UsageException("cannot write " + file + ": no such folder " + parent);
      }
      if (Files.isDirectory(file)) {
        throw new UsageException("cannot write " + file + ": it is a folder");
      }
    }
  }

  /**
   * Writes the files asked for, each named with {@code suffix} (see {@link #numbered}), and says so
   * on {@code notices}. The charts and the page are made only when their file is asked for.
   */
  void write(
      Supplier<List<XYChart>> charts, Supplier<String> page, String suffix, PrintWriter notices)
      throws IOException {
    if (png != null) {
      Path file = numbered(png, suffix);
      ChartImages.writePng(charts.get(), file);
      notices.println("wrote " + file);
    }
    if (svg != null) {
      Path file = numbered(svg, suffix);
      ChartImages.writeSvg(charts.get(), file);
      notices.println("wrote " + file);
    }
    if (html != null) {
      Path file = numbered(html, suffix);
      Files.writeString(file, page.get(), StandardCharsets.UTF_8);
      notices.println("wrote " + file);
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
