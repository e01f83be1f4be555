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
