package dev.sustain.device;

/**
 * The path or device name given has no block device under it (tmpfs, overlay, a missing path). The
 * message is one line fit for a user.
 */
public class NoBlockDeviceException extends Exception {

  public NoBlockDeviceException(String message) {
    super(message);
  }
}
