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
   * An intact header of the most common run and layout among the probes, or null when none carries
   * one.
   *
   * @param sizeBytes how much of the file to look at
   */
  static BlockFormat.Header probe(Path file, long sizeBytes) throws IOException {
    long blocks = sizeBytes / BlockFormat.BLOCK_BYTES;
    if (blocks == 0) {
      return null;
    }
    Map<Layout, Integer> votes = new HashMap<>();
    Map<Layout, BlockFormat.Header> seen = new HashMap<>();
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        Arena arena = Arena.ofConfined()) {
      MemorySegment seg = arena.allocate(BlockFormat.BLOCK_BYTES, BlockFormat.BLOCK_BYTES);
      int probes = (int) Math.min(PROBES, blocks);
      for (int i = 0; i < probes; i++) {
        long block = probes == 1 ? 0 : i * (blocks - 1) / (probes - 1);
        ByteBuffer b = seg.asByteBuffer();
        long at = block * BlockFormat.BLOCK_BYTES;
        while (b.hasRemaining()) {
          if (ch.read(b, at + b.position()) < 0) {
            break;
          }
        }
        BlockFormat.Header h = BlockFormat.readHeader(seg, 0);
        if (h != null) {
          // Vote on the run and layout, not on the offset or the content region.
          Layout layout = new Layout(h.runId(), h.payloadBytes());
          votes.merge(layout, 1, Integer::sum);
          seen.putIfAbsent(layout, h);
        }
      }
    }
    return votes.entrySet().stream()
        .max(Map.Entry.comparingByValue())
        .map(Map.Entry::getKey)
        .map(seen::get)
        .orElse(null);
  }

  /** What a vote is on: the run and its layout. */
  private record Layout(long runId, int payloadBytes) {}
}
