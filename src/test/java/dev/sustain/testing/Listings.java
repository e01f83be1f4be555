package dev.sustain.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** What a folder holds, sorted, for a test's assertion that a command left it as it should. */
public final class Listings {

  private Listings() {}

  /** The entries of {@code folder}, sorted. */
  public static List<Path> of(Path folder) {
    try (Stream<Path> s = Files.list(folder)) {
      return s.sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every path below {@code root}, {@code root} included, sorted. */
  public static List<Path> tree(Path root) {
    try (Stream<Path> s = Files.walk(root)) {
      return s.sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
