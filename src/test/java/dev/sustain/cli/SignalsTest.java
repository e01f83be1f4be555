package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The stop signals' handler: the first stops, the second says so once, none ends the process. */
class SignalsTest {

  @Test
  void theFirstSignalStopsAndTheSecondOnlySaysTheCleanUpGoesOn() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Signals.Handler handler =
        new Signals.Handler(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertThat(handler.stop).isFalse();
    handler.received();
    assertThat(handler.stop).isTrue();
    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEmpty();
    handler.received(); // the process goes on (a halt would end this test's JVM)
    handler.received();
    handler.received();
    assertThat(bytes.toString(StandardCharsets.UTF_8).lines()).containsExactly(Signals.CLEANING_UP);
  }

  @Test
  void intTermAndHupStopARun() {
    assertThat(Signals.STOPPING).containsExactlyInAnyOrder("INT", "TERM", "HUP");
  }
}
