package dev.sustain.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.GroupCurves;
import dev.sustain.analysis.GroupVerdict;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.analysis.SharedCeilingDetector;
import dev.sustain.input.GroupFolder;
import dev.sustain.input.InputFormatException;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A group of targets ready to show: its folder, each target's own curve and analysis, the group's
 * curves on one clock, and the shared-ceiling verdict. The group's {@code analysis.json} is {@link
 * #toJson()}; {@code analyze GROUP} prints it. Immutable.
 *
 * @param folder the group folder as read
 * @param members each target's curve, in order; null where its run folder cannot be read (it failed
 *     before it began)
 * @param curves the group's curves, with solo rates and own cliffs on the group's clock
 * @param verdict what the shared-ceiling rules found
 * @param notes what the reader noted (a target without a run folder, a group still running)
 */
public record GroupReport(
    GroupFolder folder,
    List<CurveReport> members,
    GroupCurves curves,
    GroupVerdict verdict,
    List<String> notes) {

  /** The headline figures of each target's own analysis that analysis.json repeats. */
  static final List<String> HEADLINE =
      List.of(
          "shape",
          "burst_MBps",
          "cache_GB",
          "cache_GB_min",
          "cliff_s",
          "floor_MBps",
          "average_MBps",
          "stall_s");

  public GroupReport {
    members = java.util.Collections.unmodifiableList(new ArrayList<>(members));
    notes = List.copyOf(notes);
  }

  /**
   * Reads and analyses a group folder.
   *
   * @throws InputFormatException when group.json or the group's samples.csv is missing or malformed
   */
  public static GroupReport load(Path dir) {
    return of(GroupFolder.read(dir), t -> CurveReport.load(t.folder(), null, -1));
  }

  /**
   * A target's own curve, as {@link CurveReport#load} reads it from its run folder or from what its
   * run told.
   */
  @FunctionalInterface
  public interface MemberCurve {

    /**
     * @throws InputFormatException when the target's run folder cannot be read
     */
    CurveReport of(GroupFolder.Target target);
  }

  /**
   * Analyses the group folder {@code g} as read, each target's own curve from {@code member} (a
   * group that has just run gives what its targets' runs told, so their folders are not read
   * again).
   */
  public static GroupReport of(GroupFolder g, MemberCurve member) {
    List<CurveReport> members = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    int n = g.targets().size();
    double[] solo = new double[n];
    double[] cliffs = new double[n];
    for (int i = 0; i < n; i++) {
      GroupFolder.Target t = g.targets().get(i);
      CurveReport r = null;
      try {
        r = member.of(t);
      } catch (InputFormatException e) {
        notes.add(t.name() + ": no curve of its own (" + e.getMessage() + ")");
      }
      members.add(r);
      solo[i] = t.soloMBps();
      Double cliff = r == null ? null : r.analysis().cliffSeconds();
      cliffs[i] =
          cliff != null && Double.isFinite(t.startSeconds())
              ? t.startSeconds() + cliff
              : Double.NaN;
    }
    if (g.status().equals("running")) {
      notes.add("the group never finished (status running): read as far as it got");
    }
    GroupCurves curves =
        new GroupCurves(
            g.names(), g.intervalSeconds(), g.timeSeconds(), g.rateMBps(), solo, cliffs);
    return new GroupReport(g, members, curves, SharedCeilingDetector.detect(curves), notes);
  }

  /** What the targets share in sysfs (group.json's {@code shared}), or a missing node. */
  JsonNode shared() {
    return folder.shared();
  }

  /** The sentences naming the verdict and its evidence, the most important first. */
  public List<String> evidence() {
    return GroupWords.evidence(this);
  }

  /** The sum of the targets' rates per interval (NaN cells count as 0). */
  public double[] sumMBps() {
    double[] sum = new double[curves.size()];
    for (int k = 0; k < sum.length; k++) {
      for (int i = 0; i < curves.targets(); i++) {
        double v = curves.rate(i, k);
        sum[k] += Double.isFinite(v) ? v : 0;
      }
    }
    return sum;
  }

  /**
   * Each target's curve on the group's clock (its own intervals while it wrote), then the sum's,
   * labelled by name and {@code sum}: for charts that overlay them.
   */
  public List<CurveReport> curvesOnGroupClock() {
    List<CurveReport> out = new ArrayList<>();
    double[] time = curves.timeSeconds();
    for (int i = 0; i <= curves.targets(); i++) {
      double[] rate = i < curves.targets() ? curves.rateMBps()[i] : sumMBps();
      SampleSeries.Builder b = SampleSeries.builder(time.length);
      for (int k = 0; k < time.length; k++) {
        if (Double.isFinite(rate[k])) {
          b.add(time[k], rate[k]);
        }
      }
      SampleSeries series = b.build();
      if (series.size() == 0) {
        continue;
      }
      String label = i < curves.targets() ? curves.names().get(i) : "sum";
      out.add(
          new CurveReport(
              folder.dir(), label, RunInfo.NONE, series, Analyzer.analyze(series), List.of()));
    }
    return out;
  }

  /** The group's {@code analysis.json}: each target's headline figures and the shared ceiling. */
  public ObjectNode toJson() {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode o = f.objectNode();
    o.put("kind", "group");
    o.put("command", folder.command());
    o.put("status", folder.status());
    GroupVerdict v = verdict;
    if (v.ceilingMBps() == null) {
      o.putNull("shared_ceiling_MBps");
    } else {
      o.put("shared_ceiling_MBps", r(v.ceilingMBps(), 1));
    }
    o.put("verdict", words(v.kind().name()));
    o.put("reason", words(v.reason().name()));
    ArrayNode evidence = o.putArray("evidence");
    evidence().forEach(evidence::add);
    together(o.putObject("together"), v);
    ArrayNode targets = o.putArray("targets");
    for (int i = 0; i < curves.targets(); i++) {
      target(targets.addObject(), i, v);
    }
    drags(o.putArray("drags"), v);
    o.set("shared", shared().isMissingNode() ? f.nullNode() : shared());
    ArrayNode notesNode = o.putArray("notes");
    notes.forEach(notesNode::add);
    return o;
  }

  /** The stretch in which every target wrote: its span, sum and how steady the sum was. */
  private static void together(ObjectNode stretch, GroupVerdict v) {
    number(stretch, "start_s", v.startSeconds(), 3);
    number(stretch, "end_s", v.endSeconds(), 3);
    number(stretch, "sum_MBps", v.sumMBps(), 1);
    number(stretch, "sum_held_within", v.sumHeldWithin(), 4);
    number(stretch, "variance_ratio", v.varianceRatio(), 4);
  }

  /** Target {@code i}: where it wrote, alone and together, and its headline figures. */
  private void target(ObjectNode n, int i, GroupVerdict v) {
    GroupFolder.Target t = folder.targets().get(i);
    GroupVerdict.Share s = v.shares().get(i);
    n.put("name", t.name());
    n.put("target", t.target());
    n.put("folder", folder.dir().relativize(t.folder()).toString());
    n.put("status", t.status());
    if (t.error() == null) {
      n.putNull("error");
    } else {
      n.put("error", t.error());
    }
    number(n, "start_s", t.startSeconds(), 3);
    n.put("bytes", t.bytes());
    number(n, "solo_MBps", t.soloMBps(), 1);
    if (t.soloSource() == null) {
      n.putNull("solo_source");
    } else {
      n.put("solo_source", t.soloSource());
    }
    number(n, "together_MBps", s.medianMBps(), 1);
    number(n, "of_solo", s.ofSolo(), 3);
    n.put("below_solo", s.belowSolo());
    ObjectNode headline = n.putObject("analysis");
    CurveReport m = members.get(i);
    if (m == null) {
      n.putNull("analysis");
    } else {
      ObjectNode a = AnalysisJson.toNode(m.analysis(), m.info().context());
      for (String key : HEADLINE) {
        if (a.has(key)) {
          headline.set(key, a.get(key));
        }
      }
    }
  }

  /** Each drag: when one target's change moved the others. */
  private static void drags(ArrayNode drags, GroupVerdict v) {
    for (GroupVerdict.Drag d : v.drags()) {
      ObjectNode n = drags.addObject();
      n.put("name", d.name());
      n.put("at_s", r(d.atSeconds(), 3));
      n.put("stall", d.stall());
      n.put("before_MBps", r(d.beforeMBps(), 1));
      n.put("after_MBps", r(d.afterMBps(), 1));
      n.put("others_before_MBps", r(d.othersBeforeMBps(), 1));
      n.put("others_after_MBps", r(d.othersAfterMBps(), 1));
    }
  }

  /** The group for people: each target, the sum, the verdict and its evidence. */
  public String text() {
    StringBuilder b = new StringBuilder();
    b.append("Group ")
        .append(folder.dir())
        .append(" (")
        .append(folder.command())
        .append(", ")
        .append(curves.targets())
        .append(" targets, ")
        .append(folder.status())
        .append(")\n");
    for (String note : notes) {
      b.append("  note: ").append(note).append('\n');
    }
    for (int i = 0; i < curves.targets(); i++) {
      GroupFolder.Target t = folder.targets().get(i);
      GroupVerdict.Share s = verdict.shares().get(i);
      b.append("  ").append(t.name()).append(": ").append(t.status());
      b.append(", ")
          .append(Units.decimalBytes(t.bytes()))
          .append(" in ")
          .append(Durations.format(t.seconds()));
      if (Double.isFinite(s.medianMBps())) {
        b.append("; together ").append(Units.rate(s.medianMBps()));
      }
      if (Double.isFinite(t.soloMBps())) {
        b.append("; alone ")
            .append(Units.rate(t.soloMBps()))
            .append(" (")
            .append(t.soloSource())
            .append(')');
      }
      if (Double.isFinite(s.ofSolo())) {
        b.append(", ").append(Math.round(s.ofSolo() * 100)).append("% of it");
      }
      if (t.error() != null) {
        b.append("\n    error: ").append(t.error());
      }
      b.append('\n');
    }
    if (Double.isFinite(verdict.sumMBps())) {
      b.append("  sum: ")
          .append(Units.rate(verdict.sumMBps()))
          .append(" from ")
          .append(Durations.format(verdict.startSeconds()))
          .append(" to ")
          .append(Durations.format(verdict.endSeconds()))
          .append('\n');
    }
    b.append("  shared ceiling: ")
        .append(verdict.ceilingMBps() == null ? "none" : Units.rate(verdict.ceilingMBps()))
        .append('\n');
    for (String e : evidence()) {
      b.append("  - ").append(e).append('\n');
    }
    return b.toString();
  }

  private static String words(String enumName) {
    return enumName.toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  private static void number(ObjectNode o, String key, double v, int decimals) {
    if (Double.isFinite(v)) {
      o.put(key, r(v, decimals));
    } else {
      o.putNull(key);
    }
  }

  private static double r(double v, int decimals) {
    double f = Math.pow(10, decimals);
    return Math.round(v * f) / f;
  }
}
