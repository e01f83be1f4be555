import dev.sustain.store.DbLocation;
import dev.sustain.store.Drive;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * The dashboard under load, on 127.0.0.1 only, bounded in requests and in time (see serve-load.sh).
 *
 * <ol>
 *   <li>fill: RUNS runs (40 drives, 6 hosts, every command, status and shape) into the history;
 *   <li>load: CLIENTS clients, each asking in turn /api/runs (unfiltered, by drive, by host and
 *       status, the next page behind a cursor) and the runs page, REQUESTS requests in all or
 *       SECONDS at most; latency per kind with HdrHistogram, p50/p99/max;
 *   <li>viewers: the same write PAIRS times with no viewer and with VIEWERS viewers of its event
 *       stream, alternating, and its average rate each time: the viewers' cost against the noise.
 * </ol>
 *
 * Arguments: DB_VALUE SERVE_PORT WRITE_TARGET SUSTAIN_JAR. Prints a table for docs/BENCHMARKS.md.
 */
public final class ServeLoad {

  static final int RUNS = Integer.getInteger("runs", 10_000);
  static final int CLIENTS = Integer.getInteger("clients", 50);
  static final int REQUESTS = Integer.getInteger("requests", 5_000);
  static final int PACE_MS = Integer.getInteger("pace", 500);
  static final int SECONDS = Integer.getInteger("seconds", 120);
  static final int VIEWERS = Integer.getInteger("viewers", 50);
  static final int PAIRS = Integer.getInteger("pairs", 3);

  static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  public static void main(String[] args) throws Exception {
    String db = args[0];
    String base = "http://127.0.0.1:" + Integer.parseInt(args[1]);
    if (!base.startsWith("http://127.0.0.1:")) {
      throw new IllegalStateException("loopback only");
    }
    Path target = Path.of(args[2]);
    String jar = args[3];
    if (!"skip".equals(System.getProperty("fill"))) {
      fill(DbLocation.parse(db, Map.of()));
    }
    if (CLIENTS > 0) {
      load(base, "warm-up, not counted", 2_000, 0, false);
      // A person on the dashboard: a page or a filter every PACE_MS at most, 50 of them at once.
      load(base, "each client every " + PACE_MS + " ms", REQUESTS, PACE_MS, true);
      // As fast as the clients can ask: the ceiling, where queueing sets the latency.
      load(base, "no pause (saturated)", 4 * REQUESTS, 0, true);
    }
    if (PAIRS > 0) {
      viewers(base, db, target, jar);
    }
  }

  static void fill(DbLocation location) {
    SplittableRandom r = new SplittableRandom(17);
    String[] commands = {"write", "write", "write", "fill", "copy", "verify", "read", "sweep"};
    String[] shapes = {"flat", "cache-cliff", "thermal-throttle", "gc-erratic", "smr-stalls"};
    String[] statuses = {"complete", "complete", "complete", "complete", "interrupted", "failed"};
    Instant t0 = Instant.parse("2025-01-01T00:00:00Z");
    long t = System.nanoTime();
    try (RunStore store = RunStore.open(location)) {
      long have = store.count();
      for (long i = have; i < RUNS; i++) {
        int d = r.nextInt(40);
        Drive drive =
            new Drive("BENCH MODEL " + d + "|SERIAL" + d, "BENCH MODEL " + d, "SERIAL" + d, null);
        Instant started = t0.plusSeconds(i * 600 + r.nextInt(600));
        double floor = 50 + r.nextDouble() * 1500;
        RunRecord.Figures f =
            new RunRecord.Figures(
                300_000_000_000L,
                600.0,
                floor * 1.1,
                floor * 3,
                100.0,
                90.0,
                floor,
                floor,
                shapes[r.nextInt(shapes.length)]);
        store.record(
            new RunRecord(
                "bench-" + i,
                drive,
                "host" + r.nextInt(6),
                commands[r.nextInt(commands.length)],
                "{\"qd\":32}",
                started,
                started.plusSeconds(600),
                statuses[r.nextInt(statuses.length)],
                null,
                f,
                "{\"shape\":\"" + f.shape() + "\"}",
                "/runs/bench-" + i,
                "run",
                "sustain bench",
                null, // no target path: made up
                null, null)); // no pid: never checked for liveness
      }
      System.out.printf(
          Locale.ROOT,
          "history: %d runs (%.1f s to fill)%n",
          store.count(),
          (System.nanoTime() - t) / 1e9);
    }
  }

  static void load(String base, String name, int requests, int paceMillis, boolean print)
      throws Exception {
    String[] kinds = {"api/runs", "api/runs?drive", "api/runs?host&status", "api/runs?before",
        "runs page"};
    Histogram[] hist = new Histogram[kinds.length];
    for (int k = 0; k < kinds.length; k++) {
      hist[k] = new ConcurrentHistogram(3);
    }
    String cursor = json(base + "/api/runs?limit=100").replaceAll(".*\"next\":\"([^\"]+)\".*", "$1");
    AtomicInteger left = new AtomicInteger(requests);
    AtomicInteger failures = new AtomicInteger();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
    CountDownLatch done = new CountDownLatch(CLIENTS);
    long t0 = System.nanoTime();
    for (int c = 0; c < CLIENTS; c++) {
      int client = c;
      Thread.ofPlatform()
          .start(
              () -> {
                SplittableRandom r = new SplittableRandom(client);
                try {
                  while (left.getAndDecrement() > 0 && System.nanoTime() < deadline) {
                    int k = r.nextInt(kinds.length);
                    String path =
                        switch (k) {
                          case 0 -> "/api/runs";
                          case 1 -> "/api/runs?drive=BENCH%20MODEL%20" + r.nextInt(40)
                              + "%7CSERIAL" + r.nextInt(40);
                          case 2 -> "/api/runs?host=host" + r.nextInt(6) + "&status=complete";
                          case 3 -> "/api/runs?before=" + cursor;
                          default -> "/runs";
                        };
                    long s = System.nanoTime();
                    HttpResponse<byte[]> resp =
                        HTTP.send(
                            HttpRequest.newBuilder(URI.create(base + path)).build(),
                            HttpResponse.BodyHandlers.ofByteArray());
                    hist[k].recordValue((System.nanoTime() - s) / 1000);
                    if (resp.statusCode() != 200) {
                      failures.incrementAndGet();
                    }
                    if (paceMillis > 0) {
                      // Think time, spread so the clients do not ask in lock step.
                      Thread.sleep(paceMillis / 2 + r.nextInt(paceMillis + 1));
                    }
                  }
                } catch (Exception e) {
                  failures.incrementAndGet();
                } finally {
                  done.countDown();
                }
              });
    }
    done.await();
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (!print) {
      return;
    }
    long total = 0;
    Histogram all = new Histogram(3);
    System.out.printf(
        Locale.ROOT, "%n%d clients, %s:%n| request | count | p50 ms | p99 ms | max ms |%n",
        CLIENTS, name);
    System.out.println("|---|---|---|---|---|");
    for (int k = 0; k < kinds.length; k++) {
      Histogram h = hist[k];
      total += h.getTotalCount();
      all.add(h);
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %.1f | %.1f | %.1f |%n",
          kinds[k],
          h.getTotalCount(),
          h.getValueAtPercentile(50) / 1000.0,
          h.getValueAtPercentile(99) / 1000.0,
          h.getMaxValue() / 1000.0);
    }
    System.out.printf(
        Locale.ROOT,
        "| all | %d | %.1f | %.1f | %.1f |%n",
        all.getTotalCount(),
        all.getValueAtPercentile(50) / 1000.0,
        all.getValueAtPercentile(99) / 1000.0,
        all.getMaxValue() / 1000.0);
    System.out.printf(
        Locale.ROOT,
        "%d requests in %.1f s (%.0f/s), %d failed%n",
        total,
        seconds,
        total / seconds,
        failures.get());
  }

  static void viewers(String base, String db, Path target, String jar) throws Exception {
    List<Double> without = new ArrayList<>();
    List<Double> with = new ArrayList<>();
    for (int pair = 0; pair < PAIRS; pair++) {
      without.add(write(base, db, target, jar, 0));
      with.add(write(base, db, target, jar, VIEWERS));
    }
    System.out.printf(
        Locale.ROOT,
        "%nwrite average MB/s, no viewer: %s (mean %.0f, spread %.0f)%n",
        without,
        mean(without),
        spread(without));
    System.out.printf(
        Locale.ROOT,
        "write average MB/s, %d viewers: %s (mean %.0f, spread %.0f)%n",
        VIEWERS,
        with,
        mean(with),
        spread(with));
  }

  /** One write; {@code viewers} clients follow its event stream from its first row. */
  static double write(String base, String db, Path target, String jar, int viewers)
      throws Exception {
    Path out = Files.createTempDirectory("serve-load-run");
    Files.delete(out);
    Process p =
        new ProcessBuilder(
                ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED",
                "-jar",
                jar,
                "write",
                target.toString(),
                "--size",
                "1GiB",
                "--time",
                "12s",
                "--buffered",
                "--engine",
                "threads",
                "--out",
                out.toString(),
                "--db",
                db)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    List<Thread> watching = new ArrayList<>();
    AtomicInteger events = new AtomicInteger();
    if (viewers > 0) {
      String runId = null;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (runId == null && System.nanoTime() < deadline && p.isAlive()) {
        String running = json(base + "/api/runs?status=running&limit=1");
        if (running.contains("\"run_id\"")) {
          runId = running.replaceAll("(?s).*\"run_id\":\"([^\"]+)\".*", "$1");
        } else {
          p.waitFor(50, TimeUnit.MILLISECONDS);
        }
      }
      if (runId == null) {
        throw new IllegalStateException("the write never showed as running");
      }
      for (int v = 0; v < viewers; v++) {
        String id = runId;
        watching.add(
            Thread.ofVirtual()
                .start(
                    () -> {
                      try {
                        HttpResponse<java.io.InputStream> resp =
                            HTTP.send(
                                HttpRequest.newBuilder(
                                        URI.create(base + "/api/runs/" + id + "/events"))
                                    .header("Accept", "text/event-stream")
                                    .build(),
                                HttpResponse.BodyHandlers.ofInputStream());
                        try (BufferedReader in =
                            new BufferedReader(
                                new InputStreamReader(resp.body(), StandardCharsets.UTF_8))) {
                          String line;
                          while ((line = in.readLine()) != null) {
                            if (line.startsWith("data:")) {
                              events.incrementAndGet();
                            }
                            if (line.startsWith("event: end")) {
                              return;
                            }
                          }
                        }
                      } catch (Exception e) {
                        // counted as fewer events
                      }
                    }));
      }
    }
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("the write did not end");
    }
    for (Thread t : watching) {
      t.join(30_000);
    }
    String runJson = Files.readString(out.resolve("run.json"));
    double avg =
        Double.parseDouble(runJson.replaceAll("(?s).*\"average_MBps\" : ([0-9.]+).*", "$1"));
    if (viewers > 0) {
      System.out.printf(Locale.ROOT, "  %d viewers received %d events%n", viewers, events.get());
    }
    return Math.round(avg * 10) / 10.0;
  }

  static String json(String url) throws Exception {
    // A bound on each answer: a server that stops answering ends the bench with an error.
    return HTTP.send(
            HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  static double mean(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  static double spread(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).max().orElse(0)
        - v.stream().mapToDouble(Double::doubleValue).min().orElse(0);
  }
}
