package dev.sustain.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.PassNoise;
import dev.sustain.analysis.RunChanges;
import dev.sustain.analysis.RunChanges.Before;
import dev.sustain.analysis.RunChanges.Verdict;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.unit.Units;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Runs of one drive, each later one explained against the first ({@link RunChanges}): its cache as
 * a share of the first's with the idle time before it, where its step fell, the temperature there,
 * the free space before it and the likely cause, in words, as a recovery table and as JSON fields.
 * Immutable.
 *
 * @param names what each run is called in the words ({@code pass 2}, a drive's label)
 * @param runs the runs as the rules see them, the first being the reference
 * @param verdicts one per later run: {@code verdicts.get(k - 1)} explains {@code runs.get(k)}
 * @param jobDifferences one per run: how its job differs from the first's ({@code Job
 *     differences}); a run with any is not explained as a change of the drive
 */
public record ChangeReport(
    List<String> names,
    List<RunChanges.Run> runs,
    List<Verdict> verdicts,
    List<List<String>> jobDifferences) {

  public ChangeReport {
    names = List.copyOf(names);
    runs = List.copyOf(runs);
    verdicts = List.copyOf(verdicts);
    jobDifferences = List.copyOf(jobDifferences);
  }

  /**
   * What a run folder's run.json says before the run and when it ran.
   *
   * @param before {@code before} ({@link Before#NONE} for an imported curve)
   * @param started when it started, or null
   * @param ended when it ended, or null
   * @param driveKey the drive's identity (empty when unknown): runs of one drive share it
   */
  public record Facts(Before before, Instant started, Instant ended, String driveKey) {

    static final Facts NONE = new Facts(Before.NONE, null, null, "");
  }

  /** Reads {@link Facts} from the run.json of a run folder (or beside its samples.csv). */
  public static Facts facts(Path input) {
    // a broken run.json: the curve reader reports it
    return RunDocumentCodec.folderOf(input)
        .flatMap(RunInfo::document)
        .map(ChangeReport::facts)
        .orElse(Facts.NONE);
  }

  private static Facts facts(RunDocument run) {
    Optional<RunDocument.Device> device = run.target().device();
    RunDocument.Before b =
        run.before()
            .orElse(
                new RunDocument.Before(
                    OptionalLong.empty(),
                    OptionalLong.empty(),
                    OptionalDouble.empty(),
                    OptionalDouble.empty()));
    Long capacity = boxed(b.capacityBytes());
    if (capacity == null) {
      capacity = device.map(d -> boxed(d.sizeBytes())).orElse(null);
    }
    Before before =
        new Before(boxed(b.freeBytes()), capacity, boxed(b.tempC()), boxed(b.idleSeconds()));
    String key = device.flatMap(RunDocument.Device::identityKey).orElse("");
    if (key.isEmpty()) {
      key = RunInfo.of(run).driveName();
    }
    return new Facts(before, instant(run.started()), instant(run.ended()), key);
  }

  /** The compared runs explained against the first, when they are runs of one drive; else null. */
  public static ChangeReport of(Comparison c) {
    if (!oneDrive(c.curves())) {
      return null;
    }
    List<String> labels = new ArrayList<>();
    c.curves().forEach(curve -> labels.add(curve.label()));
    ChangeReport r = of(c.curves(), labels);
    List<List<String>> differ = new ArrayList<>();
    for (int k = 0; k < c.curves().size(); k++) {
      differ.add(c.jobDifferences(k));
    }
    return new ChangeReport(r.names(), r.runs(), r.verdicts(), differ);
  }

  /** True when run {@code k} did another job than the first. */
  private boolean otherJob(int k) {
    return k < jobDifferences.size() && !jobDifferences.get(k).isEmpty();
  }

  /** True when every curve comes from a run folder of the same drive. */
  public static boolean oneDrive(List<CurveReport> curves) {
    String key = null;
    for (CurveReport c : curves) {
      String k = facts(c.input()).driveKey();
      if (k.isEmpty() || (key != null && !key.equals(k))) {
        return false;
      }
      key = k;
    }
    return curves.size() > 1;
  }

  /**
   * Explains each curve after the first against it. A run whose run.json does not know the idle
   * time before it gets the time since the latest compared run that had ended when it started.
   */
  public static ChangeReport of(List<CurveReport> curves, List<String> names) {
    List<Facts> facts = new ArrayList<>();
    for (CurveReport c : curves) {
      facts.add(facts(c.input()));
    }
    List<RunChanges.Run> runs = new ArrayList<>();
    for (int k = 0; k < curves.size(); k++) {
      Before before = facts.get(k).before();
      if (before.idleSeconds() == null) {
        before = before.withIdleSeconds(idleAmong(facts, k));
      }
      CurveReport c = curves.get(k);
      runs.add(RunChanges.Run.of(c.series(), c.analysis(), before));
    }
    List<Verdict> verdicts = new ArrayList<>();
    CurveReport first = curves.getFirst();
    for (int k = 1; k < curves.size(); k++) {
      double noise =
          PassNoise.percent(
              first.analysis().averageMBps(),
              first.series().writeMBpsArray(),
              curves.get(k).series().writeMBpsArray());
      verdicts.add(RunChanges.explain(runs.getFirst(), runs.get(k), noise));
    }
    List<List<String>> same = new ArrayList<>();
    curves.forEach(c -> same.add(List.of()));
    return new ChangeReport(names, runs, verdicts, same);
  }

  private static Double idleAmong(List<Facts> facts, int k) {
    Instant started = facts.get(k).started();
    if (started == null) {
      return null;
    }
    Instant last = null;
    for (Facts f : facts) {
      if (f.ended() != null
          && !f.ended().isAfter(started)
          && (last == null || f.ended().isAfter(last))) {
        last = f.ended();
      }
    }
    return last == null ? null : java.time.Duration.between(last, started).toNanos() / 1e9;
  }

  /** One sentence per later run: what changed, and the cause with its evidence. */
  public List<String> sentences() {
    List<String> out = new ArrayList<>();
    for (int k = 1; k < runs.size(); k++) {
      out.add(
          otherJob(k)
              ? ChangeWords.otherJob(names.get(k), names.getFirst(), jobDifferences.get(k))
              : ChangeWords.sentence(names.get(k), names.getFirst(), verdicts.get(k - 1)));
    }
    return out;
  }

  /** The idle times and the cache that came back after each, shortest idle first. */
  public List<double[]> recovery() {
    List<double[]> points = new ArrayList<>();
    for (int k = 1; k <= verdicts.size(); k++) {
      Verdict v = verdicts.get(k - 1);
      if (otherJob(k)) {
        continue; // another job's cache is not the first's coming back
      }
      Double idle = v.later().before().idleSeconds();
      if (idle != null && v.cacheRecoveredPct() != null) {
        points.add(new double[] {idle, v.cacheRecoveredPct()});
      }
    }
    points.sort(Comparator.comparingDouble(p -> p[0]));
    return points;
  }

  /** {@code 10 s: 5%, 1 min: 20%, 5 min: 33%}; empty without a run that knows both. */
  public String recoveryTable() {
    List<String> cells = new ArrayList<>();
    for (double[] p : recovery()) {
      cells.add(ChangeWords.idle(p[0]) + ": " + Units.fixed(p[1], 0) + "%");
    }
    return String.join(", ", cells);
  }

  /**
   * Puts run {@code k}'s fields into {@code o}: {@code cache_recovered_pct} (100 for the first when
   * it has a cache), {@code idle_s}, {@code free_bytes_before}, {@code cause} (null for the first),
   * the step ({@code step_GB}, {@code step_s}, {@code step_temp_C}) and {@code cause_evidence}.
   */
  public void putJson(ObjectNode o, int k) {
    RunChanges.Run run = runs.get(k);
    Verdict v = k == 0 ? null : verdicts.get(k - 1);
    Double pct = v != null ? v.cacheRecoveredPct() : run.cacheGB() != null ? 100.0 : null;
    put(o, "cache_recovered_pct", pct, 1);
    put(o, "idle_s", run.before().idleSeconds(), 3);
    if (run.before().freeBytes() == null) {
      o.putNull("free_bytes_before");
    } else {
      o.put("free_bytes_before", run.before().freeBytes());
    }
    put(o, "step_GB", run.stepGB(), 3);
    put(o, "step_s", run.stepSeconds(), 3);
    put(o, "step_temp_C", run.stepTempC(), 1);
    if (v == null) {
      o.putNull("cause");
      o.putNull("cause_evidence");
    } else if (otherJob(k)) {
      o.put("cause", "different-job");
      o.put("cause_evidence", "the jobs differ: " + String.join(", ", jobDifferences.get(k)));
    } else {
      o.put("cause", v.cause().word());
      o.put("cause_evidence", ChangeWords.evidence(names.getFirst(), v));
    }
  }

  private static void put(ObjectNode o, String name, Double v, int decimals) {
    if (v == null || !Double.isFinite(v)) {
      o.putNull(name);
    } else {
      o.put(name, HtmlReport.round(v, decimals));
    }
  }

  private static Long boxed(OptionalLong n) {
    return n.isPresent() ? n.getAsLong() : null;
  }

  private static Double boxed(OptionalDouble n) {
    return n.isPresent() ? n.getAsDouble() : null;
  }

  private static Instant instant(Optional<String> text) {
    if (text.isEmpty()) {
      return null;
    }
    try {
      return Instant.parse(text.get());
    } catch (java.time.format.DateTimeParseException e) {
      return null;
    }
  }
}
