package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.store.EveryBackend;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.TestDatabases.Backend;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

/**
 * DNS rebinding in a real browser: Chromium resolves the attacker's names to 127.0.0.1 (as a
 * rebound DNS answer would), so a page at {@code http://127.attacker.example:PORT/} is same-origin
 * with the dashboard and its scripts may read anything the server gives that origin. Without a
 * token the server must give it nothing: the page, the API read by the page's own script and the
 * event stream all answer 421 with nothing of the history, while the same dashboard at 127.0.0.1
 * shows the run. SQLite and PostgreSQL.
 */
class RebindingBrowserTest {

  @TempDir Path dir;

  private static final String[] REBOUND = {"127.attacker.example", "127.0.0.1.nip.io"};

  @EveryBackend
  void aReboundNameReadsNothingFromTheBrowser(Backend backend) throws Exception {
    String rules =
        "--host-resolver-rules=MAP 127.attacker.example 127.0.0.1, MAP 127.0.0.1.nip.io"
            + " 127.0.0.1";
    try (Served s = Served.start(Served.freshDb(backend, dir), null, 100);
        Browser browser = Browser.open(dir, rules)) {
      RunRecord run =
          RunRecords.run(
              "rebind-run-7f3a",
              RunRecords.KINGSTON,
              Instant.parse("2026-11-01T08:00:00Z"),
              1500.0,
              1500.0,
              "flat");
      Served.put(s.location, run, Served.kingstonLines(), null);
      int port = Integer.parseInt(s.base().substring(s.base().lastIndexOf(':') + 1));

      // The control: at 127.0.0.1 the page lists the run, so the run is there to be read.
      browser.get(s.base() + "/runs");
      browser.awaitReady("runs");
      assertThat(browser.driver.getPageSource()).contains(run.runId());

      for (String name : REBOUND) {
        String origin = "http://" + name + ":" + port;
        browser.get(origin + "/");
        String page = browser.driver.findElement(By.tagName("body")).getText();
        assertThat(page).as(name).doesNotContain(run.runId()).doesNotContain("KINGSTON");
        // The attacker's script, same-origin after the rebinding, reads what it can.
        for (String path :
            new String[] {"/api/runs", "/api/runs/" + run.runId(), "/api/drives", "/runs"}) {
          Object got =
              browser.asyncScript(
                  "var done = arguments[arguments.length - 1];"
                      + " fetch(arguments[0]).then(function (r) { return r.text().then("
                      + " function (t) { done(r.status + ' ' + t); }); })"
                      + ".catch(function (e) { done('error ' + e); });",
                  path);
          assertThat(String.valueOf(got))
              .as(name + path)
              .startsWith("421 ")
              .doesNotContain(run.runId())
              .doesNotContain("KINGSTON")
              .doesNotContain(s.location.redacted());
        }
        Object events =
            browser.asyncScript(
                "var done = arguments[arguments.length - 1];"
                    + " var es = new EventSource(arguments[0]); var got = '';"
                    + " es.onmessage = function (e) { got += e.data; };"
                    + " es.onerror = function () { es.close(); done('closed ' + got); };",
                "/api/runs/" + run.runId() + "/events");
        assertThat(String.valueOf(events)).as(name + " events").isEqualTo("closed ");
      }
    }
  }
}
