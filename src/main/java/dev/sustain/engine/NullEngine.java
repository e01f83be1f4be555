package dev.sustain.engine;

import java.nio.file.Path;

/**
 * An engine that does no I/O: every request completes at once with all its bytes. It measures the
 * tool's own ceiling (runner, pattern, sampler) and drives tests of the runner. Single-threaded.
 */
public final class NullEngine implements IoEngine {

  private IoSlot[] done;
  private int doneCount;

  @Override
  public String name() {
    return "null";
  }

  @Override
  public void open(Path path, OpenOptions options, int queueDepth) {
    done = new IoSlot[queueDepth];
    doneCount = 0;
  }

  @Override
  public void submit(IoSlot slot) throws ErrnoException {
    if (done == null) {
      // as the engines that do I/O say after close
      throw new ErrnoException("the null engine is closed", Errno.EBADF);
    }
    if (doneCount == done.length) {
      throw new ErrnoException(
          "null engine: more requests in flight than the queue depth", Errno.EAGAIN);
    }
    slot.result = slot.lengthBytes;
    slot.failure = null;
    done[doneCount++] = slot;
  }

  @Override
  public void commit() {}

  @Override
  public boolean rehearse(boolean on) {
    return true; // it never does I/O
  }

  @Override
  public int reap(int minCompletions, long timeoutNanos, CompletionSink sink) {
    int n = doneCount;
    for (int i = 0; i < n; i++) {
      IoSlot s = done[i];
      done[i] = null;
      sink.completed(s);
    }
    doneCount = 0;
    return n;
  }

  @Override
  public void sync() {}

  @Override
  public void close() {
    done = null;
    doneCount = 0;
  }
}
