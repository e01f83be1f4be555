package dev.sustain.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.job.Job;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The job of a run as the history row knows it ({@link Job} from the command and the stored
 * parameters), and the one job a drive's trend and last floor look at. The row keeps no target
 * kind, so it is taken from what the command writes to: copy and fill a folder, the others a file,
 * or a device when the target is under /dev (but not the tmpfs /dev/shm); an imported log has none.
 * This is exactly what each command's run.json records, so a row's job and its run.json's job have
 * one key. Stateless.
 */
public final class RunJobs {

  private static final ObjectMapper JSON = new ObjectMapper();

  private RunJobs() {}

  /** The job of {@code run}, from its command and parameters. */
  public static Job of(RunRecord run) {
    ObjectNode doc = JSON.createObjectNode();
    doc.put("command", run.command());
    doc.set("params", params(run.paramsJson()));
    String kind = targetKind(run);
    if (kind != null) {
      doc.putObject("target").put("kind", kind);
    }
    return Job.of(doc);
  }

  private static String targetKind(RunRecord run) {
    return switch (run.command()) {
      case "copy", "fill" -> "folder";
      case "import" -> null;
      // A block device lives under /dev; /dev/shm is a tmpfs holding files.
      default ->
          run.targetPath() != null
                  && run.targetPath().startsWith("/dev/")
                  && !run.targetPath().startsWith("/dev/shm")
              ? "device"
              : "file";
    };
  }

  private static JsonNode params(String paramsJson) {
    if (paramsJson == null) {
      return JSON.createObjectNode();
    }
    try {
      JsonNode n = JSON.readTree(paramsJson);
      return n != null && n.isObject() ? n : JSON.createObjectNode();
    } catch (IOException e) {
      return JSON.createObjectNode();
    }
  }

  /**
   * The job a drive is judged by: the most common one among its completed writing runs (write,
   * fill, copy, imported logs), ties going to the newest run's; among all its runs when it has no
   * such run; null without runs. A 64 KiB QD1 test beside a drive's 1 MiB QD32 runs measures
   * something else, so its floor must not become the drive's.
   */
  public static Job commonJob(List<RunRecord> runs) {
    List<RunRecord> writing = new ArrayList<>();
    for (RunRecord r : runs) {
      if (r.isWriteRun() && "complete".equals(r.status())) {
        writing.add(r);
      }
    }
    List<RunRecord> pool = writing.isEmpty() ? runs : writing;
    Map<String, Integer> count = new HashMap<>();
    Map<String, RunRecord> newest = new HashMap<>();
    Map<String, Job> jobs = new HashMap<>();
    for (RunRecord r : pool) {
      Job j = of(r);
      count.merge(j.key(), 1, Integer::sum);
      jobs.putIfAbsent(j.key(), j);
      newest.merge(j.key(), r, (a, b) -> a.started().isAfter(b.started()) ? a : b);
    }
    String best = null;
    for (String k : count.keySet()) {
      if (best == null
          || count.get(k) > count.get(best)
          || count.get(k).equals(count.get(best))
              && newest.get(k).started().isAfter(newest.get(best).started())) {
        best = k;
      }
    }
    return best == null ? null : jobs.get(best);
  }

  /** The runs of {@code job} among {@code runs}, in their order; all of them when job is null. */
  public static List<RunRecord> ofJob(List<RunRecord> runs, Job job) {
    if (job == null) {
      return runs;
    }
    List<RunRecord> out = new ArrayList<>();
    for (RunRecord r : runs) {
      if (of(r).sameAs(job)) {
        out.add(r);
      }
    }
    return out;
  }

  /** The distinct jobs of {@code runs} with how many runs each, most runs first. */
  public static List<Map.Entry<Job, Integer>> jobs(List<RunRecord> runs) {
    Map<String, Job> byKey = new java.util.LinkedHashMap<>();
    Map<String, Integer> count = new HashMap<>();
    for (RunRecord r : runs) {
      Job j = of(r);
      byKey.putIfAbsent(j.key(), j);
      count.merge(j.key(), 1, Integer::sum);
    }
    List<Map.Entry<Job, Integer>> out = new ArrayList<>();
    for (Map.Entry<String, Job> e : byKey.entrySet()) {
      out.add(Map.entry(e.getValue(), count.get(e.getKey())));
    }
    out.sort((a, b) -> Integer.compare(b.getValue(), a.getValue()));
    return out;
  }

  /** The floor of the newest run of {@code job} that has one, or null. */
  public static Double lastFloor(List<RunRecord> runs, Job job) {
    RunRecord newest = null;
    for (RunRecord r : ofJob(runs, job)) {
      if (r.figures().floorMBps() != null
          && (newest == null || r.started().isAfter(newest.started()))) {
        newest = r;
      }
    }
    return newest == null ? null : newest.figures().floorMBps();
  }
}
