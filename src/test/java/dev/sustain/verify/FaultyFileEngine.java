package dev.sustain.verify;

import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoSlot;
import dev.sustain.engine.QueuedTestEngine;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * A test engine: synchronous positional reads of a real file, where any request touching one of the
 * given ranges fails with EIO, as a failing drive's sectors would.
 */
final class FaultyFileEngine extends QueuedTestEngine {

  private final List<long[]> failing;

  /** Requests at or past this offset never complete, like a device that stopped answering. */
  long hangFromOffset = Long.MAX_VALUE;

  private FileChannel channel;
  int maxInFlight;
  private int inFlight;

  FaultyFileEngine(List<long[]> failingRanges) {
    this.failing = failingRanges;
  }

  @Override
  public String name() {
    return "faulty";
  }

  @Override
  public void open(Path path, OpenOptions options, int queueDepth) throws ErrnoException {
    try {
      channel = FileChannel.open(path, StandardOpenOption.READ);
    } catch (IOException e) {
      throw ErrnoException.from(e);
    }
  }

  @Override
  public void submit(IoSlot slot) throws ErrnoException {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    if (slot.offsetBytes >= hangFromOffset) {
      return;
    }
    for (long[] f : failing) {
      if (slot.offsetBytes < f[1] && slot.offsetBytes + slot.lengthBytes > f[0]) {
        slot.result = -dev.sustain.engine.Errno.EIO;
        done.add(slot);
        return;
      }
    }
    ByteBuffer b = slot.buffer.asSlice(0, slot.lengthBytes).asByteBuffer();
    long pos = slot.offsetBytes;
    long total = 0;
    try {
      while (b.hasRemaining()) {
        int n = channel.read(b, pos);
        if (n <= 0) {
          break;
        }
        pos += n;
        total += n;
      }
    } catch (IOException e) {
      throw ErrnoException.from(e);
    }
    slot.result = total;
    done.add(slot);
  }

  @Override
  protected void reaped(IoSlot slot) {
    inFlight--;
  }

  @Override
  public void close() throws ErrnoException {
    try {
      channel.close();
    } catch (IOException e) {
      throw ErrnoException.from(e);
    }
  }
}
