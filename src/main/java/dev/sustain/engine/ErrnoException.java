package dev.sustain.engine;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * The one exception an engine throws (and records in {@link IoSlot#failure}): a message for people
 * and the Linux errno it stands for, so callers decide by the number ({@code errno() ==
 * Errno.ENOSPC}) and never by the wording, which the kernel, the JDK and the locale may change.
 * Immutable.
 */
public final class ErrnoException extends IOException {

  private static final long serialVersionUID = 1L;

  private final int errno;

  /**
   * @param message for people; it is shown, never parsed
   * @param errno the positive errno; 0 when the failure names none
   */
  public ErrnoException(String message, int errno) {
    this(message, errno, null);
  }

  public ErrnoException(String message, int errno, Throwable cause) {
    super(message, cause);
    this.errno = Math.abs(errno);
  }

  /** The positive errno, 0 when the failure names none. */
  public int errno() {
    return errno;
  }

  /**
   * {@code failure} as an errno exception: itself when it is one; else a JDK exception (the threads
   * engine's FileChannel, the copy workload's files) with its errno found once, here: by its type
   * where the JDK has one for the error, else by {@link Errno#fromJdkMessage}, the only place that
   * reads an error's text.
   */
  public static ErrnoException from(IOException failure) {
    if (failure instanceof ErrnoException e) {
      return e;
    }
    int errno =
        switch (failure) {
          case NoSuchFileException e -> Errno.ENOENT;
          case AccessDeniedException e -> Errno.EACCES;
          case FileAlreadyExistsException e -> Errno.EEXIST;
          case ClosedChannelException e -> Errno.EBADF;
          default -> Errno.fromJdkMessage(failure.getMessage());
        };
    return new ErrnoException(messageOf(failure, errno), errno, failure);
  }

  /**
   * Why {@code failure} happened, for people: the errno's meaning and symbol when it names one
   * ({@code No space left on device (ENOSPC)}), else its message.
   */
  public static String reasonOf(IOException failure) {
    ErrnoException e = from(failure);
    return e.errno != 0 ? Errno.describe(e.errno) : e.getMessage();
  }

  /** The errno of {@code failure} if it is an errno exception, else 0. Reads no text. */
  public static int errnoOf(Throwable failure) {
    return failure instanceof ErrnoException e ? e.errno : 0;
  }

  private static String messageOf(IOException failure, int errno) {
    if (failure instanceof FileSystemException f && f.getReason() == null && errno != 0) {
      // NoSuchFileException and friends carry only the file name.
      return f.getFile() + ": " + Errno.describe(errno);
    }
    return failure.getMessage() != null ? failure.getMessage() : failure.toString();
  }
}
