package dev.sustain.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.job.Job;
import dev.sustain.report.HtmlReport;
import dev.sustain.share.HubModels;
import dev.sustain.store.DbLocation;
import dev.sustain.store.DriveTrend;
import dev.sustain.store.RunJobs;
import dev.sustain.store.RunLiveness;
import dev.sustain.store.RunQuery;
import dev.sustain.store.RunRecord;
import dev.sustain.store.SampleStore;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The JSON API behind the pages (documented in the README): drives, runs with filters and a cursor,
 * one run with its analysis, its samples, and the pages' report content. Reads only. Thread-safe.
 */
final class Api {

  static final ObjectMapper JSON = new ObjectMapper();

  /** Runs one compare page may overlay. */
  static final int MAX_COMPARE = 8;

  /** Runs of a drive the trend and the drive page look at. */
  static final int DRIVE_RUNS = 200;

  private static final Set<String> RUN_FILTERS =
      Set.of("drive", "host", "command", "shape", "status", "since", "job", "limit", "before");

  private final DbLocation location;
  private final RunQuery runs;
  private final SampleStore samples;
  private final RunViews views;

  /** The local copy of a hub's figures, read again only when the file changes. */
  private final HubCopy hubCopy = new HubCopy(HubModels.cacheFile());

  private final UnendedRuns unended;

  Api(DbLocation location, RunQuery runs, SampleStore samples) {
    this.location = location;
    this.runs = runs;
    this.samples = samples;
    this.views = new RunViews(samples);
    this.unended = new UnendedRuns(samples);
  }

  /** {@code GET /api/health}: the store answers. */
  void health(Context ctx) {
    Params.only(ctx, Set.of());
    ObjectNode o = JSON.createObjectNode();
    o.put("status", "ok");
    o.put("store", location.kind().name().toLowerCase(Locale.ROOT));
    o.put("running", runs.runs(filter(null, "running"), RunQuery.MAX_LIMIT, null).runs().size());
    send(ctx, o);
  }

  /** {@code GET /api/drives}: every drive, its runs, its floor's trend in words. */
  void drives(Context ctx) {
    Params.only(ctx, Set.of());
    ObjectNode root = JSON.createObjectNode();
    ArrayNode list = root.putArray("drives");
    for (RunQuery.DriveSummary d : runs.drives()) {
      list.add(driveJson(d, null));
    }
    send(ctx, root);
  }

  /** {@code GET /api/drives/{drive}}: one drive as in the list. */
  void drive(Context ctx) {
    Params.only(ctx, Set.of("job"));
    String id = Params.text(ctx.pathParam("drive"), "drive");
    String jobKey = Params.text(ctx, "job");
    for (RunQuery.DriveSummary d : runs.drives()) {
      if (d.drive().id().equals(id)) {
        ObjectNode root = JSON.createObjectNode();
        root.set("drive", driveJson(d, jobKey));
        send(ctx, root);
        return;
      }
    }
    throw ApiError.notFound("no drive '" + Params.clip(id) + "' in the history");
  }

  /**
   * A drive as the list shows it. Its trend and last floor come from runs of one job only: {@code
   * jobKey} when given (a {@link Job#key}; 404 when the drive has no run of it), else the drive's
   * most common job ({@link RunJobs#commonJob}); {@code jobs} lists every job with its runs.
   */
  private ObjectNode driveJson(RunQuery.DriveSummary d, String jobKey) {
    ObjectNode o = JSON.createObjectNode();
    o.put("drive", d.drive().id());
    o.put("model", d.drive().model());
    o.put("serial", d.drive().serial());
    o.put("size_bytes", d.drive().sizeBytes());
    o.put("described", d.drive().describe());
    o.put("runs", d.runs());
    o.put("running", d.running());
    o.put("last_started", d.lastStarted() == null ? null : d.lastStarted().toString());
    // Jobs are counted and runs of one job found by the stored job key: no row's parameters read.
    List<RunQuery.JobCount> counts = new ArrayList<>(runs.jobs(d.drive().id()));
    counts.sort((a, b) -> Long.compare(b.runs(), a.runs()));
    String key = RunJobs.commonKey(counts);
    ArrayNode jobs = o.putArray("jobs");
    for (RunQuery.JobCount c : counts) {
      putJob(jobs.addObject(), RunJobs.fromKey(c.key())).put("runs", c.runs());
      if (c.key().equals(jobKey)) {
        key = jobKey;
      }
    }
    if (jobKey != null && !jobKey.equals(key)) {
      throw ApiError.notFound(
          "drive " + d.drive().id() + " has no run of job '" + Params.clip(jobKey) + "'");
    }
    if (key == null) {
      o.putNull("job");
    } else {
      putJob(o.putObject("job"), RunJobs.fromKey(key));
    }
    List<RunRecord> ofJob =
        runs.runs(RunQuery.Filter.driveJob(d.drive().id(), key), DRIVE_RUNS, null).runs();
    DriveTrend.of(ofJob).putJson(o.putObject("trend"));
    o.put("last_floor_MBps", RunJobs.lastFloor(ofJob, null));
    return o;
  }

  /**
   * {@code GET /api/runs?drive=&host=&command=&shape=&status=&since=&job=&limit=&before=}; {@code
   * job} is a job's key, as runs carry it in {@code job.key}.
   */
  void runs(Context ctx) {
    Params.only(ctx, RUN_FILTERS);
    RunQuery.Filter f =
        new RunQuery.Filter(
            Params.text(ctx, "drive"),
            Params.text(ctx, "host"),
            Params.word(ctx, "command"),
            Params.word(ctx, "shape"),
            Params.status(ctx),
            Params.since(ctx),
            Params.text(ctx, "job"));
    RunQuery.Page page = runs.runs(f, Params.limit(ctx), Params.before(ctx));
    ObjectNode root = JSON.createObjectNode();
    ArrayNode list = root.putArray("runs");
    for (RunRecord r : page.runs()) {
      list.add(runJson(r));
    }
    root.put("next", page.next() == null ? null : page.next().encode());
    send(ctx, root);
  }

  /**
   * A run as the list shows it: the fields of {@code history --json}; for a run that recorded no
   * end (running, killed, stale), its figures so far from its stored rows and what it left.
   */
  ObjectNode runJson(RunRecord r) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    r.putIdentity(o);
    r.putStatus(o);
    r.putFigures(o);
    o.put("error", r.error());
    o.put("source", r.source());
    putJob(o.putObject("job"), RunJobs.of(r));
    if (RunLiveness.mayChange(r.status())) {
      o.put("planned_bytes", plannedBytes(r));
      // A write for --time ends by the clock, whatever its file's size.
      OptionalDouble time =
          RunDocumentCodec.parseParams(r.paramsJson())
              .map(RunDocument.Params::timeSeconds)
              .orElse(OptionalDouble.empty());
      o.put(
          "planned_seconds",
          time.isPresent() && time.getAsDouble() > 0 ? time.getAsDouble() : null);
    }
    unended.put(r, o);
    return o;
  }

  /**
   * The bytes a running run means to write, for the live card's time left: --size, a read's
   * expected bytes, a fill's --limit, a copy's passes; null when only time or the disk ends it.
   */
  static Long plannedBytes(RunRecord r) {
    Optional<RunDocument.Params> params = RunDocumentCodec.parseParams(r.paramsJson());
    if (params.isEmpty()) {
      return null;
    }
    RunDocument.Params p = params.get();
    for (OptionalLong bytes : List.of(p.sizeBytes(), p.expectedBytes(), p.limitBytes())) {
      if (bytes.isPresent() && bytes.getAsLong() > 0) {
        return bytes.getAsLong();
      }
    }
    if (p.bytesPerPass().isPresent()) {
      return p.bytesPerPass().getAsLong() * Math.max(1, p.repeat().orElse(1));
    }
    return null;
  }

  /** {@code {"key": ..., "label": ...}} of a job. */
  static ObjectNode putJob(ObjectNode o, Job job) {
    o.put("key", job.key());
    o.put("label", job.label());
    return o;
  }

  /** {@code GET /api/runs/{id}}: {"run": run.json, "analysis": analysis or null, "summary"}. */
  void run(Context ctx) {
    Params.only(ctx, Set.of());
    RunRecord r = find(ctx);
    ObjectNode root = JSON.createObjectNode();
    JsonNode runJson = RunData.runJson(samples, r);
    root.set("run", runJson == null ? recordAsRunJson(r) : runJson);
    root.set("analysis", parse(r.analysisJson()));
    root.set("summary", runJson(r));
    send(ctx, root);
  }

  /** A run without a stored run.json (imported logs): what the history knows, in its shape. */
  private static JsonNode recordAsRunJson(RunRecord r) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("run_id", r.runId());
    o.put("command", r.command());
    o.put("host", r.host());
    o.put("started", r.started().toString());
    o.put("ended", r.ended() == null ? null : r.ended().toString());
    o.set("params", parse(r.paramsJson()));
    ObjectNode result = o.putObject("result");
    result.put("status", r.status());
    result.put("bytes", r.figures().bytes());
    result.put("seconds", r.figures().seconds());
    result.put("average_MBps", r.figures().averageMBps());
    result.put("error", r.error());
    return o;
  }

  /** {@code GET /api/runs/{id}/samples[?format=csv]}: every row, keyed by the header. */
  void samples(Context ctx) {
    Params.only(ctx, Set.of("format"));
    String format = ctx.queryParam("format");
    if (format != null && !format.equals("json") && !format.equals("csv")) {
      throw ApiError.badRequest("format must be json or csv");
    }
    RunRecord r = find(ctx);
    RunData.Samples s = RunData.samples(samples, r);
    if ("csv".equals(format)) {
      if (s.header() == null) {
        throw ApiError.notFound("run " + r.runId() + " has no samples in the history");
      }
      ctx.contentType("text/csv; charset=utf-8");
      ctx.header("Content-Disposition", "attachment; filename=\"" + r.runId() + "-samples.csv\"");
      ctx.result(String.join("\n", s.csvLines()) + "\n");
      return;
    }
    ObjectNode root = JSON.createObjectNode();
    root.put("run_id", r.runId());
    ArrayNode cols = root.putArray("columns");
    ArrayNode rows = root.putArray("rows");
    if (s.header() != null) {
      String[] names = RunData.columns(s.header());
      for (String n : names) {
        cols.add(n);
      }
      for (SampleStore.Line l : s.lines()) {
        rows.add(RunData.row(names, l.text()));
      }
    }
    send(ctx, root);
  }

  /** {@code GET /api/runs/{id}/view}: the run page's content as the report makes it. */
  void runView(Context ctx) {
    Params.only(ctx, Set.of());
    RunRecord r = find(ctx);
    JsonNode doc = RunData.runJson(samples, r);
    Optional<RunDocument> document = RunData.document(doc);
    // A sweep has no curve: its page is its table of points.
    ObjectNode root;
    if (SweepView.applies(r, document)) {
      root = SweepView.of(r, document.get());
    } else if (!RunData.hasSamples(samples, r)) {
      root = KindView.withoutSamples(r);
    } else {
      HtmlReport.Parts page = views.single(r);
      root = parts(page);
      String html = KindView.insert(page.body(), KindView.sections(r, document));
      root.put("html", HubLine.insert(html, r, doc, views, hubCopy));
    }
    root.set("summary", runJson(r));
    send(ctx, root);
  }

  /** {@code GET /api/compare?runs=a,b}: the compare page's content for those runs. */
  void compareView(Context ctx) {
    Params.only(ctx, Set.of("runs"));
    String list = ctx.queryParam("runs");
    if (list == null || list.isBlank()) {
      throw ApiError.badRequest("runs must name two or more run ids: runs=ID,ID");
    }
    Set<String> ids = new LinkedHashSet<>();
    for (String id : list.split(",", -1)) {
      ids.add(Params.runId(id.strip()));
    }
    if (ids.size() < 2 || ids.size() > MAX_COMPARE) {
      throw ApiError.badRequest("runs must name 2 to " + MAX_COMPARE + " different run ids");
    }
    List<RunRecord> found = new ArrayList<>();
    ArrayNode summaries = JSON.createArrayNode();
    for (String id : ids) {
      RunRecord r =
          runs.find(id).orElseThrow(() -> ApiError.notFound("no run " + id + " in the history"));
      found.add(r);
      summaries.add(runJson(r));
    }
    ObjectNode root = parts(views.compare(found));
    root.set("runs", summaries);
    send(ctx, root);
  }

  private static ObjectNode parts(HtmlReport.Parts p) {
    ObjectNode o = JSON.createObjectNode();
    o.put("title", p.title());
    o.put("html", p.body());
    o.set("data", p.data());
    return o;
  }

  /** The run named in the path: 400 for a malformed id, 404 for one not in the history. */
  RunRecord find(Context ctx) {
    String id = Params.runId(ctx.pathParam("id"));
    return runs.find(id).orElseThrow(() -> ApiError.notFound("no run " + id + " in the history"));
  }

  private static RunQuery.Filter filter(String drive, String status) {
    return new RunQuery.Filter(drive, null, null, null, status, null, null);
  }

  private static JsonNode parse(String json) {
    if (json == null) {
      return JsonNodeFactory.instance.nullNode();
    }
    try {
      return JSON.readTree(json);
    } catch (JsonProcessingException e) {
      return JsonNodeFactory.instance.textNode(json);
    }
  }

  static void send(Context ctx, JsonNode body) {
    ctx.contentType("application/json; charset=utf-8");
    try {
      ctx.result(JSON.writeValueAsString(body));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot happen: a tree of plain values", e);
    }
  }
}
