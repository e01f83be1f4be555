package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * The stalls: write intervals after the start-up in which nothing completed (the flush is not
 * writing), with the part of them in which another process's I/O kept the device busy ({@link
 * StartUp#stallsOtherIo}, interval by interval, as the run's own requests are in flight). A
 * shingled disk's stalls are its shape's evidence and are not said again. Immutable.
 *
 * @param limits the numbers other I/O is read by
 */
record StallDetector(StartUp.Limits limits) implements Detector<Findings.Stalls, StartUp.Limits> {

  /** The stalls of the curve, read from the curve alone (never null; none is zero intervals). */
  @Override
  public Findings.Stalls find(Reading r) {
    Curve c = r.curve();
    int stalls = 0;
    double stallSeconds = 0;
    for (int i = c.from; i < c.n; i++) {
      if (c.stall(i)) {
        stalls++;
        stallSeconds += c.s.intervalSeconds(i);
      }
    }
    return new Findings.Stalls(stalls, stallSeconds, StartUp.stallsOtherIo(c, limits));
  }

  @Override
  public Findings.Stalls in(Findings f) {
    return f.stalls();
  }

  @Override
  public List<Words> evidence(Findings.Stalls s, Analysis a) {
    if (a.shape() == Shape.SMR_STALLS || s.intervals() == 0) {
      return List.of();
    }
    List<Object> figures = new ArrayList<>(List.of(s.intervals(), s.seconds()));
    StringBuilder t = new StringBuilder(s.intervals() == 1 ? "{} interval" : "{} intervals");
    // Seconds of stalls: one decimal below 10 s, as in the figure line.
    t.append(s.seconds() < 10 ? " ({.1} s)" : " ({.0} s)");
    t.append(" in which nothing completed (stalls)");
    Findings.OtherIo o = s.otherIo();
    if (o != null) {
      t.append(
          "; in {time} of them other I/O kept the device busy ({.0}% busy, {gb} that were not"
              + " this run's)");
      figures.addAll(List.of(o.seconds(), o.busyPct(), o.gigabytes()));
    }
    return List.of(new Words(t.append('.').toString(), figures));
  }

  /** The stalls' line among the text's figures, when they took any time. */
  @Override
  public Words figureLine(Findings.Stalls s, Analysis a) {
    if (!(s.seconds() > 0)) {
      return null;
    }
    return Words.of(
        s.seconds() < 10 ? "{.1} s with nothing written" : "{.0} s with nothing written",
        s.seconds());
  }

  @Override
  public void json(Findings.Stalls s, JsonFields out) {
    out.put("stall_s", s == null ? 0 : s.seconds(), 3);
  }
}
