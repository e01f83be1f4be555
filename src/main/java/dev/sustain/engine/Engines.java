package dev.sustain.engine;

import java.util.List;

/** Engines by the name users give with {@code --engine}. */
public final class Engines {

  private Engines() {}

  /** The names accepted by {@link #create}. */
  public static List<String> names() {
    return List.of("auto", "threads", "null");
  }

  /**
   * A new engine for {@code name}; {@code auto} picks the best available here.
   *
   * @throws dev.sustain.unit.UsageException for an unknown name
   */
  public static IoEngine create(String name) {
    return switch (name) {
      case "auto", "threads" -> new ThreadsEngine();
      case "null" -> new NullEngine();
      default ->
          throw new dev.sustain.unit.UsageException(
              "unknown engine '" + name + "' (choose from " + String.join(", ", names()) + ")");
    };
  }
}
