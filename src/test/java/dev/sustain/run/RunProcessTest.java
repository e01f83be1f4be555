package dev.sustain.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.run.RunProcess.State;
import dev.sustain.testing.Await;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A run's process told apart on real processes: a live one is alive, a killed one is gone, a live
 * process that started after the run (a reused pid) is not the run's, and another host's run or one
 * without a pid is never called either.
 */
class RunProcessTest {

  private static final long SELF = ProcessHandle.current().pid();

  private static Instant selfStart() {
    return ProcessHandle.current().info().startInstant().orElseThrow();
  }

  @Test
  void aLiveProcessThatStartedBeforeTheRunIsAlive() {
    assertThat(RunProcess.of(RunProcess.thisHost(), SELF, Instant.now())).isEqualTo(State.ALIVE);
    // Its start read a little after the run's (clock resolution) is still the run's own.
    assertThat(RunProcess.of(RunProcess.thisHost(), SELF, selfStart().minusMillis(1500)))
        .isEqualTo(State.ALIVE);
  }

  @Test
  void aKilledProcessIsGone() throws Exception {
    Process child = new ProcessBuilder("sleep", "600").start();
    try {
      Instant runStarted = Instant.now();
      long pid = child.pid();
      Await.until(
          "the child's start is readable",
          () -> ProcessHandle.of(pid).flatMap(h -> h.info().startInstant()).isPresent());
      assertThat(RunProcess.of(RunProcess.thisHost(), pid, runStarted)).isEqualTo(State.ALIVE);
      child.destroyForcibly();
      Await.ended(child, "the killed child");
      Await.until(
          "the killed child's pid is free or someone else's",
          () -> RunProcess.of(RunProcess.thisHost(), pid, runStarted) == State.GONE);
    } finally {
      child.destroyForcibly();
    }
  }

  @Test
  void aLiveProcessThatStartedAfterTheRunIsNotTheRun() {
    // This JVM's pid in a run that started an hour before this JVM: the pid was reused.
    Instant runStarted = selfStart().minus(Duration.ofHours(1));
    assertThat(RunProcess.of(RunProcess.thisHost(), SELF, runStarted)).isEqualTo(State.GONE);
    assertThat(RunProcess.of(RunProcess.thisHost(), SELF, selfStart().minusSeconds(10)))
        .as("ten seconds after the run started")
        .isEqualTo(State.GONE);
  }

  @Test
  void anotherHostsRunOrOneWithoutAPidCannotBeKnown() {
    assertThat(RunProcess.of(RunProcess.thisHost() + "-elsewhere", SELF, Instant.now()))
        .as("a live pid here says nothing of another host's run")
        .isEqualTo(State.UNKNOWN);
    assertThat(RunProcess.of(RunProcess.thisHost() + "-elsewhere", Long.MAX_VALUE, Instant.now()))
        .as("nor does a missing one")
        .isEqualTo(State.UNKNOWN);
    assertThat(RunProcess.of(RunProcess.thisHost(), null, Instant.now())).isEqualTo(State.UNKNOWN);
    assertThat(RunProcess.of(null, SELF, Instant.now())).isEqualTo(State.UNKNOWN);
  }
}
