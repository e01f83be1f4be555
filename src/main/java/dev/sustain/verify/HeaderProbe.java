package dev.sustain.verify;

import dev.sustain.pattern.BlockFormat;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * Finds which run wrote a file that has no run folder: reads the headers of up to {@link #PROBES}
 * blocks spread evenly over it and takes the (run id, layout) most of them carry. A block that
 * misplaced data or noise replaced cannot outvote the rest. Stateless.
 */
final class HeaderProbe {

  static final int PROBES = 65;

  private HeaderProbe() {}

  /**
   * The probes read: which blocks, and the intact header each carried (null for none).
   *
   * @param blocks the probed block numbers (4 KiB each), ascending
   * @param headers per probe, its intact header or null
   */
  record Probes(long[] blocks, BlockFormat.Header[] headers) {

    /** True when probe {@code i} carries the run and layout of {@code run}. */
    boolean carries(int i, BlockFormat.Header run) {
      return sameRun(headers[i], run);
    }

    /**
     * An intact header of the most common run and layout among the probes, or null when none
     * carries one.
     */
    BlockFormat.Header winner() {
      Map<Layout, Integer> votes = new HashMap<>();
      Map<Layout, BlockFormat.Header> seen = new HashMap<>();
      for (BlockFormat.Header h : headers) {
        if (h != null) {
          // Vote on the run and layout, not on the offset or the content region.
          Layout layout = new Layout(h.runId(), h.payloadBytes());
          votes.merge(layout, 1, Integer::sum);
          seen.putIfAbsent(layout, h);
        }
      }
      return votes.entrySet().stream()
          .max(Map.Entry.comparingByValue())
          .map(Map.Entry::getKey)
          .map(seen::get)
          .orElse(null);
    }
  }

  /** True when {@code h} is an intact header of the run and layout of {@code run}. */
  static boolean sameRun(BlockFormat.Header h, BlockFormat.Header run) {
    return h != null && h.runId() == run.runId() && h.payloadBytes() == run.payloadBytes();
  }

  /**
   * An intact header of the most common run and layout among the probes, or null when none carries
   * one.
   *
   * @param sizeBytes how much of the file to look at
   */
  static BlockFormat.Header probe(Path file, long sizeBytes) throws IOException {
    return read(file, sizeBytes).winner();
  }

  /** Reads the probes over the first {@code sizeBytes} of the file. */
  static Probes read(Path file, long sizeBytes) throws IOException {
    long blocks = sizeBytes / BlockFormat.BLOCK_BYTES;
    int probes = (int) Math.min(PROBES, blocks);
    long[] at = new long[probes];
    BlockFormat.Header[] headers = new BlockFormat.Header[probes];
    if (probes == 0) {
      return new Probes(at, headers);
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        Arena arena = Arena.ofConfined()) {
      MemorySegment seg = arena.allocate(BlockFormat.BLOCK_BYTES, BlockFormat.BLOCK_BYTES);
      for (int i = 0; i < probes; i++) {
        long block = probes == 1 ? 0 : i * (blocks - 1) / (probes - 1);
        ByteBuffer b = seg.asByteBuffer();
        long offset = block * BlockFormat.BLOCK_BYTES;
        while (b.hasRemaining()) {
          if (ch.read(b, offset + b.position()) < 0) {
            break;
          }
        }
        at[i] = block;
        headers[i] = b.hasRemaining() ? null : BlockFormat.readHeader(seg, 0);
      }
    }
    return new Probes(at, headers);
  }

  /** What a vote is on: the run and its layout. */
  private record Layout(long runId, int payloadBytes) {}
}
