package dev.sustain.input;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.api.AbstractThrowableAssert;

/** Curves written for a test, and the assertion that the reader refuses one. */
final class Refusals {

  private Refusals() {}

  /** {@code text} written as the file {@code name} in {@code dir}, in UTF-8. */
  static Path file(Path dir, String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  /**
   * That reading {@code p} throws an {@link InputFormatException}; the test goes on to say what its
   * message must be.
   */
  static AbstractThrowableAssert<?, ? extends Throwable> refused(Path p) {
    return assertThatThrownBy(() -> CurveReader.read(p)).isInstanceOf(InputFormatException.class);
  }
}
