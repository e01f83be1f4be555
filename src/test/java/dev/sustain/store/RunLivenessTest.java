package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.run.RunProcess;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The status a reader shows for a run recorded as running, on this JVM's real process: alive is
 * running however long its drive has been silent; another host's (or a pid-less) run is stale only
 * once its rows stop; the statuses runs report pass through.
 */
class RunLivenessTest {

  private static final String HERE = RunProcess.thisHost();
  private static final long SELF = ProcessHandle.current().pid();

  @Test
  void aLiveProcessIsRunningHoweverLongSinceItsLastRow() {
    Instant started = Instant.now();
    long hourLater = started.plus(Duration.ofHours(1)).toEpochMilli();
    assertThat(RunLiveness.shown("running", HERE, SELF, started, started, hourLater))
        .isEqualTo("running");
  }

  @Test
  void aRunThatCannotBeCheckedIsStaleOnlyOnceItsRowsStop() {
    Instant started = Instant.now().minus(Duration.ofMinutes(30));
    Instant lastRow = started.plus(Duration.ofMinutes(20));
    long justBefore = lastRow.toEpochMilli() + RunLiveness.STALE_MILLIS;
    for (String host : new String[] {HERE + "-elsewhere", HERE}) {
      Long pid = host.equals(HERE) ? null : SELF; // a pid-less run of this host cannot be checked
      assertThat(RunLiveness.shown("running", host, pid, started, lastRow, justBefore))
          .as(host)
          .isEqualTo("running");
      assertThat(RunLiveness.shown("running", host, pid, started, lastRow, justBefore + 1))
          .as(host)
          .isEqualTo("stale");
    }
  }

  @Test
  void aGoneProcessIsKilledAtOnceAndEndedRunsPassThrough() {
    Instant beforeThisJvm =
        ProcessHandle.current().info().startInstant().orElseThrow().minusSeconds(60);
    long now = System.currentTimeMillis();
    assertThat(RunLiveness.shown("running", HERE, SELF, beforeThisJvm, beforeThisJvm, now))
        .isEqualTo("killed");
    for (String ended : new String[] {"complete", "interrupted", "failed", "killed"}) {
      assertThat(RunLiveness.shown(ended, HERE, SELF, beforeThisJvm, beforeThisJvm, now))
          .isEqualTo(ended);
    }
  }
}
