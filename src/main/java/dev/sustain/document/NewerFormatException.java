package dev.sustain.document;

import dev.sustain.unit.UsageException;

/**
 * A folder written by a newer sustain, whose format this one does not know: refused in one line
 * (exit 2) rather than read wrong.
 */
public final class NewerFormatException extends UsageException {

  public NewerFormatException(String where, int version, int newest) {
    super(
        where
            + ": made by a newer Sustain (format version "
            + version
            + ", this one reads up to "
            + newest
            + "): read it with a newer Sustain");
  }
}
