package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.EmulatedGroup;
import dev.sustain.testing.RunFolderRig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code write T1 T2 ...} on emulated drives, on the real kernel path: a shared ceiling built by
 * stacking is found within 10%, none is claimed for drives throttled on their own, and a target
 * that fills up or vanishes ends with its error while the others finish. Root and cgroup-v1 blkio
 * only; skipped elsewhere with the reason.
 */
@Tag("root")
@Tag("emulated")
class GroupEmulatedTest {

  private static final long MB = 1_000_000L;
  private static final long MIB = 1L << 20;

  /**
   * Deep enough that a busy host's scheduling does not drain the queue, shallow enough that the
   * throttle hands out its rate smoothly.
   */
  private static final String[] IO = {"--interval", "500ms", "--qd", "16", "--bs", "512KiB"};

  /**
   * The most a short run may read above its throttle: cgroup-v1 blkio hands out its rate in 100 ms
   * slices and lets the first one through at once (seen: 64.5 MB/s under a 60 MB/s limit on a busy
   * host). The solo rate is the median of the solo pass's inner intervals, so the pass lasts 3 s
   * ({@link #SOLO_TIME}): six 500 ms intervals leave four inner ones, and one interval that caught
   * an extra slice cannot be the median. With 1.5 s there was one inner interval, and one extra
   * slice in it read 23.0 MB/s under a 20 MB/s limit.
   */
  private static final double SLICE_OVERSHOOT = 1.12;

  /** Long enough for four inner intervals (see {@link #SLICE_OVERSHOOT}). */
  private static final String SOLO_TIME = "3s";

  @TempDir Path dir;

  private Process start(EmulatedGroup g, String... args) throws Exception {
    return g.start(Cli.command(args), dir.resolve("stdout"), dir.resolve("stderr"));
  }

  private String output() throws Exception {
    return Files.readString(dir.resolve("stdout")) + Files.readString(dir.resolve("stderr"));
  }

  /** The command {@code line} (as {@link Cli#runLine} takes it) with the group's I/O options. */
  private static String[] args(String line, Object... values) {
    List<String> a = new ArrayList<>(List.of(Cli.words(line, values)));
    a.addAll(List.of(IO));
    return a.toArray(String[]::new);
  }

  private static JsonNode json(Path file) throws Exception {
    return RunFolder.JSON.readTree(file.toFile());
  }

  private static JsonNode target(JsonNode json, String name) {
    for (JsonNode t : json.path("targets")) {
      if (t.path("name").asText().equals(name)) {
        return t;
      }
    }
    throw new AssertionError("no target " + name + " in " + json);
  }

  private static String name(String device) {
    return Path.of(device).getFileName().toString();
  }

  /** MB a column of the group's samples.csv adds up to (rate x interval). */
  private static double groupColumnMB(Path group, String column, double intervalSeconds)
      throws Exception {
    List<String> lines = Files.readAllLines(group.resolve("samples.csv"));
    int c = List.of(lines.getFirst().split(",")).indexOf(column);
    double mb = 0;
    for (String l : lines.subList(1, lines.size())) {
      String cell = l.split(",", -1)[c];
      mb += cell.isEmpty() ? 0 : Double.parseDouble(cell) * intervalSeconds;
    }
    return mb;
  }

  private void runToTheEnd(Process p, int expectedExit) throws Exception {
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the group ended").isTrue();
    assertThat(p.exitValue()).as(this::outputOrEmpty).isEqualTo(expectedExit);
  }

  private String outputOrEmpty() {
    try {
      return output();
    } catch (Exception e) {
      return "";
    }
  }

  @Test
  void aCeilingSharedByStackedLoopDevicesIsFoundWithinTenPercentAndNamed() throws Exception {
    try (EmulatedGroup g = EmulatedGroup.create(dir)) {
      long ceiling = 60 * MB;
      List<String> devices = g.sharedDevices(2, 128 * MIB, ceiling);
      Path out = dir.resolve("group");
      // A dozen seconds together: enough held seconds though a busy host strays some.
      String[] a =
          args(
              "write {} {} --destroy-data --time 12s --solo-first --solo-time {} --out {} --db {}",
              devices.get(0),
              devices.get(1),
              SOLO_TIME,
              out,
              dir.resolve("history.db"));
      runToTheEnd(start(g, a), 0);

      JsonNode analysis = json(out.resolve("analysis.json"));
      // On failure the group's own rows say why: the sum per interval is what the verdict read.
      assertThat(analysis.path("verdict").asText())
          .as(() -> analysis + "\n" + Cli.printed(out.resolve("samples.csv")))
          .isEqualTo("shared-ceiling");
      assertThat(analysis.path("shared_ceiling_MBps").asDouble())
          .as(analysis::toString)
          .isCloseTo(ceiling / 1e6, Percentage.withPercentage(10));
      // The part they share is named: the throttled device under their backing files.
      assertThat(analysis.at("/shared/parts/0/name").asText()).isEqualTo(g.lastSharedDevice());
      assertThat(analysis.path("evidence").get(0).asText())
          .startsWith("the two targets share a ceiling of ")
          .contains(g.lastSharedDevice());
      // analyze prints what analysis.json holds.
      Cli.Result analyzed = Cli.ok("analyze", out, "--json");
      assertThat(RunFolder.JSON.readTree(analyzed.out())).isEqualTo(analysis);

      JsonNode group = json(out.resolve("group.json"));
      assertThat(group.path("status").asText()).isEqualTo("complete");
      for (String d : devices) {
        JsonNode t = target(group, name(d));
        // Alone each takes the whole ceiling (a busy host's writer may fall a little short; the
        // blkio throttle's first slice lets a little more through).
        assertThat(t.path("solo_MBps").asDouble())
            .as(t::toString)
            .isBetween(0.75 * ceiling / 1e6, SLICE_OVERSHOOT * ceiling / 1e6);
        assertThat(t.path("solo_source").asText()).isEqualTo("solo-first");
        Path folder = out.resolve(t.path("folder").asText());
        long bytes = json(folder.resolve("run.json")).at("/result/bytes").asLong();
        assertThat(bytes).isEqualTo(t.path("bytes").asLong());
        assertThat(RunFolderRig.sampleBytes(folder)).isEqualTo(bytes);
        assertThat(groupColumnMB(out, name(d) + "_MBps", 0.5))
            .isCloseTo(bytes / 1e6, within(0.01 * bytes / 1e6));
        assertThat(json(folder.resolve("run.json")).at("/params/group/role").asText())
            .isEqualTo("member");
      }
    }
  }

  @Test
  void noCeilingIsClaimedForDrivesThrottledOnTheirOwn() throws Exception {
    try (EmulatedGroup g = EmulatedGroup.create(dir)) {
      String slow = g.rawDevice(128 * MIB, 20 * MB);
      String fast = g.rawDevice(128 * MIB, 35 * MB);
      Path out = dir.resolve("group");
      String[] a =
          args(
              "write {} {} --destroy-data --time 5s --solo-first --solo-time {} --out {} --db {}",
              slow,
              fast,
              SOLO_TIME,
              out,
              dir.resolve("history.db"));
      runToTheEnd(start(g, a), 0);

      JsonNode analysis = json(out.resolve("analysis.json"));
      assertThat(analysis.path("shared_ceiling_MBps").isNull()).as(analysis::toString).isTrue();
      assertThat(analysis.path("verdict").asText()).as(analysis::toString).isEqualTo("none");
      assertThat(analysis.path("reason").asText()).isEqualTo("at-solo-rates");
      double[] rates = {20, 35};
      String[] names = {name(slow), name(fast)};
      for (int i = 0; i < 2; i++) {
        // Each its own throttle's rate, alone and together (never above it; a busy host's writer
        // may fall a little short of it).
        JsonNode t = target(analysis, names[i]);
        assertThat(t.path("solo_MBps").asDouble())
            .as(t::toString)
            .isBetween(0.75 * rates[i], SLICE_OVERSHOOT * rates[i]);
        assertThat(t.path("together_MBps").asDouble())
            .as(t::toString)
            .isBetween(0.75 * rates[i], SLICE_OVERSHOOT * rates[i]);
        assertThat(t.path("of_solo").asDouble()).as(t::toString).isGreaterThan(0.85);
      }
      assertThat(output()).contains("shared ceiling: none").contains("each is limited on its own");
    }
  }

  @Test
  void aTargetThatFillsUpAndOneThatVanishesEndWithTheirErrorsWhileTheOtherFinishes()
      throws Exception {
    try (EmulatedGroup g = EmulatedGroup.create(dir)) {
      Path small = g.folder(48 * MIB, 25 * MB);
      String gone = g.vanishingDevice(128 * MIB, 25 * MB);
      String ok = g.rawDevice(128 * MIB, 25 * MB);
      Path out = dir.resolve("group");
      String[] a =
          args(
              "write {} {} {} --destroy-data --time 4s --out {} --db {}",
              small,
              gone,
              ok,
              out,
              dir.resolve("history.db"));
      Process p = start(g, a);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (g.bytesWritten(gone) < 40 * MB && p.isAlive()) {
        assertThat(System.nanoTime()).as("the vanishing drive was written").isLessThan(deadline);
        java.util.concurrent.locks.LockSupport.parkNanos(10_000_000L);
      }
      g.vanish(gone);
      runToTheEnd(p, ExitCodes.RUN_FAILED);

      JsonNode group = json(out.resolve("group.json"));
      assertThat(group.path("status").asText()).isEqualTo("failed");
      JsonNode full = target(group, small.getFileName().toString());
      assertThat(full.path("status").asText()).isEqualTo("failed");
      assertThat(full.path("error").asText()).contains("is full");
      JsonNode vanished = target(group, name(gone));
      assertThat(vanished.path("status").asText()).isEqualTo("failed");
      assertThat(vanished.path("error").asText()).containsIgnoringCase("error");
      JsonNode finished = target(group, name(ok));
      assertThat(finished.path("status").asText()).isEqualTo("complete");
      assertThat(finished.path("seconds").asDouble()).isGreaterThanOrEqualTo(4);
      assertThat(finished.path("bytes").asLong() / 1e6)
          .isCloseTo(25 * 4, Percentage.withPercentage(20));
      // Each failed run kept its samples and said why in its own run.json; the test file is gone.
      for (JsonNode t : new JsonNode[] {full, vanished}) {
        Path folder = out.resolve(t.path("folder").asText());
        JsonNode run = json(folder.resolve("run.json"));
        assertThat(run.at("/result/status").asText()).isEqualTo("failed");
        assertThat(run.at("/result/error").asText()).isEqualTo(t.path("error").asText());
        assertThat(RunFolderRig.sampleBytes(folder))
            .as(() -> group + "\n" + outputOrEmpty())
            .isEqualTo(run.at("/result/bytes").asLong())
            .isPositive();
      }
      try (var left = Files.list(small)) {
        assertThat(left.filter(f -> f.getFileName().toString().startsWith("sustain-test-")))
            .isEmpty();
      }
      // In the group's samples the survivor goes on after the others ended.
      List<String> rows = Files.readAllLines(out.resolve("samples.csv"));
      List<String> header = List.of(rows.getFirst().split(","));
      String[] last = rows.get(rows.size() - 2).split(",", -1);
      assertThat(last[header.indexOf(name(ok) + "_MBps")]).isNotEmpty();
      assertThat(last[header.indexOf(small.getFileName() + "_MBps")]).isEmpty();
      assertThat(last[header.indexOf(name(gone) + "_MBps")]).isEmpty();
      assertThat(Files.readString(dir.resolve("stderr")))
          .contains("sustain write: " + small.getFileName() + ": ")
          .contains("sustain write: " + name(gone) + ": ");
    }
  }

  @Test
  void everyRawDeviceRuleHoldsForEachTargetBeforeAnyIsWritten() throws Exception {
    try (EmulatedGroup g = EmulatedGroup.create(dir)) {
      String free = g.rawDevice(64 * MIB, 0);
      String mounted = g.mountedDevice(64 * MIB);
      Path out = dir.resolve("group");
      Cli.Result noConsent =
          Cli.runLine("write {} {} --size 8MB --out {}", free, g.rawDevice(64 * MIB, 0), out);
      Cli.assertBadInput(noConsent);
      assertThat(noConsent.err()).contains("refused without --destroy-data");
      Cli.Result inUse =
          Cli.runLine("write {} {} --destroy-data --size 8MB --out {}", free, mounted, out);
      Cli.assertBadInput(inUse);
      assertThat(inUse.err().strip())
          .startsWith("sustain write: refusing to write " + mounted)
          .contains("mounted")
          .hasLineCount(1);
      assertThat(Files.exists(out)).as("no group folder").isFalse();
      assertThat(g.bytesWritten(free)).as("nothing written to the free device").isZero();
    }
  }
}
