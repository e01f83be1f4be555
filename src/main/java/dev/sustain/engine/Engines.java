package dev.sustain.engine;

import dev.sustain.unit.UsageException;
import java.util.List;

/**
 * Engines by the name users give with {@code --engine}. {@code auto} is io_uring where this kernel
 * and process allow it (checked once, cheaply, see {@link IoUringEngine#probe()}), else threads;
 * the engine's {@link IoEngine#name()} says which was chosen. Thread-safe.
 */
public final class Engines {

  private Engines() {}

  /**
   * Makes the native binding every engine but the null one calls through (syscall(2)'s downcall) on
   * the calling thread, if it is not made yet. The binding generates its stubs at run time, which
   * the start-up cache cannot hold (50-100 ms of a start on two cores), so a command that will
   * drive requests can have it made on a thread of its own while it parses its input.
   *
   * @return true when the binding works here (why not is said when an engine is made)
   */
  public static boolean bindNativeCalls() {
    return LinuxNative.UNAVAILABLE == null;
  }

  /** The names accepted by {@link #create}. */
  public static List<String> names() {
    return List.of("auto", "uring", "threads", "null");
  }

  /**
   * A new engine for {@code name}; {@code auto} picks the best available here.
   *
   * @throws UsageException for an unknown name, or {@code uring} where io_uring is not usable
   */
  public static IoEngine create(String name) {
    return switch (name) {
      case "auto" -> IoUringEngine.isAvailable() ? new IoUringEngine() : new ThreadsEngine();
      case "uring" -> {
        String why = IoUringEngine.probe();
        if (why != null) {
          throw new UsageException(
              "--engine uring is not usable here: " + why + "; use --engine threads or auto");
        }
        yield new IoUringEngine();
      }
      case "threads" -> new ThreadsEngine();
      case "null" -> new NullEngine();
      default ->
          throw new UsageException(
              "unknown engine '" + name + "' (choose from " + String.join(", ", names()) + ")");
    };
  }
}
