package dev.sustain.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.analysis.Analysis;
import dev.sustain.report.HtmlReport;
import dev.sustain.share.HubStanding;
import dev.sustain.store.RunLiveness;
import dev.sustain.store.RunRecord;

/**
 * The run page's one line from the local copy of a hub's figures ({@code sustain models --update}),
 * as analyze and report print it: "Hub: among 41 drives of this model ... your floor is at the 8th
 * percentile". Read from the copy in the data folder only (kept as {@link HubCopy} last read it),
 * never from the network, and only for a finished run (a running run's floor is not its floor yet).
 * Stateless.
 */
final class HubLine {

  private HubLine() {}

  /** {@code html} with the line after its header, or as it was when the copy has no peers. */
  static String insert(String html, RunRecord run, JsonNode runJson, RunViews views, HubCopy copy) {
    if (RunLiveness.mayChange(run.status()) || runJson == null) {
      return html;
    }
    // A finished run's analysis is the one its page was just made from (RunViews keeps it).
    Analysis analysis = views.curve(run).analysis();
    return HubStanding.line(copy.current(), runJson, analysis.floorMBps(), analysis.cacheGB())
        .map(
            line ->
                KindView.insert(
                    html,
                    "<p class=\"hub-standing\" id=\"hub-standing\">"
                        + HtmlReport.esc(line)
                        + "</p>"))
        .orElse(html);
  }
}
