package dev.sustain.blind;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/** Per class: how many curves ran, how many were read right, and the wrong answers, counted. */
final class BlindReport {

  /** One class's tally. */
  static final class Tally {
    int curves;
    int right;
    int shapeRight;

    /**
     * Curves whose truth has a shape but that the analysis said it could not tell (undetermined):
     * better than a wrong shape, not right.
     */
    int undetermined;

    final Map<String, Integer> wrong = new TreeMap<>();
    final List<String> misses = new ArrayList<>();
  }

  private final Map<DriveClass, Tally> tallies = new EnumMap<>(DriveClass.class);

  synchronized void record(BlindCurve curve, DriveClass driveClass, Verdict verdict) {
    Tally t = tallies.computeIfAbsent(driveClass, c -> new Tally());
    t.curves++;
    if (verdict.shapeRight()) {
      t.shapeRight++;
    }
    if (verdict.right()) {
      t.right++;
      return;
    }
    if (!verdict.shapeRight() && "undetermined".equals(verdict.said())) {
      t.undetermined++;
    }
    t.wrong.merge(verdict.wrongAnswer(), 1, Integer::sum);
    t.misses.add(
        String.format(
            Locale.ROOT,
            "- %s seed %d: said **%s**%s. Truth: %s. Params: %s. Analysis: %s",
            driveClass,
            curve.seed(),
            verdict.said(),
            verdict.figureMisses().isEmpty()
                ? ""
                : " (" + String.join("; ", verdict.figureMisses()) + ")",
            curve.truthText(),
            curve.params(),
            verdict.summary()));
  }

  synchronized Tally tally(DriveClass driveClass) {
    return tallies.get(driveClass);
  }

  /** The table: class, curves, right, shape right, undetermined, misses by wrong answer. */
  synchronized String table() {
    StringBuilder b = new StringBuilder();
    b.append("| class | curves | right | shape right | undetermined | misses by wrong answer |\n");
    b.append("|---|---:|---:|---:|---:|---|\n");
    for (Map.Entry<DriveClass, Tally> e : tallies.entrySet()) {
      Tally t = e.getValue();
      List<String> wrong = new ArrayList<>();
      t.wrong.forEach((answer, count) -> wrong.add(answer + " ×" + count));
      b.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %d | %d | %d | %s |%n",
              e.getKey(),
              t.curves,
              t.right,
              t.shapeRight,
              t.undetermined,
              wrong.isEmpty() ? "" : String.join("; ", wrong)));
    }
    return b.toString();
  }

  synchronized void write(Path file, String command, double seconds, double analysisSeconds)
      throws IOException {
    StringBuilder b =
        new StringBuilder("# Curves written blind: the analysis read as a black box\n\n");
    b.append("Made by `").append(command).append("` in ");
    b.append(
        String.format(
            Locale.ROOT, "%.1f s (%.1f s of it in the analysis)", seconds, analysisSeconds));
    b.append(".\n\n");
    b.append(table()).append("\n## Misses\n\n");
    b.append("A miss's curve is in target/blind-curves/CLASS-seed-N.csv (replay one: ");
    b.append("`-Dsustain.blindClass=CLASS -Dsustain.seed=N`).\n\n");
    for (Tally t : tallies.values()) {
      for (String miss : t.misses) {
        b.append(miss).append('\n');
      }
    }
    Files.createDirectories(file.getParent());
    Files.writeString(file, b, StandardCharsets.UTF_8);
  }

  /** The recorded baseline: right curves per class at the default seeds. */
  static Map<String, Integer> baseline() throws IOException {
    Properties p = new Properties();
    try (InputStream in = BlindReport.class.getResourceAsStream("baseline.properties")) {
      if (in != null) {
        p.load(in);
      }
    }
    Map<String, Integer> counts = new TreeMap<>();
    for (String name : p.stringPropertyNames()) {
      counts.put(name, Integer.parseInt(p.getProperty(name).strip()));
    }
    return counts;
  }
}
