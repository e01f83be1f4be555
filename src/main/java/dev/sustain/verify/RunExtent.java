package dev.sustain.verify;

import dev.sustain.pattern.BlockFormat;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where one run's data ends on a target named without its run folder (a device holds what the run
 * wrote and then whatever was there before), and what the space beyond it holds. A write fills a
 * device from its start, so the run's data is a prefix: the last of {@link HeaderProbe}'s evenly
 * spread probes that carries the run's header and the next probe bracket its end, and a bisection
 * over 1 MiB windows finds it to the block. A window counts as the run's when any block in it
 * carries the run's header, so a damaged stretch shorter than a window cannot end the search early.
 * Stateless.
 */
public final class RunExtent {

  /** 1 MiB: a bisection step reads this much, so ~15 reads find the end on a 4 TB drive. */
  static final int WINDOW_BLOCKS = 256;

  /** Blocks sampled beyond the end: enough to tell blank space from other data. */
  static final int BEYOND_SAMPLES = 64;

  private static final int BLOCK = BlockFormat.BLOCK_BYTES;

  private RunExtent() {}

  /**
   * What lies beyond the checked extent.
   *
   * @param offsetBytes where it starts: the end of the checked extent
   * @param lengthBytes to the end of the target
   * @param sampledBlocks 4 KiB blocks read, spread evenly over it
   * @param blankBlocks of those, how many read as never written (all 0x00 or all 0xFF)
   */
  public record Beyond(long offsetBytes, long lengthBytes, int sampledBlocks, int blankBlocks) {

    /** Nothing beyond: the check covered the whole target. */
    public static final Beyond NONE = new Beyond(0, 0, 0, 0);

    public boolean allBlank() {
      return sampledBlocks > 0 && blankBlocks == sampledBlocks;
    }
  }

  /**
   * The end of the run's data, in bytes (a multiple of 4 KiB): just after the last block carrying
   * {@code run}'s header and layout. Exact when no damaged stretch inside the data is a whole
   * window long and the data's last block is intact; damage at the very end looks like a shorter
   * run.
   *
   * @param probes the probes over the whole target, {@code run} among the headers they found
   */
  static long end(Path file, long sizeBytes, HeaderProbe.Probes probes, BlockFormat.Header run)
      throws IOException {
    long[] at = probes.blocks();
    int last = -1;
    for (int i = 0; i < at.length; i++) {
      if (probes.carries(i, run)) {
        last = i;
      }
    }
    long blocks = sizeBytes / BLOCK;
    if (last < 0) {
      return 0;
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        Arena arena = Arena.ofConfined()) {
      MemorySegment window = arena.allocate((long) WINDOW_BLOCKS * BLOCK, BLOCK);
      // lo carries the run's header; the window that starts at hi carries none (or hi is the end).
      long lo = at[last];
      long hi = blocks;
      for (int next = last + 1; next < at.length; next++) {
        // A probe that missed the run may have hit a damaged block inside its data: look at the
        // window there before taking it as past the end.
        long found = lastOfRun(ch, window, at[next], run);
        if (found < 0) {
          hi = at[next];
          break;
        }
        lo = found;
      }
      while (hi - lo > WINDOW_BLOCKS) {
        long mid = lo + (hi - lo) / 2;
        long found = lastOfRun(ch, window, mid, run); // below hi: hi's window has none
        if (found >= 0) {
          lo = found;
        } else {
          hi = mid;
        }
      }
      long found = lastOfRun(ch, window, lo, run);
      return (Math.max(lo, found) + 1) * BLOCK;
    }
  }

  /**
   * The last block in the window of {@link #WINDOW_BLOCKS} from {@code first} (cut at the end of
   * the target) that carries the run's header, or -1.
   */
  private static long lastOfRun(
      FileChannel ch, MemorySegment window, long first, BlockFormat.Header run) throws IOException {
    int got = read(ch, window, first * BLOCK, (long) WINDOW_BLOCKS * BLOCK) / BLOCK;
    for (int i = got - 1; i >= 0; i--) {
      BlockFormat.Header h = BlockFormat.readHeader(window, (long) i * BLOCK);
      if (HeaderProbe.sameRun(h, run)) {
        return first + i;
      }
    }
    return -1;
  }

  /** Samples {@link #BEYOND_SAMPLES} blocks spread over {@code [fromBytes, sizeBytes)}. */
  static Beyond beyond(Path file, long fromBytes, long sizeBytes) throws IOException {
    long length = sizeBytes - fromBytes;
    long blocks = length / BLOCK;
    if (length <= 0) {
      return Beyond.NONE;
    }
    int samples = (int) Math.min(BEYOND_SAMPLES, blocks);
    int blank = 0;
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        Arena arena = Arena.ofConfined()) {
      MemorySegment seg = arena.allocate(BLOCK, BLOCK);
      for (int i = 0; i < samples; i++) {
        long block = samples == 1 ? 0 : i * (blocks - 1) / (samples - 1);
        if (read(ch, seg, fromBytes + block * BLOCK, BLOCK) == BLOCK && BlockFormat.blank(seg, 0)) {
          blank++;
        }
      }
    }
    return new Beyond(fromBytes, length, samples, blank);
  }

  /** Reads up to {@code length} bytes at {@code at} into the segment; bytes read (short at EOF). */
  private static int read(FileChannel ch, MemorySegment seg, long at, long length)
      throws IOException {
    ByteBuffer b = seg.asSlice(0, length).asByteBuffer();
    while (b.hasRemaining()) {
      if (ch.read(b, at + b.position()) < 0) {
        break;
      }
    }
    return b.position();
  }
}
