package dev.sustain.run;

import dev.sustain.engine.IoSlot;
import dev.sustain.unit.Units;

/** Turns a failed request into one line for people that names the offset. */
final class IoErrors {

  private static final int ENOSPC = 28;
  private static final int EIO = 5;
  private static final int EINVAL = 22;

  private IoErrors() {}

  record Described(String message, boolean noSpace) {}

  static Described describe(IoSlot slot) {
    String op = slot.write ? "write" : "read";
    String where =
        " at offset "
            + slot.offsetBytes
            + " ("
            + Units.binaryBytes(slot.offsetBytes)
            + "), "
            + slot.lengthBytes
            + " bytes";
    if (slot.failure != null) {
      String msg = String.valueOf(slot.failure.getMessage());
      boolean noSpace = msg.contains("No space left");
      return new Described(op + " failed" + where + ": " + msg, noSpace);
    }
    if (slot.result < 0) {
      int errno = (int) -slot.result;
      String name =
          switch (errno) {
            case ENOSPC -> "No space left on device (ENOSPC)";
            case EIO -> "Input/output error (EIO)";
            case EINVAL -> "Invalid argument (EINVAL): misaligned direct I/O?";
            default -> dev.sustain.engine.Errno.describe(errno);
          };
      return new Described(op + " failed" + where + ": " + name, errno == ENOSPC);
    }
    // A short write is how a full filesystem usually shows itself on a buffered write.
    return new Described(
        "short " + op + where + ": only " + slot.result + " bytes transferred", slot.write);
  }
}
