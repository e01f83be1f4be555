package dev.sustain.testing;

import dev.sustain.run.WriteParams;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The one place a test builds a {@link WriteParams} field by field: the command line's defaults (1
 * MiB requests at depth 32, one row a second, direct, random data, a 120 s I/O timeout, a 60 s
 * floor hold, preallocated), changed by the fields a test sets.
 */
public final class TestWriteParams {

  private TestWriteParams() {}

  /**
   * {@code write target --size sizeBytes --out out} with the defaults, changed by {@code change}.
   */
  public static WriteParams of(String target, long sizeBytes, Path out, Consumer<Fields> change) {
    Fields f = new Fields();
    f.target = target;
    f.sizeBytes = sizeBytes;
    f.out = out;
    change.accept(f);
    return new WriteParams(
        f.target,
        f.sizeBytes,
        f.duration,
        f.blockBytes,
        f.queueDepth,
        f.intervalNanos,
        f.out,
        f.keep,
        f.buffered,
        f.engine,
        f.pattern,
        f.ioTimeoutNanos,
        f.destroyData,
        f.until,
        f.floorHoldSeconds,
        f.preallocate);
  }

  /**
   * A 4 MiB write at depth 8, a row each 100 ms, not preallocated: over in well under a second, for
   * the tests of what the history knows between one run and the next.
   */
  public static WriteParams smallWrite(String target, Path out) {
    return of(
        target,
        4L << 20,
        out,
        f -> {
          f.queueDepth = 8;
          f.intervalNanos = 100_000_000L;
          f.preallocate = false;
        });
  }

  /** The fields of a {@link WriteParams}, named as the record's, at the command line's defaults. */
  public static final class Fields {
    public String target;
    public long sizeBytes;
    public Duration duration;
    public int blockBytes = 1 << 20;
    public int queueDepth = 32;
    public long intervalNanos = 1_000_000_000L;
    public Path out;
    public boolean keep;
    public boolean buffered;
    public String engine = "auto";
    public String pattern = "random";
    public long ioTimeoutNanos = 120_000_000_000L;
    public boolean destroyData;
    public String until;
    public double floorHoldSeconds = 60;
    public boolean preallocate = true;

    private Fields() {}
  }
}
