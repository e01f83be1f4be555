package dev.sustain.store;

/**
 * The run history could not be read or written. Its message is fit for a user and never contains a
 * database password (messages are scrubbed by {@link DbLocation#scrub}); the driver's exception is
 * not kept as the cause, because its message and stack could carry the connection secrets.
 */
public final class StoreException extends RuntimeException {

  public StoreException(String message) {
    super(message);
  }
}
