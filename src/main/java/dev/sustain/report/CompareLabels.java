package dev.sustain.report;

import dev.sustain.job.Job;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a comparison calls its runs and says of their jobs: labels made unique by what names a run
 * (its job where runs of one drive did different jobs, then its start, never its folder first), and
 * the finding that the jobs differ. Stateless.
 */
final class CompareLabels {

  private CompareLabels() {}

  /**
   * "The runs did different jobs: a is write 1 MiB QD32 ..., b is write 128 KiB QD4 ... (request
   * size 1 MiB vs 128 KiB, depth QD32 vs QD4); their rates differ by the job as much as by the
   * drive." Null when every known job is the same.
   */
  static String jobWords(List<String> labels, List<Comparison.Known> known) {
    Job first = null;
    List<String> how = new ArrayList<>();
    for (Comparison.Known k : known) {
      if (k.job() == null) {
        continue;
      }
      if (first == null) {
        first = k.job();
      } else {
        for (String d : first.differences(k.job())) {
          if (!how.contains(d)) {
            how.add(d);
          }
        }
      }
    }
    if (how.isEmpty()) {
      return null;
    }
    List<String> each = new ArrayList<>();
    for (int k = 0; k < labels.size(); k++) {
      Job j = known.get(k).job();
      if (j != null && !labels.get(k).contains(shortLabel(j))) {
        each.add(labels.get(k) + " is " + j.label());
      }
    }
    return "The runs did different jobs: "
        + String.join(", ", how)
        + (each.isEmpty() ? "" : " (" + String.join(", ", each) + ")")
        + "; their rates differ by the job as much as by the drive, so no difference below is"
        + " read as a change of the drive.";
  }

  /**
   * Labels as given (the drive), made unique by what names the run: its job where the runs of one
   * label did different jobs, then its start, then the file name (a curve without a run.json) and
   * last a number.
   */
  static List<String> uniqueLabels(List<CurveReport> curves, List<Comparison.Known> known) {
    List<String> given = new ArrayList<>();
    for (CurveReport c : curves) {
      given.add(c.label());
    }
    List<String> named = given;
    for (int pass = 0; pass < 2; pass++) {
      List<String> next = new ArrayList<>();
      for (int k = 0; k < named.size(); k++) {
        Comparison.Known run = k < known.size() ? known.get(k) : Comparison.Known.NONE;
        String more = pass == 0 ? jobOf(run) : when(run);
        next.add(
            more != null && clashes(named, k, known, pass)
                ? named.get(k) + ", " + more
                : named.get(k));
      }
      named = next;
    }
    Map<String, Integer> count = new HashMap<>();
    for (String label : named) {
      count.merge(label, 1, Integer::sum);
    }
    List<String> out = new ArrayList<>();
    Set<String> used = new LinkedHashSet<>();
    for (int k = 0; k < curves.size(); k++) {
      CurveReport c = curves.get(k);
      String label = named.get(k);
      if (count.get(label) > 1) {
        Path name = c.input().toAbsolutePath().normalize().getFileName();
        String file = name == null ? c.input().toString() : name.toString();
        // A drive's two runs are told apart by their folders; files named alike by a number.
        if (!file.equals(label)
            && !CurveReport.labelOf(c.input(), RunInfo.NONE).equals(c.label())) {
          label = label + " (" + file + ")";
        }
      }
      String unique = label;
      int n = 2;
      while (!used.add(unique)) {
        unique = label + " #" + n++;
      }
      out.add(unique);
    }
    return out;
  }

  private static String jobOf(Comparison.Known run) {
    return run.job() == null ? null : shortLabel(run.job());
  }

  /** The job's label without its engine and target ("write 1 MiB QD32 direct random"). */
  static String shortLabel(Job job) {
    String label = job.label();
    int cut = label.indexOf(" (");
    return cut < 0 ? label : label.substring(0, cut);
  }

  private static String when(Comparison.Known run) {
    return run.started() == null ? null : WHEN.format(run.started());
  }

  private static final java.time.format.DateTimeFormatter WHEN =
      java.time.format.DateTimeFormatter.ofPattern(
              "yyyy-MM-dd HH:mm:ss 'UTC'", java.util.Locale.ROOT)
          .withZone(java.time.ZoneOffset.UTC);

  /**
   * True when another curve has label {@code k}'s label and, in the job pass, a different job (two
   * runs of one job are told apart by their starts instead).
   */
  private static boolean clashes(
      List<String> labels, int k, List<Comparison.Known> known, int pass) {
    for (int j = 0; j < labels.size(); j++) {
      if (j == k || !labels.get(j).equals(labels.get(k))) {
        continue;
      }
      if (pass == 1) {
        return true;
      }
      Job a = k < known.size() ? known.get(k).job() : null;
      Job b = j < known.size() ? known.get(j).job() : null;
      if (a != null && b != null && !a.sameAs(b)) {
        return true;
      }
    }
    return false;
  }
}
