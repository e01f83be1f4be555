package dev.sustain.engine;

import java.lang.foreign.MemorySegment;

/**
 * The buffers registered with an io_uring (fixed buffers): which one, if any, holds a request's
 * bytes. A request is sent fixed only while its buffer's memory is alive, so memory freed and
 * handed out again is never read through pages the kernel pinned before. Searched linearly: there
 * are few (the runner registers one). One thread, as the engine.
 */
final class RegisteredBuffers {

  private long[] starts = new long[0];
  private long[] ends = new long[0];
  private MemorySegment[] segments = new MemorySegment[0];

  /** True when buffers are registered. */
  boolean any() {
    return segments.length > 0;
  }

  /** Records the buffers the kernel accepted, in the order it indexes them. */
  void set(MemorySegment[] buffers) {
    starts = new long[buffers.length];
    ends = new long[buffers.length];
    for (int i = 0; i < buffers.length; i++) {
      starts[i] = buffers[i].address();
      ends[i] = buffers[i].address() + buffers[i].byteSize();
    }
    segments = buffers.clone();
  }

  /** Forgets them (the kernel's registration is dropped by the caller). */
  void clear() {
    set(new MemorySegment[0]);
  }

  /** The index of the registered buffer holding {@code [address, address + length)}, or -1. */
  int indexOf(long address, int length) {
    long[] s = starts;
    for (int i = 0; i < s.length; i++) {
      if (address >= s[i] && address + length <= ends[i] && segments[i].scope().isAlive()) {
        return i;
      }
    }
    return -1;
  }
}
