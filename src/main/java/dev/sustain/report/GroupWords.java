package dev.sustain.report;

import dev.sustain.analysis.GroupVerdict;
import dev.sustain.document.GroupDocument;
import dev.sustain.document.GroupDocumentCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The group's verdict in words, from the findings: the shared ceiling with its evidence ("the four
 * targets share a ceiling of 920 MB/s (sum held within 5% while each ran at 60-70% of its solo
 * rate): a hub, controller or shared link"), or why there is none, the targets that drag, and what
 * sysfs says they share. Stateless.
 */
final class GroupWords {

  private static final String[] COUNT = {
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"
  };

  private GroupWords() {}

  static List<String> evidence(GroupReport r) {
    GroupVerdict v = r.verdict();
    List<String> out = new ArrayList<>();
    int n = r.curves().targets();
    String all = n == 2 ? "the two targets" : "the " + count(n) + " targets";
    reason(r, v, all, out);
    keptAndDrags(v, out);
    GroupDocument.Shared shared = GroupDocumentCodec.shared(r.shared());
    boolean named = v.shared() && !shared.parts().isEmpty(); // the ceiling's sentence has it
    if (!named && shared.summary().isPresent()) {
      out.add("in sysfs: " + shared.summary().get());
    }
    return out;
  }

  /** The sentence for the verdict's reason: the ceiling and its evidence, or why none. */
  private static void reason(GroupReport r, GroupVerdict v, String all, List<String> out) {
    switch (v.reason()) {
      case HELD_BELOW_SOLO -> out.add(ceilingBelowSolo(r, v, all));
      case HELD_AND_TRADED ->
          out.add(
              Phrase.of(
                  "{} share a ceiling of {rate} (sum held within {} while their rates traded"
                      + " against each other: the sum varied {.0}x less than they did; no solo"
                      + " rates to compare with): {}",
                  all,
                  v.ceilingMBps(),
                  percent(v.sumHeldWithin()),
                  1 / Math.max(v.varianceRatio(), 1e-3),
                  partWords(r, v.ceilingMBps())));
      case AT_SOLO_RATES ->
          out.add(
              Phrase.of(
                  "no shared ceiling: each target wrote at {} of its solo rate while they wrote"
                      + " together (sum {rate}), so each is limited on its own",
                  band(v, false),
                  v.sumMBps()));
      case SUM_NOT_FLAT ->
          out.add(
              "no shared ceiling: the sum of their rates never held within 5% for long enough"
                  + " (a shared limit holds the sum flat)");
      case TOO_SHORT ->
          out.add(
              "too short to tell: the targets wrote together for less than the 6 intervals a"
                  + " shared ceiling needs");
      case NO_SOLO_RATES ->
          out.add(
              Phrase.of(
                  "the sum held at {rate}, but without solo rates a shared ceiling cannot be told"
                      + " from drives limited on their own: run with --solo-first, or write each"
                      + " drive alone once so its history knows it",
                  v.sumMBps()));
      case ONE_TARGET -> out.add("one target: nothing is shared");
    }
  }

  /** Under a ceiling, the targets that kept their solo rate; then each target that drags. */
  private static void keptAndDrags(GroupVerdict v, List<String> out) {
    for (GroupVerdict.Share s : v.shares()) {
      if (v.reason() == GroupVerdict.Reason.HELD_BELOW_SOLO && !s.belowSolo() && s.ofSolo() > 0) {
        out.add(
            Phrase.of(
                "{} kept {}% of its solo rate ({rate}): it needs less than an even share, so the"
                    + " others split the rest",
                s.name(), Math.round(s.ofSolo() * 100), s.medianMBps()));
      }
    }
    for (GroupVerdict.Drag d : v.drags()) {
      out.add(
          Phrase.of(
              "{} drags the others: when it {} at {time}, the others rose from {rate} to {rate}:"
                  + " they take what it gives up, so they share a limit with it",
              d.name(),
              d.stall()
                  ? "stalled"
                  : Phrase.of("fell from {rate} to {rate}", d.beforeMBps(), d.afterMBps()),
              d.atSeconds(),
              d.othersBeforeMBps(),
              d.othersAfterMBps()));
    }
  }

  private static String ceilingBelowSolo(GroupReport r, GroupVerdict v, String all) {
    long held = v.shares().stream().filter(GroupVerdict.Share::belowSolo).count();
    String who;
    if (held == v.shares().size()) {
      who = v.shares().size() == 2 ? "both ran" : "each ran";
    } else {
      List<String> names =
          v.shares().stream().filter(GroupVerdict.Share::belowSolo).map(s -> s.name()).toList();
      who = String.join(" and ", names) + " ran";
    }
    return Phrase.of(
        "{} share a ceiling of {rate} (sum held within {} while {} at {} of {} solo rate): {}",
        all,
        v.ceilingMBps(),
        percent(v.sumHeldWithin()),
        who,
        band(v, true),
        held == 1 ? "its" : "their",
        partWords(r, v.ceilingMBps()));
  }

  /** "a hub, controller or shared link", naming the part sysfs shows when there is one. */
  private static String partWords(GroupReport r, double ceilingMBps) {
    List<GroupDocument.SharedPart> parts = GroupDocumentCodec.shared(r.shared()).parts();
    String base = "a hub, controller or shared link";
    if (parts.isEmpty()) {
      return base;
    }
    GroupDocument.SharedPart closest = parts.get(0);
    String text = base + "; they share " + closest.description();
    OptionalDouble ceiling = closest.ceilingMBps();
    if (ceiling.isPresent() && Math.abs(ceiling.getAsDouble() - ceilingMBps) <= 0.1 * ceilingMBps) {
      text += Phrase.of(", whose practical ceiling is about {rate}", ceiling.getAsDouble());
    }
    return text;
  }

  /** The range of the targets' share of their solo rates, e.g. {@code 60-70%}. */
  private static String band(GroupVerdict v, boolean onlyHeld) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (GroupVerdict.Share s : v.shares()) {
      if (Double.isFinite(s.ofSolo()) && (!onlyHeld || s.belowSolo())) {
        lo = Math.min(lo, s.ofSolo());
        hi = Math.max(hi, s.ofSolo());
      }
    }
    if (!Double.isFinite(lo)) {
      return "an unknown share";
    }
    long a = Math.round(lo * 100);
    long b = Math.round(hi * 100);
    return a == b ? a + "%" : a + "-" + b + "%";
  }

  /** A fraction as a whole percent, at least 1% (within 0.3% reads "within 1%"). */
  private static String percent(double fraction) {
    return Math.max(1, Math.round(Math.ceil(fraction * 100 - 1e-9))) + "%";
  }

  private static String count(int n) {
    return n < COUNT.length ? COUNT[n] : Integer.toString(n);
  }
}
