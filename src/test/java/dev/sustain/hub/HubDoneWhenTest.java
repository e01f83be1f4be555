package dev.sustain.hub;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.store.TestDatabases;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    Map<String, String> env = Map.of("XDG_DATA_HOME", second.toString(), "SUSTAIN_AOT", "0");
    Path runs = second.resolve("sustain/runs");
    double[] floors = {110, 120, 130};
    List<String> folders = new ArrayList<>();
    for (int d = 0; d < 3; d++) {
      folders.add(
          HubRuns.write(runs.resolve("run-" + d), HubRuns.MODEL, d, 1, 2400, 60, floors[d], 240)
              .toString());
    }
    Path fourth = HubRuns.write(runs.resolve("run-4"), HubRuns.MODEL, 4, 1, 2400, 60, 100, 240);
    ProcessBuilder pb =
        new ProcessBuilder("/bin/bash", SUSTAIN.toString(), "hub", "--db", db, "--port", "0");
    pb.environment().putAll(env);
    pb.redirectError(dir.resolve("hub-err.txt").toFile());
    Process hub = pb.start();
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
      Result no = run(env, "n\n", share.toArray(String[]::new));
      assertThat(no.out()).contains("would send:", "Never sent", "Nothing sent.");
      assertThat(no.out()).doesNotContain(HubRuns.SERIAL_PREFIX, HubRuns.HOST);
      Result yes = run(env, "y\n", share.toArray(String[]::new));
      assertThat(yes.code()).as(yes.err()).isZero();
      assertThat(yes.out().split("shared as run", -1)).hasSize(4);

      Result model = run(env, null, "models", HubRuns.MODEL, "--hub", url);
      assertThat(model.code()).as(model.err()).isZero();
      assertThat(model.out()).contains(HubRuns.MODEL + ": 3 drives, 3 runs", "floor median 12");
      Result update = run(env, null, "models", "--update", "--hub", url);
      assertThat(update.out()).contains("Kept 1 model");
      assertThat(second.resolve("sustain/hub-models.json")).exists();
    } finally {
      hub.destroy();
      hub.waitFor(60, TimeUnit.SECONDS);
      TestDatabases.drop(db);
    }
    // The hub is gone: the line comes from the local copy alone.
    Result analyze = run(env, null, "analyze", fourth.toString());
    assertThat(analyze.code()).as(analyze.err()).isZero();
    assertThat(analyze.out())
        .contains("Hub: among 3 drives of this model (1000 GB, this job) your floor 10")
        .contains("is at the 0th percentile (median 12");
    Result report = run(env, null, "report", folders.get(1));
    assertThat(report.out()).contains("is at the 50th percentile");
    Result noCache =
        run(
            Map.of("XDG_DATA_HOME", dir.resolve("third").toString(), "SUSTAIN_AOT", "0"),
            null,
            "analyze",
            fourth.toString());
    assertThat(noCache.out()).doesNotContain("Hub:");
  }
}
