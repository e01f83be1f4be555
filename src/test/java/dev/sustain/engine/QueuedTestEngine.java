package dev.sustain.engine;

import java.nio.file.Path;
import java.util.ArrayDeque;

/**
 * A test engine's common part: a subclass decides in {@link #submit} what a request does and puts
 * the slots that have completed in {@link #done}; a reap hands over every one of them at once, and
 * opening, committing, syncing and closing do nothing unless overridden.
 */
public abstract class QueuedTestEngine implements IoEngine {

  /** Completed slots, handed over in order by the next reap. */
  protected final ArrayDeque<IoSlot> done = new ArrayDeque<>();

  @Override
  public void open(Path path, OpenOptions options, int queueDepth) throws ErrnoException {}

  @Override
  public void commit() throws ErrnoException {}

  @Override
  public int reap(int minCompletions, long timeoutNanos, CompletionSink sink) {
    int n = 0;
    while (!done.isEmpty()) {
      IoSlot slot = done.poll();
      reaped(slot);
      sink.completed(slot);
      n++;
    }
    return n;
  }

  /** Told of each slot as it is handed over (a subclass counting what is in flight). */
  protected void reaped(IoSlot slot) {}

  @Override
  public void sync() throws ErrnoException {}

  @Override
  public void close() throws ErrnoException {}
}
