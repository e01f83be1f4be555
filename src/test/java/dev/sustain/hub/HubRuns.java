package dev.sustain.hub;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Run folders of a made-up drive model for the hub's tests: a cache at the burst for {@code
 * cacheSeconds}, then the floor, as a write's run.json and samples.csv hold them. Every folder
 * carries a serial, a host name and paths that must never reach the hub ({@link #SERIAL_PREFIX},
 * {@link #HOST}, {@link #PATH}).
 */
public final class HubRuns {

  public static final String MODEL = "ACME NV9 1TB";
  public static final String SERIAL_PREFIX = "SECRETSERIAL";
  public static final String HOST = "secret-host-q7";
  public static final String PATH = "/mnt/secret-path-k3";

  /**
   * What identifies a user in the runs HubRuns writes: none of it may reach the hub's rows, pages
   * or exports.
   */
  public static final String[] IDENTIFYING = {
    SERIAL_PREFIX, HOST, PATH, "secret-path", "secretfile", "secret-note", "/dev/sdz"
  };

  public static final long CAPACITY = 1_000_204_886_016L;

  private static final ObjectMapper JSON = new ObjectMapper();

  private HubRuns() {}

  /** A run of drive {@code drive} (its serial), run number {@code run}, in {@code dir}. */
  public static Path write(
      Path dir,
      String model,
      int drive,
      int run,
      double burstMBps,
      int cacheSeconds,
      double floorMBps,
      int seconds)
      throws IOException {
    Files.createDirectories(dir);
    StringBuilder csv =
        new StringBuilder(
            "time_s,write_MBps,bytes,iops,lat_p50_ms,lat_p99_ms,lat_max_ms,cpu_pct,temp_C\n");
    long total = 0;
    for (int t = 1; t <= seconds; t++) {
      double base = t <= cacheSeconds ? burstMBps : floorMBps;
      // A small wobble, the same for every run, so the analysis reads levels and not a line.
      double rate = base * (1 + 0.01 * Math.sin(t * 1.7));
      long bytes = Math.round(rate * 1e6);
      total += bytes;
      csv.append(
          String.format(
              Locale.ROOT,
              "%d,%.3f,%d,%d,1.2,3.4,9.9,18.5,\n",
              t,
              bytes / 1e6,
              bytes,
              bytes / 1_048_576));
    }
    Files.writeString(dir.resolve("samples.csv"), csv, StandardCharsets.UTF_8);
    runJson(dir, model, drive, run, total, seconds);
    return dir;
  }

  private static void runJson(Path dir, String model, int drive, int run, long total, int seconds)
      throws IOException {
    ObjectNode r = JSON.createObjectNode();
    r.put("version", 1);
    r.put("command", "write");
    r.putObject("tool").put("name", "sustain").put("version", "0.1.0");
    String started =
        String.format(
            Locale.ROOT, "2026-11-%02dT10:%02d:%02dZ", 1 + drive % 28, run / 60 % 60, run % 60);
    r.put(
        "run_id",
        String.format(Locale.ROOT, "20261130-1015%02d-%04x", run % 60, drive * 1000 + run));
    r.put("host", HOST);
    r.put("pid", 4242);
    ObjectNode target = r.putObject("target");
    target.put("path", PATH);
    target.put("kind", "file");
    target.put("test_file", PATH + "/sustain-test-secretfile.dat");
    ObjectNode device = target.putObject("device");
    device.put("name", "sdz");
    device.put("path", "/dev/sdz");
    device.put("model", model);
    device.put("serial", SERIAL_PREFIX + drive + "-" + Integer.toHexString(model.hashCode()));
    device.put("firmware", "FW1.0");
    device.put("size_bytes", CAPACITY);
    device.put("transport", "nvme");
    device
        .putObject("link")
        .put("kind", "pcie")
        .put("pcie_gen", 4)
        .put("lanes", 4)
        .put("description", "PCIe 4.0 x4")
        .put("ceiling_MBps", 7000);
    ObjectNode p = r.putObject("params");
    p.put("bs_bytes", 1_048_576)
        .put("qd", 32)
        .put("direct", true)
        .put("buffered", false)
        .put("engine", "uring")
        .put("pattern", "random")
        .put("interval_s", 1.0);
    r.put("started", started);
    r.putObject("before")
        .put("free_bytes", (long) (CAPACITY * 0.97))
        .put("capacity_bytes", CAPACITY);
    r.putObject("result")
        .put("bytes", total)
        .put("seconds", (double) seconds)
        .put("average_MBps", Math.round(total / (double) seconds / 1e3) / 1e3)
        .put("flush_s", 0.0)
        .put("status", "complete");
    r.put("notes", "free-form note: secret-note-z1");
    Files.writeString(
        dir.resolve("run.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(r));
  }
}
