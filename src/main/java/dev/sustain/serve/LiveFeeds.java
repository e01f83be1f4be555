package dev.sustain.serve;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.LivePhase;
import dev.sustain.run.RunProcess;
import dev.sustain.store.RunLiveness;
import dev.sustain.store.RunQuery;
import dev.sustain.store.RunRecord;
import dev.sustain.store.SampleStore;
import dev.sustain.store.StoreException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The rows of runs that viewers are watching, read from the history once per poll however many
 * viewers there are: one feed per run, shared by its viewers, polled by one thread while anyone
 * watches. The history is polled (not told) so that rows written by another host's run arrive the
 * same way as this host's. Thread-safe.
 */
final class LiveFeeds implements AutoCloseable {

  /**
   * A running run that cannot be checked from here (another host's) with no new row for this long
   * is taken for dead (killed, or cut off): its feed ends as stale, as the history shows it.
   */
  static final long STALE_MILLIS = RunLiveness.STALE_MILLIS;

  private final RunQuery runs;
  private final SampleStore samples;
  private final long pollMillis;
  private final Map<String, Feed> feeds = new HashMap<>();
  private volatile boolean closed;
  private final ScheduledExecutorService poller =
      Executors.newSingleThreadScheduledExecutor(
          r -> Thread.ofPlatform().name("sustain-live-poll").daemon().unstarted(r));

  LiveFeeds(RunQuery runs, SampleStore samples, long pollMillis) {
    this.runs = runs;
    this.samples = samples;
    this.pollMillis = pollMillis;
    poller.scheduleWithFixedDelay(this::pollAll, pollMillis, pollMillis, TimeUnit.MILLISECONDS);
  }

  /** The feed of {@code run}, read up to now; give it back with {@link #release}. */
  Feed watch(RunRecord run) {
    Feed feed;
    synchronized (feeds) {
      feed = feeds.computeIfAbsent(run.runId(), id -> new Feed(run));
      feed.viewers++;
    }
    synchronized (feed) {
      if (!feed.started) {
        feed.started = true;
        feed.poll(runs, samples);
      }
    }
    return feed;
  }

  void release(Feed feed) {
    synchronized (feeds) {
      if (--feed.viewers == 0) {
        feeds.remove(feed.runId);
      }
    }
  }

  /** How many runs are watched now. */
  int watched() {
    synchronized (feeds) {
      return feeds.size();
    }
  }

  private void pollAll() {
    List<Feed> now;
    synchronized (feeds) {
      now = new ArrayList<>(feeds.values());
    }
    for (Feed f : now) {
      synchronized (f) {
        if (!f.ended) {
          f.poll(runs, samples);
        }
      }
    }
  }

  long pollMillis() {
    return pollMillis;
  }

  /** True once the server stops: event streams end rather than wait for rows. */
  boolean closed() {
    return closed;
  }

  @Override
  public void close() {
    closed = true;
    poller.shutdownNow();
    List<Feed> now;
    synchronized (feeds) {
      now = new ArrayList<>(feeds.values());
    }
    for (Feed f : now) {
      synchronized (f) {
        f.notifyAll(); // wakes the viewers waiting in next(), who then see closed()
      }
    }
  }

  /**
   * One run's rows as JSON text (made once, sent to every viewer), its live phase in words after
   * each row, and whether it ended. Guarded by its own monitor; viewers wait on it.
   */
  static final class Feed {
    final String runId;
    private final RunRecord first;
    private int viewers;
    private boolean started;
    private String[] columns;
    private final List<String> rows = new ArrayList<>();
    private final List<Long> seqs = new ArrayList<>();
    private final List<String> phases = new ArrayList<>();
    private final LivePhase phase = new LivePhase();
    private double lastTimeSeconds;
    private long lastSeq = -1;
    private long lastRowMillis = System.currentTimeMillis();
    private boolean ended;
    private String endStatus;

    Feed(RunRecord run) {
      this.runId = run.runId();
      this.first = run;
    }

    /**
     * Reads what is new. The status is read before the rows: a run's rows are stored before its
     * final status, so once a poll sees it ended, the rows read after it are all there are. A run
     * of this host whose process is gone reads as killed (RunLiveness), so its feed ends at this
     * poll; one whose process lives never goes stale, however long its drive stalls.
     */
    private void poll(RunQuery runs, SampleStore samples) {
      try {
        Optional<String> status = runs.status(runId);
        // Stale in the history is judged by the run's clock; a feed judges by the rows it sees
        // arrive (below), which another host's clock cannot skew.
        boolean running =
            status.map(s -> s.equals("running") || s.equals(RunLiveness.STALE)).orElse(false);
        if (columns == null) {
          RunData.Samples all = null;
          String header = samples.header(runId).orElse(null);
          if (header == null && !running) {
            all = RunData.samples(samples, first); // a run recorded before the store kept rows
            header = all.header();
          }
          if (header != null) {
            columns = RunData.columns(header);
          }
          if (all != null) {
            add(all.lines());
          }
        }
        if (columns != null) {
          while (true) {
            List<SampleStore.Line> page = samples.lines(runId, lastSeq, RunData.PAGE_ROWS);
            add(page);
            if (page.size() < RunData.PAGE_ROWS) {
              break;
            }
          }
        }
        if (!running) {
          end(status.orElse("unknown"));
        } else if (System.currentTimeMillis() - lastRowMillis > STALE_MILLIS
            && RunProcess.of(first.host(), first.pid(), first.started())
                != RunProcess.State.ALIVE) {
          // Measured by this reader's clock, as rows arrive: another host's clock may differ.
          end(RunLiveness.STALE);
        }
      } catch (StoreException e) {
        // The history is unreachable for now: viewers keep what they have; the next poll retries.
      }
    }

    private void add(List<SampleStore.Line> lines) {
      if (lines.isEmpty()) {
        return;
      }
      for (SampleStore.Line l : lines) {
        if (l.seq() <= lastSeq) {
          continue;
        }
        ObjectNode row = RunData.row(columns, l.text());
        rows.add(row.toString());
        seqs.add(l.seq());
        double t = row.path("time_s").asDouble(lastTimeSeconds);
        long bytes = row.path("bytes").asLong(0);
        phase.add(Math.max(t - lastTimeSeconds, 1e-9), bytes);
        lastTimeSeconds = t;
        phases.add(phase.describe());
        lastSeq = l.seq();
      }
      lastRowMillis = System.currentTimeMillis();
      notifyAll();
    }

    private void end(String status) {
      ended = true;
      endStatus = status;
      notifyAll();
    }

    /**
     * Rows from index {@code from} on, waiting up to {@code waitMillis} when there are none yet.
     *
     * @return the rows now there (possibly none) and whether the run has ended
     */
    synchronized Batch next(int from, long waitMillis, LiveFeeds owner)
        throws InterruptedException {
      long deadline = System.currentTimeMillis() + waitMillis;
      while (rows.size() <= from && !ended && !owner.closed()) {
        long left = deadline - System.currentTimeMillis();
        if (left <= 0) {
          break;
        }
        wait(left);
      }
      int to = rows.size();
      return new Batch(
          new ArrayList<>(rows.subList(Math.min(from, to), to)),
          new ArrayList<>(seqs.subList(Math.min(from, to), to)),
          to > 0 ? phases.get(to - 1) : null,
          ended && to <= rows.size(),
          endJson(to));
    }

    /** The index of the row after {@code seq}: where a viewer who saw up to it goes on. */
    synchronized int indexAfter(long seq) {
      int i = 0;
      while (i < seqs.size() && seqs.get(i) <= seq) {
        i++;
      }
      return i;
    }

    private String endJson(int rowCount) {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      o.put("run_id", runId);
      o.put("status", endStatus);
      String note = RunLiveness.note(endStatus);
      if (note != null) {
        o.put("status_note", note);
      }
      o.put("rows", rowCount);
      return o.toString();
    }
  }

  /**
   * What a viewer gets in one go.
   *
   * @param rows rows as JSON text
   * @param seqs their places in samples.csv (the SSE ids)
   * @param phase the live phase in words after the last of them, or null
   * @param ended the run ended and these are its last rows
   * @param endJson the {@code end} event's data
   */
  record Batch(List<String> rows, List<Long> seqs, String phase, boolean ended, String endJson) {}
}
