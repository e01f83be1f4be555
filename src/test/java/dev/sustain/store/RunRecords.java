package dev.sustain.store;

import java.time.Instant;
import java.util.function.Consumer;

/** Runs made up for tests. */
public final class RunRecords {

  private RunRecords() {}

  public static final Drive KINGSTON =
      Drive.of(
          null,
          "KINGSTON SNV3S1000G",
          "50026B7686AB1234",
          null,
          1_000_204_886_016L,
          "lab1",
          null,
          null,
          null);
  public static final Drive T9 =
      Drive.of(
          null,
          "Samsung PSSD T9",
          "S6XANS0W700123",
          null,
          2_000_398_934_016L,
          "lab1",
          null,
          null,
          null);

  public static RunRecord run(
      String id, Drive drive, Instant started, Double floor, Double avg, String shape) {
    RunRecord.Figures f =
        new RunRecord.Figures(
            322_122_547_200L,
            avg == null ? null : 322_122.5472 / avg,
            avg,
            2555.0,
            floor != null && floor < 2000 ? 280.0 : null,
            floor != null && floor < 2000 ? 110.0 : null,
            floor,
            floor,
            shape);
    return new RunRecord(
        id,
        drive,
        "lab1",
        "write",
        "{\"size\":\"300GiB\",\"bs\":\"1MiB\",\"qd\":32}",
        started,
        started.plusSeconds(600),
        "complete",
        null,
        f,
        "{\"shape\":\"" + shape + "\"}",
        "/runs/" + id,
        "run",
        "sustain 0.1.0",
        null,
        null,
        null);
  }

  /**
   * {@code r} under {@code runId} with another end, status and error; no target path, process or
   * stored job key (the key is made from the run).
   */
  public static RunRecord copy(
      RunRecord r, String runId, Instant ended, String status, String error) {
    return with(
        r,
        f -> {
          f.runId = runId;
          f.ended = ended;
          f.status = status;
          f.error = error;
          f.targetPath = null;
          f.pid = null;
        });
  }

  /**
   * {@code r}'s run, drive and times as a run of {@code command} that ended {@code status} (with
   * {@code error}) and {@code figures}, with nothing else stored (see {@link Fields#bare}).
   */
  public static RunRecord bare(
      RunRecord r, String command, String status, String error, RunRecord.Figures figures) {
    return with(
        r,
        f -> {
          f.bare();
          f.command = command;
          f.status = status;
          f.error = error;
          f.figures = figures;
        });
  }

  /**
   * A run like {@code r} but for the fields {@code change} sets: how a test makes a run that
   * differs from another in a few fields. Its job key is made again from the run.
   */
  public static RunRecord with(RunRecord r, Consumer<Fields> change) {
    Fields f = new Fields(r);
    change.accept(f);
    return new RunRecord(
        f.runId,
        f.drive,
        f.host,
        f.command,
        f.paramsJson,
        f.started,
        f.ended,
        f.status,
        f.error,
        f.figures,
        f.analysisJson,
        f.runFolder,
        f.source,
        f.toolVersion,
        f.targetPath,
        f.pid,
        null);
  }

  /** A run's fields, for {@link #with} to change; named as the record's. */
  public static final class Fields {
    public String runId;
    public Drive drive;
    public String host;
    public String command;
    public String paramsJson;
    public Instant started;
    public Instant ended;
    public String status;
    public String error;
    public RunRecord.Figures figures;
    public String analysisJson;
    public String runFolder;
    public String source;
    public String toolVersion;
    public String targetPath;
    public Long pid;

    private Fields(RunRecord r) {
      runId = r.runId();
      drive = r.drive();
      host = r.host();
      command = r.command();
      paramsJson = r.paramsJson();
      started = r.started();
      ended = r.ended();
      status = r.status();
      error = r.error();
      figures = r.figures();
      analysisJson = r.analysisJson();
      runFolder = r.runFolder();
      source = r.source();
      toolVersion = r.toolVersion();
      targetPath = r.targetPath();
      pid = r.pid();
    }

    /**
     * Nothing stored but the run's drive, times, status and figures: no params, analysis, folder,
     * version, target or process.
     */
    public Fields bare() {
      paramsJson = null;
      analysisJson = null;
      runFolder = null;
      toolVersion = null;
      targetPath = null;
      pid = null;
      return this;
    }
  }
}
