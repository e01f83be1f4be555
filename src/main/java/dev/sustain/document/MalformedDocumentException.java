package dev.sustain.document;

import java.io.IOException;

/**
 * A run folder's document that is there and read whole but is not one: not UTF-8 text, or JSON
 * whose top is not an object. Bad input, as a mistyped option is: a command names the file and
 * exits 2, where an I/O error while reading stays an {@link IOException} of its own.
 */
public final class MalformedDocumentException extends IOException {

  public MalformedDocumentException(String message) {
    super(message);
  }
}
