package dev.sustain.cli;

import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Durations;
import java.time.Duration;
import picocli.CommandLine;

/** picocli converters for Sustain's units, so bad input is one clear line and exit 2. */
final class Converters {

  private Converters() {}

  /** A size: both families (300GiB, 500GB). */
  static final class Size implements CommandLine.ITypeConverter<ByteSize> {
    @Override
    public ByteSize convert(String value) {
      try {
        return ByteSize.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  /** A block size: like a size, and 4k/1m mean KiB/MiB. */
  static final class BlockSize implements CommandLine.ITypeConverter<ByteSize> {
    @Override
    public ByteSize convert(String value) {
      try {
        return ByteSize.parseBlockSize(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  /** A duration: 90s, 20m, 2h. */
  static final class Time implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      try {
        return Durations.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }
}
