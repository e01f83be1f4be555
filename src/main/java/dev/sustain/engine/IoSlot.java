package dev.sustain.engine;

import java.lang.foreign.MemorySegment;

/**
 * One request in flight. The runner owns a fixed set of slots, one per unit of queue depth, and
 * reuses them, so the hot path allocates nothing. Not thread-safe: a slot belongs to the runner
 * until it is submitted and to the engine until it is reaped.
 */
public final class IoSlot {

  /** Stable index of this slot, {@code 0 .. queueDepth-1}; engines may use it as a tag. */
  public final int index;

  /** Offset in the target, in bytes. */
  public long offsetBytes;

  /** Length of the request, in bytes. */
  public int lengthBytes;

  /** Where the bytes come from (writes) or go to (reads): native, aligned for direct I/O. */
  public MemorySegment buffer;

  /** {@code true} for a write, {@code false} for a read. */
  public boolean write = true;

  /** {@link System#nanoTime()} when the runner submitted it, for latency. */
  public long submittedNanos;

  /**
   * Set by the engine on completion: the bytes transferred ({@code >= 0}), or a negated errno
   * ({@code < 0}) as the kernel reports it.
   */
  public long result;

  /** Set by an engine that sees an exception rather than an errno; null otherwise. */
  public Throwable failure;

  public IoSlot(int index) {
    this.index = index;
  }

  /** True when the request completed with every byte it asked for. */
  public boolean succeeded() {
    return failure == null && result == lengthBytes;
  }
}
