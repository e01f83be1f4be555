package dev.sustain.cli;

import dev.sustain.engine.Engines;
import dev.sustain.workload.DatasetKind;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * The words the shell completion offers for options and positionals whose values are a closed set
 * ({@code @Option(completionCandidates = ...)}): picocli's AutoComplete writes them into the
 * generated script. Each list comes from the code that reads the value, so a new engine or dataset
 * kind is offered without an edit here.
 */
final class Completions {

  private Completions() {}

  /** {@code --engine}: the names {@link Engines#create} accepts. */
  static final class EngineNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Engines.names().iterator();
    }
  }

  /**
   * {@code --pattern}: the fixed patterns, and the compress family as a whole word with an example
   * percentage (a bare "compress:" would be completed with a space after it, and refused).
   */
  static final class PatternNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("random", "pool", "zeros", "compress:50").iterator();
    }
  }

  /** {@code --until}: the two stopping points WriteCommand accepts. */
  static final class UntilNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("floor", "full").iterator();
    }
  }

  /** {@code --media}: what a user may force (UNKNOWN is what Sustain says, not a choice). */
  static final class MediaNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("ssd", "hdd").iterator();
    }
  }

  /** {@code dataset KIND}: the generated libraries, in lowercase as users type them. */
  static final class DatasetKinds implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(DatasetKind.values())
          .map(k -> k.name().toLowerCase(Locale.ROOT))
          .iterator();
    }
  }

  /**
   * Keeps a positional's text as typed while its declared type (File) tells the completion to offer
   * paths: a target may be a folder, a device or a file, and the commands read the user's own
   * spelling of it (a Path would drop a trailing slash and is not how the messages name it).
   */
  static final class Verbatim implements CommandLine.ITypeConverter<Object> {
    @Override
    public Object convert(String value) {
      return value;
    }
  }
}
