package dev.sustain.testing;

import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.sampling.SampleRow;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Every event of {@link RunObserver}, found by reflection, so a test of a forwarder covers an event
 * added later without being edited: each told in a run's order with arguments of its own, and an
 * observer that logs what reaches it.
 */
public final class EveryEvent {

  // A run's order; an event not named here comes after these, by name.
  private static final List<String> ORDER =
      List.of(
          "warning", "note", "started", "ready", "sample", "phase", "kept", "analysed", "finished");

  private EveryEvent() {}

  /** RunObserver's events (its instance methods), in a run's order. */
  public static List<Method> events() {
    return Arrays.stream(RunObserver.class.getDeclaredMethods())
        .filter(m -> !Modifier.isStatic(m.getModifiers()))
        .sorted(
            Comparator.comparingInt(
                    (Method m) ->
                        ORDER.contains(m.getName()) ? ORDER.indexOf(m.getName()) : ORDER.size())
                .thenComparing(Method::getName))
        .toList();
  }

  /** The names of {@link #events()}, in order. */
  public static List<String> names() {
    return events().stream().map(Method::getName).toList();
  }

  /** Tells {@code observer} of every event, in a run's order, as a run in {@code folder} would. */
  public static void tellEvery(RunObserver observer, Path folder) {
    for (Method event : events()) {
      Object[] args =
          Arrays.stream(event.getParameterTypes()).map(t -> argument(t, folder)).toArray();
      try {
        event.invoke(observer, args);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      } catch (InvocationTargetException e) {
        throw new IllegalStateException(event.getName() + " threw", e.getCause());
      }
    }
  }

  /** An observer that adds the name of each event it is told to {@code log}. */
  public static RunObserver logging(List<String> log) {
    return (RunObserver)
        Proxy.newProxyInstance(
            RunObserver.class.getClassLoader(),
            new Class<?>[] {RunObserver.class},
            (proxy, method, args) -> {
              if (method.getDeclaringClass() == Object.class) {
                return method.getName().equals("equals")
                    ? proxy == args[0]
                    : method.getName().equals("hashCode")
                        ? System.identityHashCode(proxy)
                        : "EveryEvent.logging";
              }
              synchronized (log) {
                log.add(method.getName());
              }
              return null;
            });
  }

  /** A fresh log for {@link #logging}. */
  public static List<String> log() {
    return new ArrayList<>();
  }

  private static Object argument(Class<?> type, Path folder) {
    if (type == String.class) {
      return "words";
    }
    if (type == long.class) {
      return 1L << 20;
    }
    if (type == double.class) {
      return 1.0;
    }
    if (type == int.class) {
      return 1;
    }
    if (type == RunObserver.RunInfo.class) {
      return new RunObserver.RunInfo(
          "r1", "write", folder, folder.resolve("test.dat"), "sync", 1 << 20, -1);
    }
    if (type == SampleRow.class) {
      return new SampleRow(
          1, 1, 1.05, 1 << 20, 256, 0.1, 0.2, 0.3, 5, Double.NaN, List.of(), "write");
    }
    if (type == RunObserver.Kept.class) {
      return new RunObserver.Kept(folder, "{}", null);
    }
    if (type == RunObserver.Ended.class) {
      return new RunObserver.Ended(1 << 20, 1, RunStatus.COMPLETE, null);
    }
    return null; // an event with an argument of a new type: told with none
  }
}
