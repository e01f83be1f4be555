package dev.sustain.cli;

import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Durations;
import java.time.Duration;
import java.util.function.Function;
import picocli.CommandLine;

/** picocli converters for Sustain's units, so bad input is one clear line and exit 2. */
final class Converters {

  private Converters() {}

  /**
   * A converter through one of the units' parsers: its {@link IllegalArgumentException} becomes
   * picocli's conversion error (one line naming the option). picocli makes each converter from its
   * class, hence one small subclass per parser.
   */
  abstract static class Parsing<T> implements CommandLine.ITypeConverter<T> {
    private final Function<String, T> parser;

    Parsing(Function<String, T> parser) {
      this.parser = parser;
    }

    @Override
    public final T convert(String value) {
      try {
        return parser.apply(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  /** A size: both families (300GiB, 500GB). */
  static final class Size extends Parsing<ByteSize> {
    Size() {
      super(ByteSize::parse);
    }
  }

  /** A block size: like a size, and 4k/1m mean KiB/MiB. */
  static final class BlockSize extends Parsing<ByteSize> {
    BlockSize() {
      super(ByteSize::parseBlockSize);
    }
  }

  /** A duration: 90s, 20m, 2h. */
  static final class Time extends Parsing<Duration> {
    Time() {
      super(Durations::parse);
    }
  }
}
