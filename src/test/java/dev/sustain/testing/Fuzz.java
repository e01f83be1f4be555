package dev.sustain.testing;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The one promise every parser of user text keeps under random input: it reads the text, or refuses
 * it with an {@link IllegalArgumentException} whose message says why. Anything else it throws fails
 * the test.
 */
public final class Fuzz {

  private Fuzz() {}

  /** A parse of {@code text}, with any checks of what it read. */
  @FunctionalInterface
  public interface Parse {
    void of(String text);
  }

  /** That {@code parse} reads {@code text} or refuses it in words (a message that is not blank). */
  public static void readsOrRefusesInWords(String text, Parse parse) {
    try {
      parse.of(text);
    } catch (IllegalArgumentException expected) {
      assertThat(expected.getMessage()).isNotBlank();
    }
  }
}
