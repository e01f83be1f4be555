package dev.sustain.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.pattern.BlockFormat;
import dev.sustain.pattern.VerifiablePattern;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where a run's data ends on a target holding more than the run wrote (a device): found from the
 * headers to the block, whatever follows (blank space or another run's data) and whatever damage
 * shorter than a window lies inside, and what lies beyond sampled as blank or not.
 */
class RunExtentTest {

  private static final int K4 = BlockFormat.BLOCK_BYTES;

  /** 96 MiB: probes 384 blocks apart, more than a window, so the bisection has work to do. */
  private static final long TOTAL_BLOCKS = 24576;

  @TempDir Path dir;

  private Path sparse(String name) throws IOException {
    Path f = dir.resolve(name);
    try (FileChannel ch =
        FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ch.truncate(0);
      ch.write(java.nio.ByteBuffer.wrap(new byte[1]), TOTAL_BLOCKS * K4 - 1);
    }
    return f;
  }

  private static long end(Path f) throws IOException {
    HeaderProbe.Probes probes = HeaderProbe.read(f, TOTAL_BLOCKS * K4);
    return RunExtent.end(f, TOTAL_BLOCKS * K4, probes, probes.winner());
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
  void theEndIsFoundToTheBlockDespiteDamageAndWhatFollows(long seed) throws IOException {
    SplittableRandom r = new SplittableRandom(seed);
    Path f = sparse("t" + seed);
    // A blank stretch shorter than a window inside the data, not touching its last block. For odd
    // seeds it covers the last probe the data reaches, so no probe after the first half of the
    // target sees the end of the data.
    int damage = 1 + r.nextInt(RunExtent.WINDOW_BLOCKS - 1);
    long dataBlocks;
    long at;
    if (seed % 2 == 1) {
      int k = HeaderProbe.PROBES / 2 + 1 + r.nextInt(HeaderProbe.PROBES / 2 - 2);
      long probe = k * (TOTAL_BLOCKS - 1) / (HeaderProbe.PROBES - 1); // as HeaderProbe spreads
      long spacing = (TOTAL_BLOCKS - 1) / (HeaderProbe.PROBES - 1);
      dataBlocks = probe + damage + 1 + r.nextLong(spacing - damage - 1);
      at = probe;
    } else {
      // At least half the target, so the run's blocks win the vote over another run's.
      dataBlocks = TOTAL_BLOCKS / 2 + r.nextLong(TOTAL_BLOCKS / 2 - 300);
      at = r.nextLong(dataBlocks - damage - 1);
    }
    DamageForTests.writeExisting(f, new VerifiablePattern(seed, 0), dataBlocks * K4);
    if (seed % 2 == 0) {
      // Another run's blocks right after: data, but not this run's.
      writeAt(f, new VerifiablePattern(seed + 100, 0), dataBlocks, 256);
    }
    DamageForTests.zero(f, at * K4, damage * K4);

    assertThat(end(f))
        .as("data %d blocks, damage %d at %d", dataBlocks, damage, at)
        .isEqualTo(dataBlocks * K4);
  }

  @Test
  void dataToTheLastBlockIsTheWholeTarget() throws IOException {
    Path f = sparse("full");
    DamageForTests.writeExisting(f, new VerifiablePattern(9, 0), TOTAL_BLOCKS * K4);
    assertThat(end(f)).isEqualTo(TOTAL_BLOCKS * K4);
  }

  @Test
  void whatFollowsIsSampledAsBlankOrNot() throws IOException {
    Path f = sparse("beyond");
    long data = 1000;
    DamageForTests.writeExisting(f, new VerifiablePattern(5, 0), data * K4);
    RunExtent.Beyond blank = RunExtent.beyond(f, data * K4, TOTAL_BLOCKS * K4);
    assertThat(blank.offsetBytes()).isEqualTo(data * K4);
    assertThat(blank.lengthBytes()).isEqualTo((TOTAL_BLOCKS - data) * K4);
    assertThat(blank.sampledBlocks()).isEqualTo(RunExtent.BEYOND_SAMPLES);
    assertThat(blank.allBlank()).isTrue();

    // The last block sampled is the target's last: data there is seen.
    DamageForTests.put(f, (TOTAL_BLOCKS - 1) * K4, new byte[] {1});
    RunExtent.Beyond other = RunExtent.beyond(f, data * K4, TOTAL_BLOCKS * K4);
    assertThat(other.blankBlocks()).isEqualTo(RunExtent.BEYOND_SAMPLES - 1);
    assertThat(other.allBlank()).isFalse();
    assertThat(RunExtent.beyond(f, TOTAL_BLOCKS * K4, TOTAL_BLOCKS * K4))
        .isEqualTo(RunExtent.Beyond.NONE);
  }

  private static void writeAt(Path f, VerifiablePattern p, long firstBlock, int blocks)
      throws IOException {
    try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined();
        FileChannel out = FileChannel.open(f, StandardOpenOption.WRITE)) {
      java.lang.foreign.MemorySegment buf = arena.allocate((long) blocks * K4, K4);
      java.nio.ByteBuffer b = p.bytesFor(firstBlock * K4, blocks * K4, buf).asByteBuffer();
      while (b.hasRemaining()) {
        out.write(b, firstBlock * K4 + b.position());
      }
    }
  }
}
