package dev.sustain.hub;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * A token bucket per client address: each share takes one token, a bucket holds at most {@code
 * capacity} and gains {@code perMinute} a minute. An empty bucket answers how long until its next
 * token (the 429's Retry-After). Buckets that are full again are forgotten when the table grows, so
 * a flood of addresses costs memory only while they keep sending. Thread-safe.
 */
final class TokenBuckets {

  /** Past this many addresses, full buckets are dropped (they equal a new one). */
  static final int PRUNE_ABOVE = 100_000;

  private final double capacity;
  private final double perNano;
  private final LongSupplier nanoClock;
  private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

  private static final class Bucket {
    double tokens;
    long atNanos;

    Bucket(double tokens, long atNanos) {
      this.tokens = tokens;
      this.atNanos = atNanos;
    }
  }

  TokenBuckets(int perMinute, LongSupplier nanoClock) {
    this.capacity = perMinute;
    this.perNano = perMinute / 60e9;
    this.nanoClock = nanoClock;
  }

  /**
   * Takes a token for {@code address}: 0 when granted, else the whole seconds to wait (1 or more).
   */
  long take(String address) {
    long now = nanoClock.getAsLong();
    if (buckets.size() > PRUNE_ABOVE) {
      buckets.values().removeIf(b -> refilled(b, now) >= capacity);
    }
    Bucket b = buckets.computeIfAbsent(address, a -> new Bucket(capacity, now));
    synchronized (b) {
      b.tokens = refilled(b, now);
      b.atNanos = now;
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.max(1, (long) Math.ceil((1 - b.tokens) / perNano / 1e9));
    }
  }

  private double refilled(Bucket b, long now) {
    return Math.min(capacity, b.tokens + (now - b.atNanos) * perNano);
  }
}
