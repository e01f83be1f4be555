// The hub under load, on 127.0.0.1 only and bounded (see hub-load.sh): SHARES share documents
// from DRIVES simulated drives across MODELS models, sent by CLIENTS clients at once, then READS
// reads (the model list, a model's figures, a model's runs with their curves) by CLIENTS clients.
// Latencies with HdrHistogram; prints a table for docs/BENCHMARKS.md.
//
//   bench/hub-load.sh          # needs SUSTAIN_TEST_PG_URL (eval "$(.ci/postgres.sh)")
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.share.ShareDocument;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.ConcurrentHistogram;

public class HubLoad {

  static final int SHARES = Integer.getInteger("shares", 5000);
  static final int DRIVES = Integer.getInteger("drives", 200);
  static final int MODELS = Integer.getInteger("models", 20);
  static final int READS = Integer.getInteger("reads", 2000);
  static final int CLIENTS = Integer.getInteger("clients", 8);
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();

  static String model(int drive) {
    return String.format(Locale.ROOT, "BENCH MODEL %02d", drive % MODELS);
  }

  /** Share {@code i}: drive i % DRIVES, its own burst, cache and floor with run-to-run noise. */
  static String doc(String salt, int i) {
    int drive = i % DRIVES;
    SplittableRandom r = new SplittableRandom(i);
    double burst = 2000 + 20 * (drive % 17) + r.nextDouble(-15, 15);
    double floor = 100 + (drive % 13) * 3 + r.nextDouble(-2, 2);
    int cacheSeconds = 100 + drive % 30;
    int seconds = 300;
    ObjectNode d = JSON.createObjectNode();
    d.put("schema", ShareDocument.SCHEMA);
    d.put("sustain_version", "0.1.0");
    d.put("run_hash", ShareDocument.sha256(salt, "run", Integer.toString(i)));
    ObjectNode drv = d.putObject("drive");
    drv.put("hash", ShareDocument.sha256(salt, "drive", Integer.toString(drive)));
    drv.put("model", model(drive));
    drv.put("capacity_bytes", 1_000_204_886_016L);
    drv.put("firmware", "FW" + drive % 2);
    drv.put("transport", "nvme");
    drv.put("link_tier", "pcie-gen4-x4");
    ObjectNode job = d.putObject("job");
    job.put("key", "write|1048576|32|direct|random|uring|file");
    job.put("label", "write 1 MiB QD32 direct random (uring, file)");
    job.put("command", "write").put("request_bytes", 1048576).put("queue_depth", 32);
    job.put("io", "direct").put("pattern", "random").put("engine", "uring").put("target_kind", "file");
    ObjectNode c = JSON.createObjectNode();
    ArrayNode t = c.putArray("t_s");
    ArrayNode m = c.putArray("MBps");
    long bytes = 0;
    for (int s = 1; s <= seconds; s++) {
      double rate = Math.round((s <= cacheSeconds ? burst : floor) * 1000) / 1000.0;
      t.add(s);
      m.add(rate);
      bytes += Math.round(rate * 1e6);
    }
    d.putObject("result").put("bytes", bytes).put("seconds", (double) seconds)
        .put("average_MBps", bytes / (double) seconds / 1e6);
    d.putObject("analysis").put("burst_MBps", burst).put("cache_GB", burst * cacheSeconds / 1000)
        .put("floor_MBps", floor).put("shape", "cache-cliff").putNull("recovery_cause");
    d.putObject("before").put("free_bytes", 990_000_000_000L);
    d.set("curve", c);
    return d.toString();
  }

  interface Step {
    void run(int i) throws Exception;
  }

  static double[] load(int count, Step step, ConcurrentHistogram h) throws Exception {
    AtomicInteger next = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    Thread[] clients = new Thread[CLIENTS];
    long start = System.nanoTime();
    for (int k = 0; k < CLIENTS; k++) {
      clients[k] = Thread.ofPlatform().start(() -> {
        for (int i; (i = next.getAndIncrement()) < count; ) {
          long t0 = System.nanoTime();
          try {
            step.run(i);
          } catch (Exception e) {
            failed.incrementAndGet();
          }
          h.recordValue((System.nanoTime() - t0) / 1000);
        }
      });
    }
    for (Thread c : clients) {
      c.join(600_000);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    return new double[] {seconds, failed.get()};
  }

  public static void main(String[] args) throws Exception {
    String base = args[0];
    String salt = JSON.readTree(get(base + "/api/salt").body()).path("salt").asText();
    String[] docs = new String[SHARES];
    for (int i = 0; i < SHARES; i++) {
      docs[i] = doc(salt, i);
    }
    ConcurrentHistogram shares = new ConcurrentHistogram(3);
    double[] s = load(SHARES, i -> {
      HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/share"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(docs[i])).build(), HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 201) {
        throw new IllegalStateException(r.statusCode() + " " + r.body());
      }
    }, shares);
    ConcurrentHistogram reads = new ConcurrentHistogram(3);
    double[] rd = load(READS, i -> {
      String m = model(i).replace(" ", "%20");
      String path = switch (i % 3) {
        case 0 -> "/api/models";
        case 1 -> "/api/models/" + m;
        default -> "/api/models/" + m + "/runs?limit=20";
      };
      if (get(base + path).statusCode() != 200) {
        throw new IllegalStateException(path);
      }
    }, reads);
    System.out.println("| phase | requests | clients | seconds | per second | p50 ms | p99 ms | max ms | failed |");
    System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    row("shares", SHARES, s, shares);
    row("reads", READS, rd, reads);
    String one = get(base + "/api/models/BENCH%20MODEL%2001").body();
    System.out.println("model 01: " + JSON.readTree(one).path("drives") + " drives, "
        + JSON.readTree(one).path("runs") + " runs");
  }

  static void row(String what, int n, double[] r, ConcurrentHistogram h) {
    System.out.printf(Locale.ROOT, "| %s | %d | %d | %.1f | %.0f | %.1f | %.1f | %.1f | %d |%n", what, n,
        CLIENTS, r[0], n / r[0], h.getValueAtPercentile(50) / 1000.0,
        h.getValueAtPercentile(99) / 1000.0, h.getMaxValue() / 1000.0, (int) r[1]);
  }

  static HttpResponse<String> get(String url) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
  }
}
