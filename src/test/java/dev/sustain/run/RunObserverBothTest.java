package dev.sustain.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** {@link RunObserver#both} tells the first observer, then the second, of every event there is. */
class RunObserverBothTest {

  /** An observer that writes "tag:event" into {@code log} for whatever it is told. */
  private static RunObserver logging(String tag, List<String> log) {
    return (RunObserver)
        Proxy.newProxyInstance(
            RunObserver.class.getClassLoader(),
            new Class<?>[] {RunObserver.class},
            (proxy, method, args) -> {
              log.add(tag + ":" + method.getName());
              return null;
            });
  }

  /** An observer told only of notes, each handed to {@code onNote}. */
  private static RunObserver noting(Consumer<String> onNote) {
    return new RunObserver() {
      @Override
      public void note(String message) {
        onNote.accept(message);
      }
    };
  }

  private static Object blank(Class<?> type) {
    if (type == long.class) {
      return 0L;
    }
    if (type == double.class) {
      return 0.0;
    }
    return null;
  }

  @Test
  void everyEventReachesTheFirstThenTheSecond() throws Exception {
    List<Method> events =
        Arrays.stream(RunObserver.class.getDeclaredMethods())
            .filter(m -> !Modifier.isStatic(m.getModifiers()))
            .toList();
    assertThat(events).as("the events of RunObserver").hasSizeGreaterThanOrEqualTo(8);
    for (Method event : events) {
      List<String> log = new ArrayList<>();
      RunObserver both = RunObserver.both(logging("a", log), logging("b", log));
      Object[] args = Arrays.stream(event.getParameterTypes()).map(t -> blank(t)).toArray();
      event.invoke(both, args);
      assertThat(log)
          .as("%s is forwarded to both, in order", event.getName())
          .containsExactly("a:" + event.getName(), "b:" + event.getName());
    }
  }

  @Test
  void whatTheFirstThrowsComesOutAsItIsAndTheSecondIsNotTold() {
    List<String> log = new ArrayList<>();
    RunObserver failing =
        noting(
            message -> {
              throw new IllegalStateException("full: " + message);
            });
    RunObserver both = RunObserver.both(failing, logging("b", log));
    assertThatThrownBy(() -> both.note("x"))
        .isExactlyInstanceOf(IllegalStateException.class)
        .hasMessage("full: x");
    assertThat(log).isEmpty();
    assertThat(both).isEqualTo(both).isNotEqualTo(RunObserver.both(failing, failing));
    assertThat(both.hashCode()).isEqualTo(both.hashCode());
    assertThat(both.toString()).startsWith("RunObserver.both(");
  }

  /** A command's own observer type: one event of its own beside a run's. */
  interface Passes extends RunObserver {
    default void passDone(int pass) {}
  }

  @Test
  void aCommandsOwnEventsReachTheObserverOfItsTypeAndARunsEventsReachBoth() {
    List<String> log = new ArrayList<>();
    RunObserver recorder = noting(message -> log.add("recorder:" + message));
    Passes screen =
        new Passes() {
          @Override
          public void note(String message) {
            log.add("screen:" + message);
          }

          @Override
          public void passDone(int pass) {
            log.add("screen:pass " + pass);
          }
        };
    Passes both = RunObserver.both(Passes.class, recorder, screen);
    both.note("n");
    both.passDone(2);
    assertThat(log).containsExactly("recorder:n", "screen:n", "screen:pass 2");
  }
}
