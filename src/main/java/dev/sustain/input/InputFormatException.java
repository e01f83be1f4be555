package dev.sustain.input;

import dev.sustain.unit.UsageException;
import java.nio.file.Path;

/**
 * A file that cannot be read as a curve. The message is one line, {@code FILE:LINE: what is wrong}
 * (or {@code FILE: what is wrong} when no line is to blame), fit to print as it is; the CLI exits
 * with 2 (it is a {@link UsageException}).
 */
public final class InputFormatException extends UsageException {

  private final Path file;
  private final long line;

  /**
   * @param line the 1-based line, or 0 when the whole file is at fault
   */
  public InputFormatException(Path file, long line, String problem) {
    super(file + (line > 0 ? ":" + line : "") + ": " + problem);
    this.file = file;
    this.line = line;
  }

  public Path file() {
    return file;
  }

  /** The 1-based line at fault, 0 for the whole file. */
  public long line() {
    return line;
  }
}
