package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Threads of one process opening a new history at once (a group's runs, a run's warm-up beside its
 * recorder) each get it, migrated once: a file lock is the process's, so without turns inside the
 * process the second thread's lock failed at once (OverlappingFileLockException) instead of
 * waiting.
 */
class OneProcessMigratesTest {

  @TempDir Path temp;

  private static final int THREADS = 6;
  private static final int ROUNDS = 4;

  @Test
  void threadsOpeningANewHistoryAtOnceAllGetIt() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      for (int round = 0; round < ROUNDS; round++) {
        DbLocation history = DbLocation.sqlite(temp.resolve("h" + round + ".db"));
        CyclicBarrier together = new CyclicBarrier(THREADS);
        List<Future<Long>> opened = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          opened.add(
              pool.submit(
                  () -> {
                    together.await(60, TimeUnit.SECONDS);
                    try (RunStore store = RunStore.open(history)) {
                      return store.count();
                    }
                  }));
        }
        for (Future<Long> f : opened) {
          assertThat(f.get(120, TimeUnit.SECONDS)).isZero(); // a failure here is the exception
        }
        assertThat(temp.resolve("h" + round + ".db.migrate-lock")).doesNotExist();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
