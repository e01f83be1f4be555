package dev.sustain.sampling;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends text to a new file and keeps what the file system refused: a row that finds the disk full
 * (a test file filling the run folder's file system before the run sees it is full) stays here and
 * goes out with the next append or at {@link #close}, after the run gave back the room it set
 * aside, so no interval's bytes go missing from samples.csv while run.json counts them. A short
 * write leaves exactly its unwritten rest held, so nothing is written twice. Not thread-safe.
 */
final class HeldAppender implements AutoCloseable {

  /**
   * The most text held unwritten: at about 100 bytes a row, days of rows at one a second. A run
   * folder that stays full beyond that fails the sampling, as a full one always did.
   */
  static final int MAX_HELD_BYTES = 16 << 20;

  private final FileChannel channel;
  private ByteBuffer held = ByteBuffer.allocate(0);

  HeldAppender(Path file) throws IOException {
    channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
  }

  /**
   * Appends {@code text} after anything held.
   *
   * @throws IOException when the file system refuses and more than {@link #MAX_HELD_BYTES} would be
   *     held
   */
  void append(String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    ByteBuffer all = ByteBuffer.allocate(held.remaining() + bytes.length);
    all.put(held).put(bytes).flip();
    held = all;
    try {
      drain();
    } catch (IOException e) {
      if (held.remaining() > MAX_HELD_BYTES) {
        throw e;
      }
    }
  }

  /** The bytes held unwritten now. */
  int heldBytes() {
    return held.remaining();
  }

  private void drain() throws IOException {
    while (held.hasRemaining()) {
      channel.write(held);
    }
  }

  /** Writes what is held, then closes; the file is closed even when that fails. */
  @Override
  public void close() throws IOException {
    try (channel) {
      drain();
    }
  }
}
