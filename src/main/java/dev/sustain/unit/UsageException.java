package dev.sustain.unit;

/**
 * Bad input or a refused job, found before anything is written: the CLI prints the message as one
 * line and exits with 2.
 */
public class UsageException extends RuntimeException {
  public UsageException(String message) {
    super(message);
  }
}
