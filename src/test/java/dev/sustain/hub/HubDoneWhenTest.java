package dev.sustain.hub;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.share.ShareDocument;
import dev.sustain.store.TestDatabases;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The "done when", all through bin/sustain: a second user's data folder shares three runs,
 * a hub on 127.0.0.1 shows their model with the right counts and medians, and analyze of a fourth
 * run of the same model says where it stands among them (from the local copy, with the hub stopped:
 * no run calls the network).
 */
class HubDoneWhenTest {

  private static final Path SUSTAIN = Path.of("bin/sustain").toAbsolutePath();

  @TempDir Path dir;

  record Result(int code, String out, String err) {}

  private Result run(Map<String, String> env, String stdin, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("/bin/bash", SUSTAIN.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().putAll(env);
    pb.redirectOutput(dir.resolve("out.txt").toFile());
    pb.redirectError(dir.resolve("err.txt").toFile());
    Process p = pb.start();
    try (var in = p.getOutputStream()) {
      if (stdin != null) {
        in.write(stdin.getBytes(StandardCharsets.UTF_8));
      }
    }
    assertThat(p.waitFor(10, TimeUnit.MINUTES)).as("sustain " + String.join(" ", args)).isTrue();
    return new Result(
        p.exitValue(),
        Files.readString(dir.resolve("out.txt")),
        Files.readString(dir.resolve("err.txt")));
  }

  private Process startHub(String db, Map<String, String> env) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder("/bin/bash", SUSTAIN.toString(), "hub", "--db", db, "--port", "0");
    pb.environment().putAll(env);
    pb.redirectError(dir.resolve("hub-err.txt").toFile());
    return pb.start();
  }

  @Test
  void aSecondUsersThreeRunsMakeAModelAndAFourthRunIsPlacedAmongThem() throws Exception {
    String db = TestDatabases.freshDbValue(TestDatabases.Backend.POSTGRESQL, dir);
    Path second = dir.resolve("second-user-data");
    // Five short JVMs: C1 alone compiles what they run at a quarter less CPU than C1 and C2 (0.78
    // s against 1.07 s of user time for one analyze, load 20), and no start-up cache is trained.
    Map<String, String> env =
        Map.of(
            "XDG_DATA_HOME",
            second.toString(),
            "SUSTAIN_AOT",
            "0",
            "JAVA_TOOL_OPTIONS",
            "-XX:TieredStopAtLevel=1");
    Path runs = second.resolve("sustain/runs");
    double[] floors = {110, 120, 130};
    List<String> folders = new ArrayList<>();
    for (int d = 0; d < 3; d++) {
      folders.add(
          HubRuns.write(runs.resolve("run-" + d), HubRuns.MODEL, d, 1, 2400, 60, floors[d], 240)
              .toString());
    }
    Path fourth = HubRuns.write(runs.resolve("run-4"), HubRuns.MODEL, 4, 1, 2400, 60, 100, 240);
    // What the hub must show: the quartiles of the three drives' own figures, as analyzed here.
    String floor = quartiles(folders, "floor_MBps", "MB/s");
    String cache = quartiles(folders, "cache_GB", "GB");
    Process hub = startHub(db, env);
    try {
      BufferedReader lines =
          new BufferedReader(new InputStreamReader(hub.getInputStream(), StandardCharsets.UTF_8));
      String first = lines.readLine(); // blocks until the hub says where it listens (or exits)
      assertThat(first).as(Files.readString(dir.resolve("hub-err.txt"))).isNotNull();
      Matcher m = Pattern.compile("http://127\\.0\\.0\\.1:([0-9]+)/").matcher(first);
      assertThat(m.find()).as(first).isTrue();
      String url = "http://127.0.0.1:" + m.group(1);
      assertThat(first).doesNotContain(String.valueOf(TestDatabases.pgPassword()));

      List<String> share = new ArrayList<>(List.of("share"));
      share.addAll(folders);
      share.addAll(List.of("--to", url));
      // The answer to the question comes on stdin, as a user types it (ShareDryRunTest answers no).
      Result yes = run(env, "y\n", share.toArray(String[]::new));
      assertThat(yes.code()).as(yes.err()).isZero();
      assertThat(yes.out()).contains("would send:", "Never sent", "[y/N]");
      assertThat(yes.out()).doesNotContain(HubRuns.SERIAL_PREFIX, HubRuns.HOST, HubRuns.PATH);
      assertThat(yes.out().split("shared as run", -1)).hasSize(4);

      // The hub's figures, kept in the second user's data folder and printed from that copy.
      Result model = run(env, null, "models", HubRuns.MODEL, "--update", "--hub", url);
      assertThat(model.code()).as(model.err()).isZero();
      assertThat(model.out()).contains("Kept 1 model");
      assertThat(model.out())
          .contains(HubRuns.MODEL + ": 3 drives, 3 runs", "1000 GB, firmware FW1.0")
          .contains("floor " + floor, "cache " + cache, "as new (3 fresh drives)");
      assertThat(second.resolve("sustain/hub-models.json")).exists();
    } finally {
      hub.destroy();
      hub.waitFor(60, TimeUnit.SECONDS);
      TestDatabases.drop(db);
    }
    // The hub is gone: the line comes from the local copy alone.
    Result analyze = run(env, null, "analyze", fourth.toString());
    assertThat(analyze.code()).as(analyze.err()).isZero();
    String median = floor.substring(0, floor.indexOf(" ("));
    assertThat(analyze.out())
        .contains(
            "Hub: among 3 drives of this model (1000 GB, this job) your floor "
                + oneDecimal(figure(fourth.toString(), "floor_MBps"))
                + " MB/s is below all 3 drives ("
                + median
                + ")");
    Result report = run(env, null, "report", folders.get(1));
    assertThat(report.code()).as(report.err()).isZero();
    assertThat(report.out())
        .contains(
            "your floor "
                + oneDecimal(figure(folders.get(1), "floor_MBps"))
                + " MB/s is at the 50th percentile ("
                + median
                + ")");
  }

  private static double figure(String folder, String name) throws Exception {
    return ShareDocument.build(Path.of(folder), null).path("analysis").path(name).asDouble();
  }

  private static String oneDecimal(double v) {
    return String.format(Locale.ROOT, "%.1f", Math.round(v * 10) / 10.0);
  }

  /** "median M UNIT (quartiles Q1 to Q3)" of the runs' figures, as the hub computes them. */
  private static String quartiles(List<String> folders, String name, String unit) throws Exception {
    double[] v = new double[folders.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = figure(folders.get(i), name);
    }
    Arrays.sort(v);
    // percentile_cont over three: the middle one, and halfway to it from either end.
    return String.format(
        Locale.ROOT,
        "median %.1f %s (quartiles %.1f to %.1f)",
        v[1],
        unit,
        (v[0] + v[1]) / 2,
        (v[1] + v[2]) / 2);
  }
}
