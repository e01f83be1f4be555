package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.store.EveryBackend;
import dev.sustain.store.RunFolders;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.RunStore;
import dev.sustain.store.TestDatabases.Backend;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

/**
 * A page for every kind of run, reached from the runs list, over SQLite and PostgreSQL: a read and
 * a verify (the rate, the verdict and the bad extents of a real verify of a damaged file), a copy
 * (its passes, read-back and verification), a fill (its files), a run imported from another host
 * (drawn from its stored samples) and an imported log the history has no samples of (its figures,
 * not a page that waits for ever).
 */
class RunKindsBrowserTest {

  static final Path KINDS = Path.of("src/test/resources/serve/kinds");

  @TempDir Path dir;

  /** Records a real run folder as its run did: the row, run.json and every samples row. */
  static RunRecord putFolder(Served s, Path folder) throws Exception {
    RunRecord r = RunFolders.read(folder.toAbsolutePath(), "run");
    List<String> lines = Files.readAllLines(folder.resolve("samples.csv"), StandardCharsets.UTF_8);
    String json = Files.readString(folder.resolve("run.json"), StandardCharsets.UTF_8);
    Served.put(s.location, r, lines, json);
    return r;
  }

  /** The Kingston run as another host's, imported: its samples only in the history. */
  static RunRecord importedElsewhere(Served s) throws Exception {
    RunRecord k =
        RunRecords.run(
            "k",
            RunRecords.KINGSTON,
            Instant.parse("2026-10-01T08:00:00Z"),
            153.0,
            180.0,
            "cache-cliff");
    RunRecord r =
        RunRecords.with(
            k,
            f -> {
              f.runId = UUID.randomUUID().toString();
              f.host = "lab9-elsewhere";
              f.runFolder = "/nowhere/on/this/host/kingston-run";
              f.source = "import";
            });
    Served.put(s.location, r, Served.kingstonLines(), Served.kingstonRunJson());
    return r;
  }

  /** An imported log recorded before the history kept a log's curve: a row, no samples. */
  static RunRecord logWithoutSamples(Served s) {
    RunRecord k =
        RunRecords.run(
            "l", RunRecords.T9, Instant.parse("2026-09-01T08:00:00Z"), 127.0, 300.0, "cache-cliff");
    RunRecord r =
        new RunRecord(
            UUID.randomUUID().toString(),
            k.drive(),
            "lab1",
            "import",
            "{\"format\":\"csv\",\"file\":\"/logs/t9.csv\"}",
            k.started(),
            k.ended(),
            "complete",
            null,
            k.figures(),
            k.analysisJson(),
            null,
            "import",
            null,
            null,
            null,
            null);
    try (RunStore store = RunStore.open(s.location)) {
      store.record(r);
    }
    return r;
  }

  @EveryBackend
  void everyKindOfRunHasItsPage(Backend backend) throws Exception {
    try (Served s = Served.start(Served.freshDb(backend, dir), null, 100);
        Browser browser = Browser.open(dir)) {
      Map<RunRecord, List<String>> expect = new LinkedHashMap<>();
      expect.put(
          putFolder(s, KINDS.resolve("read")),
          List.of("Read back", "Read 315 MB without an error", "No bad extent"));
      expect.put(
          putFolder(s, KINDS.resolve("verify-bad")),
          List.of(
              "Verification",
              "BAD: 16.4 kB of",
              "corrupted 4.1 kB, blank 12.3 kB",
              "4096000",
              "20480000",
              "12 KiB"));
      expect.put(
          putFolder(s, KINDS.resolve("copy")),
          List.of(
              "Passes",
              "Verified: every pass read back as written.",
              "397 ms",
              "881 MB/s",
              "Pass 2 wrote 77% faster"));
      expect.put(
          putFolder(s, KINDS.resolve("fill")),
          List.of("Files", "3 files written, ended by limit", "fill-00003.dat"));
      expect.put(importedElsewhere(s), List.of("KINGSTON SNV3S1000G", "Figures", "The curve"));
      expect.put(
          logWithoutSamples(s), List.of("holds no samples of this run", "127 MB/s", "cache-cliff"));

      browser.get(s.base() + "/runs");
      browser.awaitReady("runs");
      for (Map.Entry<RunRecord, List<String>> e : expect.entrySet()) {
        String id = e.getKey().runId();
        // Reached from the list: its row's link opens its page.
        browser.get(s.base() + "/runs");
        browser.awaitReady("runs");
        browser
            .driver
            .findElement(By.cssSelector("tr[data-run='" + id + "'] a[href^='/runs/']"))
            .click();
        browser.awaitReady("run");
        assertThat(browser.attr("data-api-error")).as(e.getKey().command()).isNull();
        assertThat(browser.attr("data-error")).isNull();
        String text = browser.driver.findElement(By.tagName("main")).getText();
        assertThat(text).as(e.getKey().command()).doesNotContain("Loading");
        for (String want : e.getValue()) {
          assertThat(text).as(e.getKey().command() + " page").contains(want);
        }
      }
      // The verdict and the extents are the run's own, in a table.
      String verify =
          expect.keySet().stream()
              .filter(r -> r.command().equals("verify"))
              .findFirst()
              .orElseThrow()
              .runId();
      browser.get(s.base() + "/runs/" + verify);
      browser.awaitReady("run");
      assertThat(browser.driver.findElements(By.cssSelector("#bad-extents tbody tr"))).hasSize(2);
      assertThat(browser.driver.findElement(By.id("verdict")).getAttribute("class"))
          .contains("bad");
      browser.await(d -> browser.attr("data-drawn") != null, "the rate chart drawn");
      assertThat(browser.attr("data-csp")).isNull();
    }
  }
}
