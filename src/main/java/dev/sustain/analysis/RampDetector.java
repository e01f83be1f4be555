package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * The start-up ramp: the time before the run's first completion, read as an event ({@link
 * StartUp}), and said for what it was: the first requests in flight, a long wait, or another
 * process's I/O that kept the device busy. Never the burst, never stalls. Immutable.
 *
 * @param limits the numbers it is read by
 */
record RampDetector(StartUp.Limits limits) implements Detector<Findings.Ramp, StartUp.Limits> {

  @Override
  public Findings.Ramp find(Reading r) {
    return StartUp.finding(r.curve(), limits);
  }

  @Override
  public Findings.Ramp in(Findings f) {
    return f.ramp();
  }

  /** The start-up in a sentence, when there was one. */
  @Override
  public List<Words> evidence(Findings.Ramp ramp, Analysis a) {
    if (ramp.intervals() == 0) {
      return List.of();
    }
    String which = ramp.intervals() == 1 ? "The first interval" : "The first {} intervals";
    List<Object> figures = new ArrayList<>();
    if (ramp.intervals() != 1) {
      figures.add(ramp.intervals());
    }
    figures.add(ramp.seconds());
    Findings.OtherIo o = ramp.otherIo();
    if (o != null) {
      figures.addAll(List.of(o.busyPct(), o.gigabytes()));
      return List.of(
          new Words(
              which
                  + " ({time}): nothing of this run completed while the device was {.0}% busy and"
                  + " moved {gb} more than this run could have had in flight: other I/O kept the"
                  + " device busy. Neither the burst nor stalls.",
              figures));
    }
    StringBuilder t = new StringBuilder(which).append(" ({time}) came before the first requests");
    t.append(" completed");
    double first = ramp.firstCompletionSeconds();
    if (!Double.isNaN(first)) {
      // A time that may be far below a millisecond: to the microsecond.
      t.append(first >= 0.1 ? " (the first at {.2} s)" : " (the first at {.3} ms)");
      figures.add(first >= 0.1 ? first : first * 1000);
    }
    if (ramp.gigabytes() > 0) {
      t.append(
          "; the last was mostly empty by time and wrote {gb}, counted in the average but not in"
              + " the burst, min or median");
      figures.add(ramp.gigabytes());
    }
    return List.of(new Words(t.append(": neither the burst nor stalls.").toString(), figures));
  }

  /** The start-up in a phrase for the text's figure lines ({@code start-up ...}). */
  @Override
  public Words figureLine(Findings.Ramp ramp, Analysis a) {
    if (ramp.intervals() == 0) {
      return null;
    }
    Findings.OtherIo o = ramp.otherIo();
    if (o != null) {
      return Words.of(
          "{time} in which nothing of this run completed: other I/O kept the device busy ({.0}%"
              + " busy, {gb} that were not this run's; not stalls, not the drive's rate)",
          ramp.seconds(), o.busyPct(), o.gigabytes());
    }
    String wait =
        ramp.seconds() <= limits.waitMaxSeconds()
            ? "{time} before the first requests completed (in flight; not stalls)"
            : "{time} before the first request completed (not stalls)";
    if (ramp.gigabytes() > 0) {
      return Words.of(
          wait + "; the {gb} written in it left out of the burst, min and median",
          ramp.seconds(),
          ramp.gigabytes());
    }
    return Words.of(wait, ramp.seconds());
  }

  @Override
  public void json(Findings.Ramp ramp, JsonFields out) {
    out.put("startup_s", ramp == null ? 0 : ramp.seconds(), 3);
  }
}
