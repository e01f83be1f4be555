package dev.sustain.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.Analysis;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.util.List;

/**
 * A comparison for machines and for a terminal: JSON (a list of the analysis objects, each with its
 * {@code label} and {@code input}), CSV (one row per curve, header first) and a text table. Numbers
 * use a dot whatever the locale. Stateless and thread-safe.
 */
public final class CompareFormats {

  /** The CSV columns, in order. */
  public static final List<String> CSV_COLUMNS =
      List.of(
          "label",
          "input",
          "shape",
          "burst_MBps",
          "cache_GB",
          "cliff_s",
          "floor_MBps",
          "after_cache_MBps",
          "average_MBps",
          "min_MBps",
          "median_MBps",
          "max_MBps",
          "stall_s",
          "recovered",
          "job_GB",
          "job_s");

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private CompareFormats() {}

  /** The JSON array, pretty-printed, without a final newline. */
  public static String json(Comparison c) {
    ArrayNode array = JsonNodeFactory.instance.arrayNode();
    ChangeReport changes = ChangeReport.of(c);
    for (int k = 0; k < c.curves().size(); k++) {
      CurveReport r = c.curves().get(k);
      ObjectNode o = array.addObject();
      o.put("label", r.label());
      o.put("input", r.input().toString());
      o.setAll(AnalysisJson.toNode(r.analysis(), r.info().context()));
      if (changes != null) {
        changes.putJson(o, k); // runs of one drive: each against the first
      }
      if (!r.notes().isEmpty()) {
        r.notes().forEach(o.putArray("notes")::add);
      }
    }
    try {
      return MAPPER.writeValueAsString(array);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot happen: a tree of plain values", e);
    }
  }

  /** The CSV text: a header line, then one line per curve, each ending in {@code \n}. */
  public static String csv(Comparison c) {
    StringBuilder b = new StringBuilder(String.join(",", CSV_COLUMNS)).append('\n');
    for (Comparison.Row row : c.rows()) {
      Analysis a = row.curve().analysis();
      List<String> cells =
          List.of(
              quote(row.curve().label()),
              quote(row.curve().input().toString()),
              a.shape().word(),
              Units.plain(a.burstMBps(), 1),
              a.cacheGB() == null ? "" : Units.plain(a.cacheGB(), 3),
              a.cliffSeconds() == null ? "" : Units.plain(a.cliffSeconds(), 3),
              a.floorMBps() == null ? "" : Units.plain(a.floorMBps(), 1),
              a.afterCacheMBps() == null ? "" : Units.plain(a.afterCacheMBps(), 1),
              Units.plain(a.averageMBps(), 1),
              Units.plain(a.minMBps(), 1),
              Units.plain(a.medianMBps(), 1),
              Units.plain(a.maxMBps(), 1),
              Units.plain(a.stallSeconds(), 3),
              Boolean.toString(a.recovered()),
              Units.plain(c.jobBytes() / 1e9, 3),
              Units.plain(row.jobSeconds(), 1));
      b.append(String.join(",", cells)).append('\n');
    }
    return b.toString();
  }

  /** The table and the findings for a terminal, lines ending in {@code \n}. */
  public static String text(Comparison c) {
    String jobHead = "time for " + Comparison.jobName(c.jobBytes());
    String[] head = {"drive", "shape", "burst", "cache", "floor", "average", "stalls", jobHead};
    List<String[]> lines = new java.util.ArrayList<>();
    lines.add(head);
    for (Comparison.Row row : c.rows()) {
      Analysis a = row.curve().analysis();
      lines.add(
          new String[] {
            row.curve().label(),
            a.shape().word(),
            Units.rate(a.burstMBps()),
            a.cacheGB() == null ? "-" : Phrase.gb(a.cacheGB()),
            a.floorMBps() == null ? "-" : Units.rate(a.floorMBps()),
            Units.rate(a.averageMBps()),
            Units.plain(a.stallSeconds(), 1) + " s",
            Durations.format(row.jobSeconds())
          });
    }
    int[] width = new int[head.length];
    for (String[] l : lines) {
      for (int i = 0; i < l.length; i++) {
        width[i] = Math.max(width[i], l[i].codePointCount(0, l[i].length()));
      }
    }
    StringBuilder b = new StringBuilder();
    for (String[] l : lines) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < l.length; i++) {
        int pad = width[i] - l[i].codePointCount(0, l[i].length());
        boolean number = i >= 2;
        if (number && lines.indexOf(l) > 0) {
          line.append(" ".repeat(pad)).append(l[i]);
        } else {
          line.append(l[i]).append(" ".repeat(pad));
        }
        line.append("  ");
      }
      b.append(line.toString().stripTrailing()).append('\n');
    }
    b.append('\n');
    for (String f : c.findings()) {
      b.append("- ").append(f).append('\n');
    }
    ChangeReport changes = ChangeReport.of(c);
    if (changes != null) {
      for (String s : changes.sentences()) {
        b.append("- ").append(s).append('\n');
      }
      if (!changes.recoveryTable().isEmpty()) {
        b.append("- cache back after idle: ").append(changes.recoveryTable()).append('\n');
      }
    }
    return b.toString();
  }

  /** A CSV cell: quoted (RFC 4180) when it holds a comma, a quote or a line break. */
  static String quote(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }
}
