package dev.sustain.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.job.Job;
import dev.sustain.store.DbLocation;
import dev.sustain.store.DriveTrend;
import dev.sustain.store.RunImporter;
import dev.sustain.store.RunJobs;
import dev.sustain.store.RunLiveness;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunStore;
import dev.sustain.store.SampleStore;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code sustain history}: the runs remembered per drive, newest first, with each drive's trend in
 * words; {@code --import} adds existing run folders first.
 */
@Command(name = "history", mixinStandardHelpOptions = true)
public final class HistoryCommand extends BaseCommand {

  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

  @Option(names = "--drive", paramLabel = "ID")
  String drive;

  @Option(names = "--json")
  boolean json;

  @Mixin DbOption db = new DbOption();

  @Option(names = "--import", paramLabel = "RUN", arity = "1..*")
  List<Path> imports = new ArrayList<>();

  @Option(names = "--limit", paramLabel = "N", defaultValue = "50")
  int limit;

  @Option(names = "--migrate")
  boolean migrate;

  @Override
  protected int execute() throws IOException {
    if (limit < 1) {
      throw new UsageException("--limit must be at least 1");
    }
    // Importing adds runs, so it may make the history (not its folder); reading never does.
    DbLocation location;
    if (imports.isEmpty()) {
      location = db.existing();
    } else {
      db.check();
      location = db.location();
    }
    if (migrate) {
      return migrate(location);
    }
    List<RunRecord> toImport = new ArrayList<>();
    for (Path p : imports) {
      toImport.add(readImport(p));
    }
    try (RunStore store = RunStore.open(location)) {
      List<String> imported = importAll(store, location, toImport);
      List<RunRecord> runs = store.runs(drive, limit);
      Map<String, List<RunRecord>> byDrive = new LinkedHashMap<>();
      for (RunRecord r : runs) {
        byDrive.computeIfAbsent(r.drive().id(), k -> new ArrayList<>()).add(r);
      }
      Map<String, DriveTrend.Trend> trends = new LinkedHashMap<>();
      Map<String, JobOfDrive> jobs = new LinkedHashMap<>();
      for (String id : byDrive.keySet()) {
        // The trend looks at the drive's own newest runs, whatever --limit cut from the list, and
        // at those of its most common job only: another request size or depth is another test.
        List<RunRecord> recent = store.runsOfDrive(id, JOB_RUNS);
        Job job = RunJobs.commonJob(recent);
        int same = RunJobs.ofJob(recent, job).size();
        jobs.put(id, new JobOfDrive(job, same, recent.size() - same));
        trends.put(id, DriveTrend.of(recent, job));
      }
      if (json) {
        printJson(location, runs, byDrive, trends, jobs);
      } else {
        printText(location, imported, runs, byDrive, trends, jobs);
      }
    }
    return ExitCodes.OK;
  }

  /**
   * Records each of {@code toImport} (read from {@link #imports}, in order) with its samples; a run
   * of the null engine is left out. Returns a line for each, what was imported or why not.
   */
  private List<String> importAll(RunStore store, DbLocation location, List<RunRecord> toImport) {
    List<String> imported = new ArrayList<>();
    for (int i = 0; i < toImport.size(); i++) {
      RunRecord r = toImport.get(i);
      if (r.measuredNoDrive()) {
        imported.add(
            "not imported "
                + imports.get(i).toAbsolutePath().normalize()
                + ": a run of the null engine measured no drive");
        continue;
      }
      int samples = 0;
      // The samples first, as at a run's end: a reader that sees the status has every row.
      try (SampleStore rows = SampleStore.open(location)) {
        samples =
            r.runFolder() != null
                ? rows.fillFromFolder(r.runId(), Path.of(r.runFolder()))
                : rows.fillFromLog(r.runId(), imports.get(i));
      }
      store.record(r);
      imported.add(
          "imported "
              + imports.get(i).toAbsolutePath().normalize()
              + " ("
              + r.drive().id()
              + ", "
              + (r.figures().shape() == null ? "no analysis" : r.figures().shape())
              + (r.runFolder() == null ? "" : ", " + Units.count(samples, "new sample"))
              + ")");
    }
    return imported;
  }

  /** {@code --migrate}: brings an older history's schema up to this version's, and says so. */
  private int migrate(DbLocation location) {
    try (RunStore store = RunStore.open(location)) {
      out()
          .println(
              "history "
                  + location.redacted()
                  + ": schema at version "
                  + store.schemaVersion()
                  + ", up to date");
      out().flush();
    }
    return ExitCodes.OK;
  }

  private RunRecord readImport(Path p) {
    try {
      return RunImporter.read(p, drive);
    } catch (IllegalArgumentException e) {
      throw new UsageException("cannot import " + p + ": " + e.getMessage());
    }
  }

  /**
   * One row of the text table: the header's words, or a run's figures. The run's id comes first:
   * what {@code clean RUN} takes.
   */
  private static final String ROW =
      "  %-20s  %-16s  %-7s  %-7s  %7s  %-11s  %10s  %8s  %10s  %10s  %9s  %s";

  private void printText(
      DbLocation location,
      List<String> imported,
      List<RunRecord> runs,
      Map<String, List<RunRecord>> byDrive,
      Map<String, DriveTrend.Trend> trends,
      Map<String, JobOfDrive> jobs) {
    PrintWriter out = out();
    imported.forEach(out::println);
    if (runs.isEmpty()) {
      out.println(
          (drive == null ? "no runs recorded" : "no runs of a drive matching '" + drive + "'")
              + " in "
              + location.redacted());
      out.flush();
      return;
    }
    out.println("history: " + location.redacted());
    String header =
        String.format(
            Locale.ROOT,
            ROW,
            "run",
            "started (UTC)",
            "command",
            "engine",
            "bs",
            "status",
            "burst",
            "cache",
            "floor",
            "average",
            "time",
            "shape");
    for (Map.Entry<String, List<RunRecord>> e : byDrive.entrySet()) {
      List<RunRecord> list = e.getValue();
      out.println();
      String described = list.get(0).drive().describe();
      out.println(described.equals(e.getKey()) ? described : described + "  [" + e.getKey() + "]");
      out.println(header);
      for (RunRecord r : list) {
        printRow(out, r);
      }
      String job = jobs.get(e.getKey()).words();
      if (!job.isEmpty()) {
        out.println("  trend compares " + job);
      }
      out.println("  trend: " + trends.get(e.getKey()).sentence());
    }
    printNotes(out, runs);
    out.flush();
  }

  private static void printRow(PrintWriter out, RunRecord r) {
    RunRecord.Figures f = r.figures();
    Lines.println(
        out,
        ROW,
        r.runId(),
        WHEN.format(r.started()),
        r.command(),
        r.engine() == null ? "-" : r.engine(),
        r.blockBytes() == null ? "-" : blockSize(r.blockBytes()),
        r.status(),
        rate(f.burstMBps()),
        f.cacheGB() == null ? "-" : Units.decimalBytes(Math.round(f.cacheGB() * 1e9)),
        rate(f.floorMBps()),
        rate(f.averageMBps()),
        f.seconds() == null ? "-" : Durations.format(f.seconds()),
        f.shape() == null ? "-" : f.shape());
  }

  /** What the statuses read from the history (not reported by the runs) mean, once each. */
  private static void printNotes(PrintWriter out, List<RunRecord> runs) {
    Set<String> noted = new TreeSet<>();
    for (RunRecord r : runs) {
      if (RunLiveness.note(r.status()) != null) {
        noted.add(r.status());
      }
    }
    if (!noted.isEmpty()) {
      out.println();
      for (String status : noted) {
        out.println(status + ": " + RunLiveness.note(status));
      }
    }
  }

  /** A request size the way it is usually given: {@code 1MiB}, {@code 128KiB}, {@code 512B}. */
  static String blockSize(long bytes) {
    return Units.binaryBytes(bytes).replace(" ", "");
  }

  private static String rate(Double mbps) {
    return mbps == null ? "-" : Units.rate(mbps);
  }

  private void printJson(
      DbLocation location,
      List<RunRecord> runs,
      Map<String, List<RunRecord>> byDrive,
      Map<String, DriveTrend.Trend> trends,
      Map<String, JobOfDrive> jobs)
      throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("db", location.redacted());
    ArrayNode list = root.putArray("runs");
    for (RunRecord r : runs) {
      ObjectNode o = list.addObject();
      r.putIdentity(o);
      o.put("engine", r.engine());
      o.put("block_bytes", r.blockBytes());
      o.put("target_path", r.targetPath());
      r.putStatus(o);
      r.putFigures(o);
      o.set("params", params(mapper, r.paramsJson()));
      putJob(o.putObject("job"), RunJobs.of(r));
      o.put("error", r.error());
      o.put("run_folder", r.runFolder());
      o.put("source", r.source());
    }
    ArrayNode drives = root.putArray("drives");
    for (Map.Entry<String, List<RunRecord>> e : byDrive.entrySet()) {
      ObjectNode d = drives.addObject();
      RunRecord first = e.getValue().get(0);
      d.put("drive", e.getKey());
      d.put("model", first.drive().model());
      d.put("serial", first.drive().serial());
      DriveTrend.Trend t = trends.get(e.getKey());
      ObjectNode trend = d.putObject("trend");
      trend.put("direction", t.direction().name().toLowerCase(Locale.ROOT));
      trend.put("runs", t.runs());
      trend.put("first_MBps", Double.isNaN(t.firstMBps()) ? null : t.firstMBps());
      trend.put("last_MBps", Double.isNaN(t.lastMBps()) ? null : t.lastMBps());
      trend.put("sentence", t.sentence());
      JobOfDrive j = jobs.get(e.getKey());
      if (j.job() == null) {
        d.putNull("job");
      } else {
        putJob(d.putObject("job"), j.job()).put("runs", j.runs()).put("other_runs", j.otherRuns());
      }
    }
    PrintWriter out = out();
    out.println(mapper.writeValueAsString(root));
    out.flush();
  }

  /** Runs of a drive its most common job is picked from. */
  static final int JOB_RUNS = 200;

  /**
   * The job a drive's trend is of, with how many of its recent runs did it and how many did
   * another.
   */
  record JobOfDrive(Job job, int runs, int otherRuns) {

    /** "write 1 MiB QD32 ... runs only (1 run of other jobs left out)", or "" without a job. */
    String words() {
      if (job == null) {
        return "";
      }
      return job.label()
          + " runs only"
          + (otherRuns == 0
              ? ""
              : " (" + Units.count(otherRuns, "run") + " of other jobs left out)");
    }
  }

  private static ObjectNode putJob(ObjectNode o, Job job) {
    o.put("key", job.key());
    o.put("label", job.label());
    return o;
  }

  private static JsonNode params(ObjectMapper mapper, String paramsJson) {
    if (paramsJson == null) {
      return mapper.nullNode();
    }
    try {
      return mapper.readTree(paramsJson);
    } catch (IOException e) {
      return mapper.getNodeFactory().textNode(paramsJson);
    }
  }
}
