package dev.sustain.run;

import dev.sustain.device.RunSensors;
import dev.sustain.sampling.CpuClock;
import dev.sustain.sampling.IntervalProbe;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.SampleListener;
import dev.sustain.sampling.Sampler;
import dev.sustain.sampling.SamplerThread;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.sampling.TemperatureSensor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A sampling session, the one lifecycle of every measuring command's samples: one {@link
 * RunCounters}, one {@link Sampler} on its own thread and one {@code samples.csv}, across any
 * number of jobs. A write runs the {@link Runner} once, a fill once per file, a copy writes and
 * reads many files, a read or verify reads one: all into one series. Opened, listened to and begun
 * on one thread and finished on it; the counters are written by that thread only.
 */
public final class SamplingSession implements AutoCloseable {

  private final RunCounters counters;
  private final Sampler sampler;
  private final SamplesCsv csv;
  private SamplerThread thread;
  private boolean finished;
  private IOException closeFailure;

  private SamplingSession(RunCounters counters, Sampler sampler, SamplesCsv csv) {
    this.counters = counters;
    this.sampler = sampler;
    this.csv = csv;
  }

  /**
   * Creates {@code samples.csv} in the folder with its header; the clock starts at {@link #begin}.
   *
   * @param counters the counters the session's jobs add to; new, made by the caller so that
   *     listeners can read them
   * @param rateColumn the name of the second column ({@code write_MBps} or {@code read_MBps})
   * @param probes extra columns, read every interval
   */
  public static SamplingSession open(
      RunFolder folder,
      String rateColumn,
      long intervalNanos,
      RunCounters counters,
      TemperatureSensor temperature,
      List<IntervalProbe> probes)
      throws IOException {
    Sampler sampler =
        new Sampler(
            NanoClock.SYSTEM, CpuClock.PROCESS, counters, temperature, probes, intervalNanos);
    SamplesCsv csv = new SamplesCsv(folder.samplesCsv(), rateColumn, sampler.extraColumns());
    sampler.addListener(csv);
    return new SamplingSession(counters, sampler, csv);
  }

  /** Tells {@code listener} of every row after it is in the CSV (live progress, rate figures). */
  public void listen(SampleListener listener) {
    sampler.addListener(listener);
  }

  /**
   * Starts the clock (time zero of samples.csv) and the sampler's thread, in {@code phase}.
   *
   * @param ready told first, when the run is set up: it may block until the run may start (a
   *     group's start line, {@link RunObserver#ready()})
   */
  public void begin(String phase, Runnable ready) {
    ready.run();
    sampler.phase(phase);
    CpuClock.PROCESS.cpuNanos(); // loads the JVM's CPU clock now, not inside the first interval
    sampler.begin();
    thread = new SamplerThread(sampler);
    thread.start();
  }

  /**
   * Opens the session and begins it writing: {@link #open}, {@link #listen} and {@link #begin} at
   * once.
   *
   * @param listeners told of every row after it is in the CSV (live progress)
   */
  public static SamplingSession start(
      RunFolder folder,
      String rateColumn,
      long intervalNanos,
      RunCounters counters,
      TemperatureSensor temperature,
      List<IntervalProbe> probes,
      List<SampleListener> listeners,
      Runnable ready)
      throws IOException {
    SamplingSession s = open(folder, rateColumn, intervalNanos, counters, temperature, probes);
    listeners.forEach(s::listen);
    s.begin(SamplesCsv.WRITE, ready);
    return s;
  }

  /**
   * Starts a writing session that samples the drive's sensors (temperature, system CPU, device
   * counters) and {@code extra} columns; closes the sensors when it cannot start.
   */
  public static SamplingSession startOnDrive(
      RunFolder folder,
      long intervalNanos,
      RunCounters counters,
      RunSensors sensors,
      List<IntervalProbe> extra,
      SampleListener listener,
      Runnable ready)
      throws IOException {
    List<IntervalProbe> probes = new ArrayList<>(sensors.probes());
    probes.addAll(extra);
    try {
      return start(
          folder,
          SamplesCsv.FIXED_COLUMNS.get(1),
          intervalNanos,
          counters,
          sensors.temperature(),
          probes,
          List.of(listener),
          ready);
    } catch (IOException | RuntimeException e) {
      sensors.close();
      throw e;
    }
  }

  /**
   * What the session does from now on ({@code write}, {@code flush}, {@code read}, ...): ends the
   * interval in progress so that no row mixes two phases (see {@link Sampler#phase(String)}).
   *
   * @return where the new phase begins in samples.csv (seconds since the start): a figure over a
   *     phase takes its times from here, so that it is the record's
   */
  public double phase(String phase) {
    return sampler.phase(phase);
  }

  /** The seconds of {@code phase}'s rows so far, as samples.csv shows their lengths. */
  public double phaseSeconds(String phase) {
    return sampler.phaseSeconds(phase);
  }

  /** The bytes of {@code phase}'s rows so far. */
  public long phaseBytes(String phase) {
    return sampler.phaseBytes(phase);
  }

  /** The counters every job of the session adds its completions to. */
  public RunCounters counters() {
    return counters;
  }

  /** Seconds since the session started (time zero of samples.csv). */
  public double elapsedSeconds() {
    return (System.nanoTime() - sampler.startNanos()) / 1e9;
  }

  /**
   * The session's time: after {@link #finish}, the last row's time_s (the record's end, which every
   * figure of the run uses); while it goes, the seconds since the start.
   */
  public double seconds() {
    return finished ? sampler.recordedSeconds() : elapsedSeconds();
  }

  /** The sampler's start on {@link System#nanoTime()}. */
  public long startNanos() {
    return sampler.startNanos();
  }

  /**
   * Stops sampling, makes the final (shorter) row and closes the CSV.
   *
   * @return a failure of the sampler thread (the CSV could not be written), or null
   */
  public Throwable finish() throws IOException {
    if (finished) {
      return failure();
    }
    finished = true;
    try {
      if (thread != null) {
        thread.finish();
      }
    } finally {
      try {
        csv.close(); // writes the rows a full disk held back, now that the run gave room back
      } catch (IOException e) {
        closeFailure = e;
      }
    }
    return failure();
  }

  /**
   * The rows' failure so far (e.g. a run folder's disk that stayed full, so rows held back could
   * not be written even at the end), or null.
   */
  public Throwable failure() {
    Throwable listener = thread == null ? null : thread.failure();
    return listener != null ? listener : closeFailure;
  }

  /** Finishes the session if that has not happened (an exception on the way out). */
  @Override
  public void close() throws IOException {
    finish();
  }
}
