package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.analysis.ShapeCurves;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Black-box tests of {@code sustain analyze}, in process. */
class AnalyzeCommandTest {

  @TempDir Path dir;

  private static final ObjectMapper JSON = new ObjectMapper();

  private Path csv(String name, SampleSeries s) throws IOException {
    StringBuilder b = new StringBuilder("time_s,write_MBps\n");
    for (int i = 0; i < s.size(); i++) {
      b.append(String.format(Locale.ROOT, "%.3f,%.3f%n", s.timeSeconds(i), s.writeMBps(i)));
    }
    Path p = dir.resolve(name);
    Files.writeString(p, b, StandardCharsets.UTF_8);
    return p;
  }

  /** The field report's Kingston: 2,555 MB/s for 280 GB, then 127 MB/s. */
  private Path kingston() throws IOException {
    return csv("kingston.csv", ShapeCurves.cacheCliff(42, 1, 2555, 280, 127, 120, 0.02).series());
  }

  @Test
  void jsonCarriesEveryFigureByItsContractName() throws Exception {
    Cli.Result r = Cli.ok("analyze", kingston(), "--job-size", "500GB", "--json");
    JsonNode j = JSON.readTree(r.out());
    for (String field :
        List.of(
            "shape",
            "burst_MBps",
            "cache_GB",
            "cliff_s",
            "floor_MBps",
            "after_cache_MBps",
            "average_MBps",
            "min_MBps",
            "median_MBps",
            "max_MBps",
            "stdev_MBps",
            "stall_s",
            "recovered",
            "throttle_temp_C",
            "segments",
            "evidence",
            "advice",
            "projection",
            "link_capped",
            "cpu_bound")) {
      assertThat(j.has(field)).as(field).isTrue();
    }
    assertThat(j.get("shape").asText()).isEqualTo("cache-cliff");
    assertThat(j.get("burst_MBps").asDouble()).isCloseTo(2555, within(50.0));
    assertThat(j.get("cache_GB").asDouble()).isCloseTo(280, within(5.0));
    assertThat(j.get("cliff_s").asDouble()).isCloseTo(109.6, within(2.0));
    assertThat(j.get("floor_MBps").asDouble()).isCloseTo(127, within(3.0));
    assertThat(j.get("throttle_temp_C").isNull()).isTrue();
    assertThat(j.get("stall_s").asDouble()).isZero();
    assertThat(j.get("projection").get("GB").asDouble()).isEqualTo(500.0);
    // 280 GB at 2,555 MB/s and 220 GB at 127 MB/s: about 1,840 s.
    assertThat(j.get("projection").get("seconds").asDouble()).isCloseTo(1840, within(40.0));
    JsonNode seg = j.get("segments").get(0);
    assertThat(seg.has("start_s") && seg.has("end_s") && seg.has("mean_MBps") && seg.has("GB"))
        .isTrue();
    // The sentence states the figures the JSON holds, as the text rounds them.
    assertThat(j.get("evidence").get(0).asText())
        .contains(
            Math.round(j.get("burst_MBps").asDouble()) + " MB/s",
            Math.round(j.get("floor_MBps").asDouble()) + " MB/s");
  }

  @Test
  void aFlatCurveHasNullsWhereNoCliffIs() throws Exception {
    Path p = csv("flat.csv", ShapeCurves.flat(3, 1, 918, 300, 0.005).series());

    Cli.Result r = Cli.run("analyze", p.toString(), "--json");

    JsonNode j = JSON.readTree(r.out());
    assertThat(j.get("shape").asText()).isEqualTo("flat");
    assertThat(j.get("cache_GB").isNull()).isTrue();
    assertThat(j.get("cliff_s").isNull()).isTrue();
    assertThat(j.get("after_cache_MBps").isNull()).isTrue();
    assertThat(j.has("projection")).isFalse();
  }

  @Test
  void humanTextReadsAtAGlance() throws Exception {
    Cli.Result r = Cli.ok("analyze", kingston(), "--job-size", "500GB");
    assertThat(r.out())
        .contains("cache-cliff")
        .containsPattern(
            "burst\\s+25\\d\\d MB/s for 28\\d GB \\(1m 4\\d?s|burst\\s+25\\d\\d MB/s for 28\\d GB")
        .containsPattern("floor\\s+12\\d MB/s")
        .containsPattern("projection\\s+500 GB takes about 3\\dm")
        .contains("why:", "advice:");
  }

  @Test
  void mediaHddTurnsADecliningCurveIntoAZonedDisk() throws Exception {
    Path p = csv("hdd.csv", ShapeCurves.hddZoned(5, 1, 240, 120, 5000, 0.03).series());

    JsonNode asSsd =
        JSON.readTree(Cli.run("analyze", p.toString(), "--media", "ssd", "--json").out());
    JsonNode asHdd =
        JSON.readTree(Cli.run("analyze", p.toString(), "--media", "hdd", "--json").out());
    JsonNode untold = JSON.readTree(Cli.run("analyze", p.toString(), "--json").out());

    assertThat(asHdd.get("shape").asText()).isEqualTo("hdd-zoned");
    assertThat(asSsd.get("shape").asText()).isNotEqualTo("hdd-zoned");
    // Told nothing, a line falling at a disk's rate and pace is a disk's, said to be by the curve.
    assertThat(untold.get("shape").asText()).isEqualTo("hdd-zoned");
    assertThat(untold.get("evidence").get(0).asText()).contains("the media is not known");
    assertThat(asHdd.get("evidence").get(0).asText()).doesNotContain("not known");
  }

  @Test
  void severalInputsGiveAJsonArrayNamingEach() throws Exception {
    Path a = kingston();
    Path b = csv("flat.csv", ShapeCurves.flat(3, 1, 918, 300, 0.005).series());

    JsonNode j = JSON.readTree(Cli.run("analyze", a.toString(), b.toString(), "--json").out());

    assertThat(j.isArray()).isTrue();
    assertThat(j.get(0).get("input").asText()).isEqualTo(a.toString());
    assertThat(j.get(1).get("shape").asText()).isEqualTo("flat");
  }

  @Test
  void malformedInputIsOneLineNamingFileAndLineAndExitTwo() throws Exception {
    Path p = dir.resolve("bad.csv");
    Files.writeString(p, "time_s,write_MBps\n1,100\n2,oops\n");

    Cli.Result r = Cli.run("analyze", p.toString());

    Cli.assertBadInput(r);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err()).contains(p + ":3: write_MBps is not a number");
  }

  @Test
  void badOptionsAreExitTwo() throws Exception {
    Path p = kingston();
    assertThat(Cli.run("analyze", p.toString(), "--media", "tape").exitCode()).isEqualTo(2);
    assertThat(Cli.run("analyze", p.toString(), "--job-size", "500 bananas").exitCode())
        .isEqualTo(2);
    assertThat(Cli.run("analyze").exitCode()).isEqualTo(2);
  }

  @Test
  void aKilledRunFolderIsAnalysedWithANote() throws Exception {
    Path run = dir.resolve("run");
    Files.createDirectories(run);
    SampleSeries s = ShapeCurves.cacheCliff(9, 1, 800, 40, 200, 60, 0.02).series();
    StringBuilder b =
        new StringBuilder(
            "time_s,write_MBps,bytes,iops,lat_p50_ms,lat_p99_ms,lat_max_ms,cpu_pct,temp_C\n");
    for (int i = 0; i < s.size(); i++) {
      b.append(
          String.format(
              Locale.ROOT,
              "%.3f,%.3f,%d,100,1,2,3,20,%n",
              s.timeSeconds(i),
              s.writeMBps(i),
              s.bytes(i)));
    }
    b.append("111.000,20"); // cut by the kill
    Files.writeString(run.resolve("samples.csv"), b);
    Files.writeString(
        run.resolve("run.json"),
        "{\"version\":1,\"command\":\"write\",\"target\":{\"device\":null},"
            + "\"result\":{\"status\":\"running\",\"average_MBps\":0.0}}");

    Cli.Result r = Cli.ok("analyze", run);
    assertThat(r.out()).contains("never finished", "cache-cliff");
  }
}
