package dev.sustain.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the io_uring engine has: the probe, fixed buffers, ring wrap-around, cancellation. */
class IoUringEngineTest {

  @TempDir Path dir;

  @BeforeEach
  void needsUring() {
    Assumptions.assumeTrue(IoUringEngine.isAvailable(), "io_uring: " + IoUringEngine.probe());
  }

  @Test
  void probeAgreesWithItselfAndWithTheEngine() throws IOException {
    assertThat(IoUringEngine.probe()).isNull();
    assertThat(IoUringEngine.isAvailable()).isTrue();
    try (IoUringEngine engine = new IoUringEngine()) {
      engine.open(dir.resolve("p"), new IoEngine.OpenOptions(false, true, true), 1);
      assertThat(engine.name()).isEqualTo("uring");
    }
  }

  @Test
  void fixedBuffersWriteTheSameBytesAsPlainOnes() throws IOException {
    Path file = dir.resolve("fixed");
    int block = 64 << 10;
    int blocks = 300; // several times round a ring of 8 entries
    try (Arena arena = Arena.ofConfined();
        IoUringEngine engine = new IoUringEngine()) {
      MemorySegment pool = arena.allocate((long) block * 16, 4096);
      fill(pool, 7);
      engine.open(file, new IoEngine.OpenOptions(true, true, true), 8);
      assertThat(engine.registerBuffers(pool)).isTrue();
      List<IoSlot> slots = slots(8);
      int next = 0;
      int done = 0;
      List<IoSlot> free = new ArrayList<>(slots);
      while (done < blocks) {
        while (!free.isEmpty() && next < blocks) {
          IoSlot s = free.removeLast();
          s.offsetBytes = (long) next * block;
          s.lengthBytes = block;
          s.buffer = pool.asSlice((long) (next % 16) * block, block);
          engine.submit(s);
          next++;
        }
        engine.commit();
        int n =
            engine.reap(
                1,
                5_000_000_000L,
                s -> {
                  assertThat(s.result).isEqualTo(block);
                  free.add(s);
                });
        assertThat(n).isPositive();
        done += n;
      }
      byte[] actual = Files.readAllBytes(file);
      assertThat(actual).hasSize(block * blocks);
      for (int i = 0; i < blocks; i++) {
        byte[] expected =
            pool.asSlice((long) (i % 16) * block, block).toArray(ValueLayout.JAVA_BYTE);
        assertThat(java.util.Arrays.copyOfRange(actual, i * block, (i + 1) * block))
            .isEqualTo(expected);
      }
    }
  }

  @Test
  void opensWithODirectExactlyWhenAsked() throws Exception {
    Assumptions.assumeTrue(
        System.getProperty("os.arch").equals("amd64"), "O_DIRECT's value is checked for x86-64");
    Path file = dir.resolve("d");
    for (boolean direct : new boolean[] {true, false}) {
      try (IoUringEngine engine = new IoUringEngine()) {
        engine.open(file, new IoEngine.OpenOptions(direct, true, true), 1);
        int flags = DirectIoTest.flagsOf(file).orElseThrow();
        assertThat((flags & 040000) != 0).as("O_DIRECT when direct=" + direct).isEqualTo(direct);
        assertThat(flags & 3).as("O_WRONLY").isEqualTo(1);
      }
    }
  }

  @Test
  void openingLeavesTheFileAsItWas() throws IOException {
    Path fresh = dir.resolve("fresh");
    Path full = dir.resolve("full");
    byte[] content = new byte[12288];
    new java.util.Random(1).nextBytes(content);
    Files.write(full, content);
    for (boolean direct : new boolean[] {false, true}) {
      try (IoUringEngine engine = new IoUringEngine()) {
        engine.open(fresh, new IoEngine.OpenOptions(direct, true, true), 32);
        assertThat(engine.inFlight()).isZero();
      }
      try (IoUringEngine engine = new IoUringEngine()) {
        engine.open(full, new IoEngine.OpenOptions(direct, true, false), 32);
      }
      assertThat(Files.size(fresh)).isZero();
      assertThat(Files.readAllBytes(full)).isEqualTo(content);
    }
  }

  @Test
  void openedOnOneThreadDrivenFromAnotherAndAZeroTimeoutReapSeesWhatFinished() throws Exception {
    IoUringEngine engine = new IoUringEngine();
    engine.open(dir.resolve("t"), new IoEngine.OpenOptions(false, true, true), 4);
    try (Arena arena = Arena.ofShared()) {
      MemorySegment buffer = arena.allocate(4096, 4096);
      java.util.concurrent.atomic.AtomicLong seen = new java.util.concurrent.atomic.AtomicLong();
      Thread runner =
          Thread.ofPlatform()
              .start(
                  () -> {
                    try {
                      IoSlot slot = new IoSlot(0);
                      slot.buffer = buffer;
                      slot.lengthBytes = 4096;
                      engine.submit(slot);
                      engine.commit();
                      // Completion work may be deferred to an enter: a zero-timeout reap must
                      // still hand over what has finished, whatever the ring's setup.
                      long deadline = System.nanoTime() + 10_000_000_000L;
                      while (seen.get() == 0 && System.nanoTime() < deadline) {
                        engine.reap(1, 0, s -> seen.set(s.result));
                      }
                      engine.close();
                    } catch (IOException e) {
                      throw new java.io.UncheckedIOException(e);
                    }
                  });
      runner.join();
      assertThat(seen.get()).isEqualTo(4096);
    }
    assertThat(Files.size(dir.resolve("t"))).isEqualTo(4096);
  }

  @Test
  void refusesBuffersTheKernelCouldOverrun() throws IOException {
    try (Arena arena = Arena.ofConfined();
        IoUringEngine engine = new IoUringEngine()) {
      engine.open(dir.resolve("f"), new IoEngine.OpenOptions(false, true, true), 2);
      IoSlot slot = new IoSlot(0);
      slot.buffer = arena.allocate(4096);
      slot.lengthBytes = 8192;
      assertThatThrownBy(() -> engine.submit(slot)).isInstanceOf(IllegalArgumentException.class);
      slot.buffer = MemorySegment.ofArray(new byte[8192]);
      assertThatThrownBy(() -> engine.submit(slot)).isInstanceOf(IllegalArgumentException.class);
      slot.buffer = arena.allocate(8192).asReadOnly();
      slot.write = false;
      assertThatThrownBy(() -> engine.submit(slot)).isInstanceOf(IllegalArgumentException.class);
      assertThat(engine.inFlight()).isZero();
    }
  }

  @Test
  void closeCancelsARequestThatWouldNeverComplete() throws Exception {
    Path fifo = Fifos.make(dir);
    // A writer that never writes keeps the read pending forever (and lets the read-only open
    // return at once).
    try (var holder =
            java.nio.channels.FileChannel.open(
                fifo,
                java.nio.file.StandardOpenOption.READ,
                java.nio.file.StandardOpenOption.WRITE);
        Arena arena = Arena.ofConfined()) {
      IoUringEngine engine = new IoUringEngine();
      Fifos.submitAStuckRead(engine, fifo, arena);
      long start = System.nanoTime();
      assertThat(engine.reap(1, 100_000_000L, s -> {})).isZero();
      long waited = System.nanoTime() - start;
      // Not before the timeout; after it, within what a busy machine may add.
      assertThat(waited).isBetween(90_000_000L, 10_000_000_000L);
      assertThat(engine.inFlight()).isEqualTo(1);
      engine.close();
      // Cancelled, not waited out: the cancelled request's completion came back before the ring
      // closed (abandoned, it would still count as in flight), whatever the time it took.
      assertThat(engine.inFlight()).as("requests left in flight by close").isZero();
    }
  }

  static List<IoSlot> slots(int n) {
    List<IoSlot> slots = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      slots.add(new IoSlot(i));
    }
    return slots;
  }

  static void fill(MemorySegment segment, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    for (long i = 0; i < segment.byteSize() / 8; i++) {
      segment.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, random.nextLong());
    }
  }
}
