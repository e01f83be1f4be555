package dev.sustain.analysis;

import java.util.Arrays;

/**
 * A write-rate curve: one sample per interval, held in primitive arrays so that a 28-hour run of
 * 100,000 one-second samples stays small and fast. Times are seconds at the <em>end</em> of each
 * interval; rates are MB/s (10^6 B/s); bytes are the bytes completed in the interval (derived from
 * rate x interval when the source has none). Temperature (°C) and CPU (percent, 100 = one core) are
 * NaN where no sensor reported. Context: the media, the link's practical ceiling in MB/s (NaN when
 * unknown), the CPU core count (0 when unknown), the whole-run average a run folder reported
 * including its flush (NaN when none), the seconds of the final flush, which are not samples of the
 * curve (0 when none or unknown), and the size of one request in bytes (0 when unknown: a plain CSV
 * or a fio log), the grain in which an interval's bytes come. What tells the start-up apart when
 * the run recorded it: the time its first request completed, the most it could have had in flight
 * (bytes: queue depth x request size), and per interval the longest latency and the device's own
 * bytes (read and written, this run's and any other process's) and utilisation, from the kernel's
 * counters (NaN or -1 where unknown). Immutable and thread-safe; build it with {@link #builder}.
 */
public final class SampleSeries {

  private final double[] timeSeconds;
  private final double[] writeMBps;
  private final long[] bytes;
  private final double[] intervalSeconds;
  private final double[] tempC;
  private final double[] cpuPct;
  private final Media media;
  private final double linkCeilingMBps;
  private final int cpuCores;
  private final double reportedAverageMBps;
  private final double flushSeconds;
  private final long requestBytes;
  private final boolean hasTemperature;
  private final boolean hasCpu;
  private final double[] latMaxMs;
  private final long[] deviceBytes;
  private final double[] deviceUtilPct;
  private final double firstCompletionSeconds;
  private final long inFlightBytes;

  private SampleSeries(Builder b) {
    int n = b.size;
    this.timeSeconds = Arrays.copyOf(b.time, n);
    this.writeMBps = Arrays.copyOf(b.rate, n);
    this.tempC = Arrays.copyOf(b.temp, n);
    this.cpuPct = Arrays.copyOf(b.cpu, n);
    this.media = b.media;
    this.linkCeilingMBps = b.linkCeilingMBps;
    this.cpuCores = b.cpuCores;
    this.reportedAverageMBps = b.reportedAverageMBps;
    this.flushSeconds = b.flushSeconds;
    this.requestBytes = b.requestBytes;
    this.latMaxMs = Arrays.copyOf(b.latMax, n);
    this.deviceBytes = Arrays.copyOf(b.devBytes, n);
    this.deviceUtilPct = Arrays.copyOf(b.devUtil, n);
    this.firstCompletionSeconds = b.firstCompletionSeconds;
    this.inFlightBytes = b.inFlightBytes;
    this.intervalSeconds = intervals(timeSeconds);
    this.bytes = new long[n];
    boolean anyTemp = false;
    boolean anyCpu = false;
    for (int i = 0; i < n; i++) {
      long given = b.bytes[i];
      bytes[i] = given >= 0 ? given : Math.round(writeMBps[i] * intervalSeconds[i] * 1_000_000.0);
      anyTemp |= !Double.isNaN(tempC[i]);
      anyCpu |= !Double.isNaN(cpuPct[i]);
    }
    this.hasTemperature = anyTemp;
    this.hasCpu = anyCpu;
  }

  /**
   * The length of each interval. The first sample's interval is its own end time when that looks
   * like one step from a start at zero, otherwise the typical step (a log may start at any time).
   */
  private static double[] intervals(double[] t) {
    int n = t.length;
    double[] dt = new double[n];
    if (n == 0) {
      return dt;
    }
    double typical;
    if (n == 1) {
      typical = t[0] > 0 ? t[0] : 1.0;
    } else if (n == 2) {
      // The last interval of a run is usually a short remainder: it says nothing of the rest.
      typical = t[0] > 0 ? t[0] : t[1] - t[0];
    } else {
      double[] d = new double[n - 2];
      for (int i = 1; i < n - 1; i++) {
        d[i - 1] = t[i] - t[i - 1];
      }
      typical = Stats.median(d);
    }
    dt[0] = t[0] > 0 && t[0] <= 1.5 * typical ? t[0] : typical;
    for (int i = 1; i < n; i++) {
      dt[i] = t[i] - t[i - 1];
    }
    return dt;
  }

  /** A builder expecting about {@code expectedSamples} samples (it grows as needed). */
  public static Builder builder(int expectedSamples) {
    return new Builder(expectedSamples);
  }

  /**
   * A series of rates only, e.g. for tests: {@code time_s} and {@code write_MBps}, media unknown.
   */
  public static SampleSeries of(double[] timeSeconds, double[] writeMBps) {
    if (timeSeconds.length != writeMBps.length) {
      throw new IllegalArgumentException("times and rates differ in length");
    }
    Builder b = builder(timeSeconds.length);
    for (int i = 0; i < timeSeconds.length; i++) {
      b.add(timeSeconds[i], writeMBps[i]);
    }
    return b.build();
  }

  /** The same samples with another media. */
  public SampleSeries withMedia(Media newMedia) {
    return toBuilder().media(newMedia).build();
  }

  /** A builder holding these samples and context, to change the context. */
  public Builder toBuilder() {
    Builder b = builder(size());
    for (int i = 0; i < size(); i++) {
      b.add(timeSeconds[i], writeMBps[i], bytes[i], tempC[i], cpuPct[i]);
      b.device(latMaxMs[i], deviceBytes[i], deviceUtilPct[i]);
    }
    return b.media(media)
        .firstCompletionSeconds(firstCompletionSeconds)
        .inFlightBytes(inFlightBytes)
        .linkCeilingMBps(linkCeilingMBps)
        .cpuCores(cpuCores)
        .reportedAverageMBps(reportedAverageMBps)
        .flushSeconds(flushSeconds)
        .requestBytes(requestBytes);
  }

  public int size() {
    return timeSeconds.length;
  }

  /** Seconds from the run's start to the end of interval {@code i}. */
  public double timeSeconds(int i) {
    return timeSeconds[i];
  }

  /** Seconds from the run's start to the beginning of interval {@code i}. */
  public double startSeconds(int i) {
    return timeSeconds[i] - intervalSeconds[i];
  }

  public double intervalSeconds(int i) {
    return intervalSeconds[i];
  }

  public double writeMBps(int i) {
    return writeMBps[i];
  }

  /** Bytes completed in interval {@code i}. */
  public long bytes(int i) {
    return bytes[i];
  }

  /** Drive temperature in °C at interval {@code i}, NaN when not known. */
  public double tempC(int i) {
    return tempC[i];
  }

  /** The process's CPU in percent of one core at interval {@code i}, NaN when not known. */
  public double cpuPct(int i) {
    return cpuPct[i];
  }

  public boolean hasTemperature() {
    return hasTemperature;
  }

  public boolean hasCpu() {
    return hasCpu;
  }

  public Media media() {
    return media;
  }

  /** The link's practical ceiling in MB/s, NaN when unknown. */
  public double linkCeilingMBps() {
    return linkCeilingMBps;
  }

  /** CPU cores of the machine that wrote, 0 when unknown. */
  public int cpuCores() {
    return cpuCores;
  }

  /** The whole-run average (flush included) a run folder reported, NaN when none. */
  public double reportedAverageMBps() {
    return reportedAverageMBps;
  }

  /** Seconds of the final flush (the fsync after the last write), 0 when none or unknown. */
  public double flushSeconds() {
    return flushSeconds;
  }

  /**
   * The size of one write request in bytes (the mean when they differ), 0 when unknown: an
   * interval's bytes are a whole number of these, so a level's rate is never steadier than one
   * request per interval.
   */
  public long requestBytes() {
    return requestBytes;
  }

  /** The longest latency of a request completed in interval {@code i}, ms; NaN when unknown. */
  public double latMaxMs(int i) {
    return latMaxMs[i];
  }

  /**
   * The bytes the device itself read and wrote in interval {@code i} (the kernel's counters: this
   * run's and any other process's), -1 when unknown.
   */
  public long deviceBytes(int i) {
    return deviceBytes[i];
  }

  /** How busy the device was in interval {@code i}, percent of the time; NaN when unknown. */
  public double deviceUtilPct(int i) {
    return deviceUtilPct[i];
  }

  /**
   * Seconds from the start of the first interval to the completion of the run's first request, as
   * the run recorded it; NaN when not recorded (a plain CSV, a fio log, an older run).
   */
  public double firstCompletionSeconds() {
    return firstCompletionSeconds;
  }

  /**
   * The most bytes the run could have had at the device at once (queue depth x request size), 0
   * when unknown: device bytes beyond it, while none of the run's completed, were another's.
   */
  public long inFlightBytes() {
    return inFlightBytes;
  }

  /** A copy of the rates (MB/s). */
  public double[] writeMBpsArray() {
    return writeMBps.clone();
  }

  /** A copy of the end times (s). */
  public double[] timeSecondsArray() {
    return timeSeconds.clone();
  }

  /** Seconds from the start of the first interval to the end of the last. */
  public double durationSeconds() {
    return size() == 0 ? 0 : timeSeconds[size() - 1] - startSeconds(0);
  }

  public long totalBytes() {
    long sum = 0;
    for (long b : bytes) {
      sum += b;
    }
    return sum;
  }

  /** Collects samples in time order. Not thread-safe. */
  public static final class Builder {
    private double[] time;
    private double[] rate;
    private long[] bytes;
    private double[] temp;
    private double[] cpu;
    private int size;
    private Media media = Media.UNKNOWN;
    private double linkCeilingMBps = Double.NaN;
    private int cpuCores;
    private double reportedAverageMBps = Double.NaN;
    private double flushSeconds;
    private long requestBytes;
    private double[] latMax;
    private long[] devBytes;
    private double[] devUtil;
    private double firstCompletionSeconds = Double.NaN;
    private long inFlightBytes;

    private Builder(int expected) {
      int cap = Math.max(16, expected);
      time = new double[cap];
      rate = new double[cap];
      bytes = new long[cap];
      temp = new double[cap];
      cpu = new double[cap];
      latMax = new double[cap];
      devBytes = new long[cap];
      devUtil = new double[cap];
    }

    /** Adds a sample with a rate only. */
    public Builder add(double timeSeconds, double writeMBps) {
      return add(timeSeconds, writeMBps, -1, Double.NaN, Double.NaN);
    }

    /**
     * Adds a sample.
     *
     * @param timeSeconds end of the interval, greater than the previous sample's
     * @param writeMBps the rate in MB/s, finite and not negative
     * @param bytes bytes completed in the interval, or -1 to derive them from the rate
     * @param tempC temperature, NaN when unknown
     * @param cpuPct CPU percent (100 = one core), NaN when unknown
     * @throws IllegalArgumentException when a value is impossible
     */
    public Builder add(
        double timeSeconds, double writeMBps, long bytes, double tempC, double cpuPct) {
      if (!Double.isFinite(timeSeconds) || timeSeconds < 0) {
        throw new IllegalArgumentException("time_s must be a finite number >= 0: " + timeSeconds);
      }
      if (size > 0 && timeSeconds <= time[size - 1]) {
        throw new IllegalArgumentException(
            "time_s must increase: " + timeSeconds + " after " + time[size - 1]);
      }
      if (!Double.isFinite(writeMBps) || writeMBps < 0) {
        throw new IllegalArgumentException("write_MBps must be a finite number >= 0: " + writeMBps);
      }
      if (size == time.length) {
        int cap = size * 2;
        time = Arrays.copyOf(time, cap);
        rate = Arrays.copyOf(rate, cap);
        this.bytes = Arrays.copyOf(this.bytes, cap);
        temp = Arrays.copyOf(temp, cap);
        cpu = Arrays.copyOf(cpu, cap);
        latMax = Arrays.copyOf(latMax, cap);
        devBytes = Arrays.copyOf(devBytes, cap);
        devUtil = Arrays.copyOf(devUtil, cap);
      }
      time[size] = timeSeconds;
      latMax[size] = Double.NaN;
      devBytes[size] = -1;
      devUtil[size] = Double.NaN;
      rate[size] = writeMBps;
      this.bytes[size] = bytes;
      temp[size] = tempC;
      cpu[size] = cpuPct;
      size++;
      return this;
    }

    /**
     * Sets what the last sample added knows of its latency and of the device: the longest latency
     * in ms (NaN when unknown), the device's own bytes read and written (-1 when unknown) and its
     * utilisation in percent (NaN when unknown).
     */
    public Builder device(double latMaxMs, long deviceBytes, double deviceUtilPct) {
      if (size == 0) {
        throw new IllegalStateException("no sample to describe");
      }
      latMax[size - 1] = latMaxMs >= 0 ? latMaxMs : Double.NaN;
      devBytes[size - 1] = Math.max(-1, deviceBytes);
      devUtil[size - 1] = deviceUtilPct >= 0 ? deviceUtilPct : Double.NaN;
      return this;
    }

    /** When the first request completed, seconds from the first interval's start; NaN for none. */
    public Builder firstCompletionSeconds(double seconds) {
      this.firstCompletionSeconds = seconds >= 0 && Double.isFinite(seconds) ? seconds : Double.NaN;
      return this;
    }

    /** The most bytes the run could have in flight; 0 (or anything not positive) for unknown. */
    public Builder inFlightBytes(long bytes) {
      this.inFlightBytes = Math.max(0, bytes);
      return this;
    }

    public int size() {
      return size;
    }

    public Builder media(Media media) {
      this.media = media == null ? Media.UNKNOWN : media;
      return this;
    }

    /** The link's practical ceiling in MB/s; NaN or 0 for unknown. */
    public Builder linkCeilingMBps(double mbps) {
      this.linkCeilingMBps = mbps > 0 ? mbps : Double.NaN;
      return this;
    }

    public Builder cpuCores(int cores) {
      this.cpuCores = Math.max(0, cores);
      return this;
    }

    /** The whole-run average a run folder reported, flush included; NaN or 0 for none. */
    public Builder reportedAverageMBps(double mbps) {
      this.reportedAverageMBps = mbps > 0 ? mbps : Double.NaN;
      return this;
    }

    /** Seconds of the final flush, outside the samples; 0 (or anything not positive) for none. */
    public Builder flushSeconds(double seconds) {
      this.flushSeconds = seconds > 0 && Double.isFinite(seconds) ? seconds : 0;
      return this;
    }

    /** The size of one request in bytes; 0 (or anything not positive) for unknown. */
    public Builder requestBytes(long bytes) {
      this.requestBytes = Math.max(0, bytes);
      return this;
    }

    public SampleSeries build() {
      return new SampleSeries(this);
    }
  }
}
