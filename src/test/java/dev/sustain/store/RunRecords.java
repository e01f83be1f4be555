package dev.sustain.store;

import java.time.Instant;

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
    return new RunRecord(
        runId,
        r.drive(),
        r.host(),
        r.command(),
        r.paramsJson(),
        r.started(),
        ended,
        status,
        error,
        r.figures(),
        r.analysisJson(),
        r.runFolder(),
        r.source(),
        r.toolVersion(),
        null,
        null,
        null);
  }
}
