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
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

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

  /**
   * The job of {@code run}, from its stored key ({@link RunRecord#jobKey}): no parse of its
   * parameters, which the dashboard's lists would pay once per row.
   */
  public static Job of(RunRecord run) {
    return fromKey(run.jobKey());
  }

  /**
   * The key ({@link Job#key}) of the job of a run with this command, parameters (JSON text) and
   * target path: what a run's row stores in {@code runs.job_key} when it is recorded, and what the
   * V5 migration stored for the rows of before. If {@link Job#key}'s rule ever changes, a new
   * migration must recompute the stored keys, or old rows would form jobs of their own.
   */
  public static String key(String command, String paramsJson, String targetPath) {
    ObjectNode doc = JSON.createObjectNode();
    doc.put("command", command);
    doc.set("params", params(paramsJson));
    String kind = targetKind(command, targetPath);
    if (kind != null) {
      doc.putObject("target").put("kind", kind);
    }
    return Job.of(doc).key();
  }

  /** Jobs by key: a history holds a handful of jobs, read for every row listed. */
  private static final Map<String, Job> BY_KEY = new java.util.concurrent.ConcurrentHashMap<>();

  /** Distinct keys kept; past it the map starts again (a bound, not an expected size). */
  private static final int KEPT_KEYS = 4096;

  /**
   * The job a key ({@link Job#key}) stands for: the inverse of {@link Job#key}, whose fields are
   * "|"-separated with "-" for unknown. A key that does not split in seven (a field holding "|")
   * gives the job of the key's command alone with every other field unknown.
   */
  public static Job fromKey(String key) {
    Job known = BY_KEY.get(key);
    if (known != null) {
      return known;
    }
    String[] f = key.split("\\|", -1);
    Job job;
    try {
      job =
          f.length != 7
              ? unknownBut(f[0])
              : new Job(
                  f[0],
                  f[1].equals("-") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(f[1])),
                  f[2].equals("-") ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(f[2])),
                  word(f[3]),
                  word(f[4]),
                  word(f[5]),
                  word(f[6]));
    } catch (NumberFormatException e) {
      job = unknownBut(f[0]);
    }
    if (BY_KEY.size() >= KEPT_KEYS) {
      BY_KEY.clear();
    }
    BY_KEY.put(key, job);
    return job;
  }

  private static Job unknownBut(String command) {
    return new Job(
        command.isEmpty() ? "write" : command,
        OptionalLong.empty(),
        OptionalInt.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  private static Optional<String> word(String field) {
    return field.equals("-") ? Optional.empty() : Optional.of(field);
  }

  private static String targetKind(String command, String targetPath) {
    return switch (command) {
      case "copy", "fill" -> "folder";
      case "import" -> null;
      // A block device lives under /dev; /dev/shm is a tmpfs holding files.
      default ->
          targetPath != null && targetPath.startsWith("/dev/") && !targetPath.startsWith("/dev/shm")
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
      count.merge(r.jobKey(), 1, Integer::sum);
      jobs.putIfAbsent(r.jobKey(), of(r));
      newest.merge(r.jobKey(), r, (a, b) -> a.started().isAfter(b.started()) ? a : b);
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

  /**
   * The key of the job a drive is judged by, from its jobs as {@link RunQuery#jobs} counts them:
   * the rule of {@link #commonJob} (most completed writing runs, else most runs; ties to the
   * newest), over every run of the drive; null without jobs.
   */
  public static String commonKey(List<RunQuery.JobCount> jobs) {
    boolean anyJudged = jobs.stream().anyMatch(j -> j.judged() > 0);
    RunQuery.JobCount best = null;
    for (RunQuery.JobCount j : jobs) {
      if (anyJudged && j.judged() == 0) {
        continue;
      }
      if (best == null) {
        best = j;
        continue;
      }
      long count = anyJudged ? j.judged() : j.runs();
      long bestCount = anyJudged ? best.judged() : best.runs();
      java.time.Instant newest = anyJudged ? j.newestJudged() : j.newest();
      java.time.Instant bestNewest = anyJudged ? best.newestJudged() : best.newest();
      if (count > bestCount || count == bestCount && newest.isAfter(bestNewest)) {
        best = j;
      }
    }
    return best == null ? null : best.key();
  }

  /** The runs of {@code job} among {@code runs}, in their order; all of them when job is null. */
  public static List<RunRecord> ofJob(List<RunRecord> runs, Job job) {
    if (job == null) {
      return runs;
    }
    List<RunRecord> out = new ArrayList<>();
    for (RunRecord r : runs) {
      if (r.jobKey().equals(job.key())) {
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
      byKey.putIfAbsent(r.jobKey(), of(r));
      count.merge(r.jobKey(), 1, Integer::sum);
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
