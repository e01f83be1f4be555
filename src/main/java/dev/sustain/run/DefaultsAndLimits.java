package dev.sustain.run;

/** Every default of a run and every limit its options are checked against, in one place. */
public final class DefaultsAndLimits {

  private DefaultsAndLimits() {}

  /** 1 MiB requests: what fio's sequential tests and most reviews use. */
  public static final String BLOCK_SIZE = "1MiB";

  /** 32 requests in flight: enough to keep an NVMe drive busy, as the field reports used. */
  public static final int QUEUE_DEPTH = 32;

  /** One row a second. */
  public static final String INTERVAL = "1s";

  /** The shortest interval: below it a row holds too few requests to mean anything. */
  public static final long MIN_INTERVAL_NANOS = 100_000_000L;

  /** The deepest queue accepted. */
  public static final int MAX_QUEUE_DEPTH = 1024;

  /** The largest request accepted: 64 MiB. */
  public static final int MAX_BLOCK_BYTES = 64 << 20;

  /** A request that has not completed in two minutes means the device stopped answering. */
  public static final String IO_TIMEOUT = "120s";

  public static final String ENGINE = "auto";

  /** --until floor stops once the floor after a cliff has held within +-10% this long. */
  public static final String FLOOR_HOLD = "60s";

  public static final String PATTERN = "random";

  /** A group's --solo-first pass writes each target alone this long: past any start-up. */
  public static final String SOLO_TIME = "10s";
}
