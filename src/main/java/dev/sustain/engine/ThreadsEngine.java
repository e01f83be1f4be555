package dev.sustain.engine;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The portable engine: positional {@link FileChannel} reads and writes from a pool of as many
 * threads as the queue depth, so that {@code qd} requests are really in the kernel at once. Works
 * wherever Java does; O_DIRECT through {@link ExtendedOpenOption#DIRECT}.
 */
public final class ThreadsEngine implements IoEngine {

  private FileChannel channel;
  private ExecutorService workers;
  private ArrayBlockingQueue<IoSlot> completed;

  /** Requests complete at once without I/O (see {@link IoEngine#rehearse}); set between runs. */
  private volatile boolean rehearsal;

  @Override
  public String name() {
    return "threads";
  }

  @Override
  public void open(Path path, OpenOptions options, int queueDepth) throws ErrnoException {
    List<OpenOption> opts = new ArrayList<>();
    if (options.write()) {
      opts.add(StandardOpenOption.WRITE);
      if (options.create()) {
        opts.add(StandardOpenOption.CREATE);
      }
    } else {
      opts.add(StandardOpenOption.READ);
    }
    if (options.direct()) {
      opts.add(ExtendedOpenOption.DIRECT);
    }
    try {
      channel = FileChannel.open(path, opts.toArray(OpenOption[]::new));
    } catch (IOException e) {
      throw ErrnoException.from(e);
    }
    completed = new ArrayBlockingQueue<>(queueDepth);
    workers =
        Executors.newFixedThreadPool(
            queueDepth,
            r -> {
              Thread t = new Thread(r, "sustain-io");
              t.setDaemon(true);
              return t;
            });
  }

  @Override
  public void submit(IoSlot slot) throws ErrnoException {
    if (workers == null || workers.isShutdown()) {
      // as the io_uring engine says after close
      throw new ErrnoException("the threads engine is closed", Errno.EBADF);
    }
    workers.execute(() -> perform(slot));
  }

  private void perform(IoSlot slot) {
    if (rehearsal) {
      slot.result = slot.lengthBytes;
      slot.failure = null;
      completed.add(slot);
      return;
    }
    try {
      ByteBuffer buf = slot.buffer.asSlice(0, slot.lengthBytes).asByteBuffer();
      long position = slot.offsetBytes;
      long total = 0;
      // A positional transfer may move fewer bytes than asked; finish the request like the kernel
      // would for a regular file, and stop at end of file on reads.
      while (buf.hasRemaining()) {
        int n = slot.write ? channel.write(buf, position) : channel.read(buf, position);
        if (n < 0) {
          break;
        }
        if (n == 0 && !slot.write) {
          break;
        }
        position += n;
        total += n;
      }
      slot.result = total;
      slot.failure = null;
    } catch (IOException e) {
      // FileChannel gives no errno: found once, here, so callers see a number like io_uring's.
      ErrnoException failure = ErrnoException.from(e);
      slot.result = failure.errno() != 0 ? -failure.errno() : -1;
      slot.failure = failure;
    } catch (RuntimeException e) {
      slot.result = -1;
      slot.failure = e;
    }
    completed.add(slot);
  }

  @Override
  public void commit() {}

  @Override
  public boolean rehearse(boolean on) {
    rehearsal = on;
    return true;
  }

  @Override
  public int reap(int minCompletions, long timeoutNanos, CompletionSink sink)
      throws ErrnoException {
    int n = 0;
    long deadline = System.nanoTime() + timeoutNanos;
    try {
      while (n < minCompletions) {
        long left = deadline - System.nanoTime();
        IoSlot s = completed.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
        if (s == null) {
          return n;
        }
        sink.completed(s);
        n++;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ErrnoException("interrupted while waiting for completions", Errno.EINTR, e);
    }
    IoSlot s;
    while ((s = completed.poll()) != null) {
      sink.completed(s);
      n++;
    }
    return n;
  }

  @Override
  public long directAlignmentBytes(Path folder, long logicalBlockBytes) throws ErrnoException {
    // FileChannel checks O_DIRECT transfers against the file store's block size itself.
    try {
      long fsBlock = java.nio.file.Files.getFileStore(folder).getBlockSize();
      return Math.max(logicalBlockBytes, fsBlock);
    } catch (IOException e) {
      throw ErrnoException.from(e);
    }
  }

  @Override
  public void sync() throws ErrnoException {
    try {
      channel.force(true);
    } catch (IOException e) {
      throw ErrnoException.from(e);
    }
  }

  @Override
  public void close() throws ErrnoException {
    if (workers != null) {
      workers.shutdownNow();
      try {
        // A request stuck in the kernel (a vanished device) must not hang the end of the run.
        workers.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException e) {
        throw ErrnoException.from(e);
      }
    }
  }
}
