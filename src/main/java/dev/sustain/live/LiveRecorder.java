package dev.sustain.live;

import dev.sustain.sampling.SampleListener;
import dev.sustain.sampling.SampleRow;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunStore;
import dev.sustain.store.SampleStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records runs in the history while they go: the run with status {@code running} once its first row
 * is made, then its samples.csv rows, a batch per interval, so that a dashboard on any host can
 * draw it. The run's threads only put things in a queue ({@link #begin} from the run's thread,
 * {@link #onSample} from the sampler's); one thread of its own talks to the database, so a slow or
 * unreachable store never slows the run, and its failures are never the run's: rows it could not
 * store are filled in from samples.csv when the run is recorded at its end.
 *
 * <p>One recorder serves runs one after another (the passes of {@code write --repeat}). Thread-safe
 * as described; {@link #close} stops it.
 */
public final class LiveRecorder implements SampleListener, AutoCloseable {

  /** Rows waiting for the database at most; past that the newest wait for the end's fill-in. */
  static final int QUEUE_ROWS = 20_000;

  /** After a failure, the store is left alone this long (the run goes on regardless). */
  static final long RETRY_NANOS = TimeUnit.SECONDS.toNanos(5);

  /** How long the end of a run waits for the rows in the queue to be stored. */
  static final long FINISH_WAIT_MILLIS = 10_000;

  private final DbLocation location;
  private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUE_ROWS);
  private Thread thread; // runs from a run's begin to its finish; guarded by this
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong stored = new AtomicLong();
  private volatile boolean closing;
  private volatile String lastProblem;
  private volatile Path abandoned; // a run whose end no longer waits for this thread

  // The worker's own state.
  private RunStore runs;
  private SampleStore samples;
  private Begun current;
  private final ArrayDeque<SampleStore.Line> pending = new ArrayDeque<>();
  private long quietUntilNanos;

  // Set on the sampler's thread only.
  private long nextSeq;

  /** A run that began: its folder, and its id and header once it is recorded. */
  private static final class Begun {
    final Path folder;
    String runId;
    String header;

    Begun(Path folder) {
      this.folder = folder;
    }
  }

  /**
   * The end of a run: the worker stores what came before it (or, without {@code storeRows), leaves
   * it to the end's record), then {@code done} is counted.
   */
  private record Finish(Path folder, boolean storeRows, java.util.concurrent.CountDownLatch done) {}

  public LiveRecorder(DbLocation location) {
    this.location = location;
  }

  /**
   * A run is starting in {@code runFolder} (its run.json and samples.csv being written). Called on
   * the run's thread before its first row.
   */
  public synchronized void begin(Path runFolder) {
    nextSeq = 0;
    offer(new Begun(runFolder));
    if (thread == null) {
      thread = Thread.ofPlatform().name("sustain-live-store").daemon().unstarted(this::work);
      thread.start();
    }
  }

  /** The worker leaves when a run finished and no other began: true when it may go. */
  private synchronized boolean idleAfterFinish() {
    if (queue.isEmpty()) {
      thread = null;
      return true;
    }
    return false;
  }

  /** A row was appended to samples.csv: queued for the store, never waiting. */
  @Override
  public void onSample(SampleRow row) {
    offer(new SampleStore.Line(nextSeq++, SamplesCsv.line(row)));
  }

  private void offer(Object item) {
    if (!queue.offer(item)) {
      dropped.incrementAndGet(); // filled in from samples.csv at the end
    }
  }

  /**
   * The run in {@code runFolder} is over: waits (a bounded time) until what was queued for it is
   * stored, so that its rows are in the store before its final status.
   */
  public void finish(Path runFolder) {
    finish(runFolder, true);
  }

  /**
   * As {@link #finish(Path)}; without {@code storeRows}, the rows still queued are dropped instead
   * of stored, for an end's record that stores every row of samples.csv itself in its own
   * transaction: the run's end is then one commit, not two.
   */
  public void finish(Path runFolder, boolean storeRows) {
    java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
    try {
      if (!queue.offer(new Finish(runFolder, storeRows, done), 1, TimeUnit.SECONDS)
          || !done.await(FINISH_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
        // The store hangs: the run's end records it without waiting, and this thread must not
        // record it as running afterwards.
        abandoned = runFolder;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Rows stored so far, over every run. */
  public long storedRows() {
    return stored.get();
  }

  /** Rows that found the queue full (stored later from samples.csv). */
  public long droppedRows() {
    return dropped.get();
  }

  /** The last failure of the store in words (no secrets), or null. */
  public String lastProblem() {
    return lastProblem;
  }

  private void work() {
    List<Object> batch = new ArrayList<>();
    try {
      while (!closing || !queue.isEmpty()) {
        Object first = queue.poll(200, TimeUnit.MILLISECONDS);
        if (first == null) {
          flush();
          continue;
        }
        batch.add(first);
        queue.drainTo(batch);
        boolean finished = false;
        for (Object item : batch) {
          switch (item) {
            case Begun b -> {
              flush();
              pending.clear();
              current = b;
              openStores(); // now, while the run prepares: migrating a new history takes seconds
            }
            case SampleStore.Line line -> {
              if (pending.size() >= QUEUE_ROWS) {
                pending.removeLast();
                dropped.incrementAndGet();
              }
              pending.addLast(line);
            }
            case Finish f -> {
              if (f.storeRows()) {
                flush();
              }
              pending.clear();
              current = null;
              f.done().countDown();
              finished = true;
            }
            default -> throw new IllegalStateException("unexpected " + item);
          }
        }
        batch.clear();
        flush();
        if (finished && idleAfterFinish()) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      closeStores();
    }
  }

  /** Records the current run (once) and stores its pending rows; after a failure, waits a while. */
  private void flush() {
    if (current == null || pending.isEmpty() || System.nanoTime() < quietUntilNanos) {
      return;
    }
    try {
      List<SampleStore.Line> rows = new ArrayList<>(pending);
      if (current.runId == null) {
        recordStart(current, rows); // the run and its first rows in one commit
      } else {
        samples.append(current.runId, current.header, rows);
      }
      stored.addAndGet(rows.size());
      pending.clear();
    } catch (RuntimeException e) {
      // The store is down or refused: the run goes on; the rows wait, or come from samples.csv.
      lastProblem = location.scrub(String.valueOf(e.getMessage()));
      quietUntilNanos = System.nanoTime() + RETRY_NANOS;
      closeStores();
    }
  }

  /**
   * The run as run.json says now (status running, and by the first row the device too), with a
   * fresh series of samples (a run id that starts again, a resumed fill, starts a new one) and its
   * first rows, in one transaction.
   */
  private void recordStart(Begun b, List<SampleStore.Line> rows) {
    String header = firstLine(b.folder.resolve("samples.csv"));
    if (header == null) {
      throw new IllegalStateException("no samples.csv header yet in " + b.folder);
    }
    String runJson;
    try {
      runJson = Files.readString(b.folder.resolve("run.json"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + b.folder.resolve("run.json"), e);
    }
    openStoresOrThrow();
    if (b.folder.equals(abandoned)) {
      throw new IllegalStateException("the run in " + b.folder + " ended while the store hung");
    }
    RunRecord run = runs.recordStart(b.folder, runJson, header, rows); // run.json read once
    b.runId = run.runId();
    b.header = header;
  }

  private void openStores() {
    if (System.nanoTime() < quietUntilNanos) {
      return;
    }
    try {
      openStoresOrThrow();
    } catch (RuntimeException e) {
      lastProblem = location.scrub(String.valueOf(e.getMessage()));
      quietUntilNanos = System.nanoTime() + RETRY_NANOS;
      closeStores();
    }
  }

  private void openStoresOrThrow() {
    if (runs == null) {
      runs = RunStore.open(location);
    }
    if (samples == null) {
      samples = SampleStore.open(location);
    }
  }

  private static String firstLine(Path file) {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return r.readLine();
    } catch (IOException e) {
      return null;
    }
  }

  private void closeStores() {
    try {
      if (samples != null) {
        samples.close();
      }
      if (runs != null) {
        runs.close();
      }
    } catch (RuntimeException ignored) {
      // Closing broken connections can fail; they are dropped either way.
    }
    samples = null;
    runs = null;
  }

  /** Stops the worker after what is queued (bounded by {@link #FINISH_WAIT_MILLIS}). */
  @Override
  public void close() {
    closing = true;
    Thread t;
    synchronized (this) {
      t = thread;
    }
    if (t == null) {
      return;
    }
    try {
      t.join(FINISH_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (t.isAlive()) {
      t.interrupt();
    }
  }
}
