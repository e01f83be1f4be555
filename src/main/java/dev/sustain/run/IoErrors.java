package dev.sustain.run;

import dev.sustain.engine.Errno;
import dev.sustain.engine.IoSlot;
import dev.sustain.unit.Units;

/**
 * Turns a failed request into one line for people that names the offset. Whether the disk was full
 * is decided by the errno alone, never by the wording of a message.
 */
final class IoErrors {

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
    int errno = Errno.of(slot);
    if (slot.failure != null) {
      String msg = String.valueOf(slot.failure.getMessage());
      return new Described(op + " failed" + where + ": " + msg, errno == Errno.ENOSPC);
    }
    if (slot.result < 0) {
      String name =
          errno == Errno.EINVAL
              ? Errno.describe(errno) + ": misaligned direct I/O?"
              : Errno.describe(errno);
      return new Described(op + " failed" + where + ": " + name, errno == Errno.ENOSPC);
    }
    // A short write is how a full filesystem usually shows itself on a buffered write.
    return new Described(
        "short " + op + where + ": only " + slot.result + " bytes transferred", slot.write);
  }
}
