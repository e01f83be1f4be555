package dev.sustain.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One suite, every engine: the same requests through the {@link IoEngine} API must leave the same
 * bytes at the same offsets, read the same bytes back, and fail with the same errno ({@link
 * Errno#of}). An engine missing here (io_uring disabled) is skipped with the reason. io_uring runs
 * twice: {@code uring} registers its file and every request's buffer with the kernel (fixed
 * requests, as fio's registerfiles and fixedbufs), {@code uring-plain} as if the kernel refused
 * every registration (RLIMIT_MEMLOCK), so both paths are held to the same results.
 */
class EngineConformanceTest {

  private static final int DEPTH = 32;
  private static final long WAIT_NANOS = 10_000_000_000L;

  /** What a machine busy with other work may add to a wait that should be short. */
  private static final long LOADED_MACHINE_NANOS = 10_000_000_000L;

  @TempDir Path dir;

  static Stream<String> engines() {
    return Stream.of("null", "threads", "uring", "uring-plain");
  }

  static Stream<Arguments> enginesDirectAndBuffered() {
    return engines().flatMap(e -> Stream.of(Arguments.of(e, true), Arguments.of(e, false)));
  }

  private static IoEngine engine(String name) {
    if (name.startsWith("uring")) {
      Assumptions.assumeTrue(IoUringEngine.isAvailable(), "io_uring: " + IoUringEngine.probe());
    }
    IoEngine engine = name.equals("uring-plain") ? new IoUringEngine(false) : Engines.create(name);
    assertThat(engine.name()).isEqualTo(name.replace("-plain", ""));
    return engine;
  }

  private static void needsIo(String name) {
    Assumptions.assumeFalse(name.equals("null"), "the null engine does no I/O");
  }

  /** One request of a test job. */
  record Request(long offsetBytes, int lengthBytes, MemorySegment buffer, boolean write) {}

  /** What came back for a request. */
  record Completion(Request request, long result, int errno) {}

  /**
   * Runs {@code requests} with at most {@code depth} in flight, like the runner does; fails the
   * test when a request is handed back twice or nothing completes for ten seconds.
   */
  static List<Completion> run(IoEngine engine, List<Request> requests, int depth)
      throws IOException {
    // Every distinct buffer is offered for registration, as the runner offers its slots' memory.
    List<MemorySegment> buffers = new ArrayList<>();
    java.util.Set<List<Long>> seen = new java.util.HashSet<>();
    for (Request r : requests) {
      if (seen.add(List.of(r.buffer().address(), r.buffer().byteSize()))) {
        buffers.add(r.buffer());
      }
    }
    boolean registered = engine.registerBuffers(buffers.toArray(MemorySegment[]::new));
    assertThat(registered).as("registered buffers").isEqualTo(engine.fixedBuffers());
    long fixedBefore = engine instanceof IoUringEngine u ? u.fixedRequests() : 0;
    List<Completion> done = runRequests(engine, requests, depth);
    if (engine instanceof IoUringEngine u) {
      assertThat(u.fixedRequests() - fixedBefore)
          .as("fixed-buffer requests when the buffers are registered")
          .isEqualTo(registered ? requests.size() : 0);
    }
    return done;
  }

  private static List<Completion> runRequests(IoEngine engine, List<Request> requests, int depth)
      throws IOException {
    IoSlot[] slots = new IoSlot[depth];
    Request[] bySlot = new Request[depth];
    List<Integer> free = new ArrayList<>();
    for (int i = 0; i < depth; i++) {
      slots[i] = new IoSlot(i);
      free.add(i);
    }
    Completion[] results = new Completion[requests.size()];
    int[] requestOfSlot = new int[depth];
    int next = 0;
    int done = 0;
    while (done < requests.size()) {
      int queued = 0;
      while (!free.isEmpty() && next < requests.size()) {
        int i = free.removeLast();
        Request r = requests.get(next);
        IoSlot s = slots[i];
        s.offsetBytes = r.offsetBytes();
        s.lengthBytes = r.lengthBytes();
        s.buffer = r.buffer();
        s.write = r.write();
        s.result = 0;
        s.failure = null;
        bySlot[i] = r;
        requestOfSlot[i] = next;
        engine.submit(s);
        next++;
        queued++;
      }
      if (queued > 0) {
        engine.commit();
      }
      List<IoSlot> reaped = new ArrayList<>();
      int n = engine.reap(1, WAIT_NANOS, reaped::add);
      assertThat(n).as("reap's count").isEqualTo(reaped.size());
      if (n == 0) {
        fail("nothing completed in 10 s with " + (next - done) + " in flight");
      }
      for (IoSlot s : reaped) {
        assertThat(bySlot[s.index]).as("slot %d handed back twice", s.index).isNotNull();
        int id = requestOfSlot[s.index];
        results[id] = new Completion(bySlot[s.index], s.result, Errno.of(s));
        bySlot[s.index] = null;
        free.add(s.index);
        done++;
      }
    }
    return Arrays.asList(results);
  }

  // Buffers come from shared arenas: engines may touch them from their own threads.
  static MemorySegment randomBytes(Arena arena, long bytes, long seed) {
    MemorySegment segment = arena.allocate(bytes, 4096);
    SplittableRandom random = new SplittableRandom(seed);
    for (long i = 0; i < bytes / 8; i++) {
      segment.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, random.nextLong());
    }
    return segment;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void everyRequestCompletesOnceWithAllItsBytes(String name) throws IOException {
    try (Arena arena = Arena.ofShared();
        IoEngine engine = engine(name)) {
      engine.open(dir.resolve("once"), new IoEngine.OpenOptions(false, true, true), DEPTH);
      MemorySegment data = randomBytes(arena, 1 << 20, 1);
      List<Request> requests = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        requests.add(
            new Request((long) i * 8192, 8192, data.asSlice((i % 64) * 8192L, 8192), true));
      }
      List<Completion> done = run(engine, requests, DEPTH);
      assertThat(done).allSatisfy(c -> assertThat(c.result()).isEqualTo(8192));
    }
  }

  @ParameterizedTest(name = "{0} direct={1}")
  @MethodSource("enginesDirectAndBuffered")
  void writesTheSameBytesAtTheSameOffsets(String name, boolean direct) throws IOException {
    needsIo(name);
    Path file = dir.resolve("written");
    Random random = new Random(42);
    try (Arena arena = Arena.ofShared()) {
      MemorySegment pool = randomBytes(arena, 8 << 20, 7);
      // Blocks of 4 KiB to 64 KiB laid end to end, then submitted in shuffled order.
      List<Request> requests = new ArrayList<>();
      long offset = 0;
      for (int i = 0; i < 300; i++) {
        int length = 4096 * (1 + random.nextInt(16));
        long from = 4096L * random.nextInt((int) ((pool.byteSize() - length) / 4096));
        requests.add(new Request(offset, length, pool.asSlice(from, length), true));
        offset += length;
      }
      long fileBytes = offset;
      Collections.shuffle(requests, random);
      try (IoEngine engine = engine(name)) {
        openOrSkip(engine, file, new IoEngine.OpenOptions(direct, true, true));
        List<Completion> done = run(engine, requests, DEPTH);
        assertThat(done)
            .allSatisfy(c -> assertThat(c.result()).isEqualTo(c.request().lengthBytes()));
        engine.sync();
      }
      byte[] actual = Files.readAllBytes(file);
      assertThat(actual.length).isEqualTo(fileBytes);
      for (Request r : requests) {
        byte[] expected = r.buffer().toArray(ValueLayout.JAVA_BYTE);
        byte[] got =
            Arrays.copyOfRange(
                actual, (int) r.offsetBytes(), (int) r.offsetBytes() + r.lengthBytes());
        assertThat(got).as("bytes at offset %d", r.offsetBytes()).isEqualTo(expected);
      }
    }
  }

  @ParameterizedTest(name = "{0} direct={1}")
  @MethodSource("enginesDirectAndBuffered")
  void readsTheBytesTheFileHolds(String name, boolean direct) throws IOException {
    needsIo(name);
    Path file = dir.resolve("source");
    byte[] content = new byte[4 << 20];
    new Random(3).nextBytes(content);
    Files.write(file, content);
    Random random = new Random(4);
    try (Arena arena = Arena.ofShared();
        IoEngine engine = engine(name)) {
      openOrSkip(engine, file, new IoEngine.OpenOptions(direct, false, false));
      List<Request> requests = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        int length = 4096 * (1 + random.nextInt(16));
        long offset = 4096L * random.nextInt((content.length - length) / 4096);
        requests.add(new Request(offset, length, arena.allocate(length, 4096), false));
      }
      List<Completion> done = run(engine, requests, DEPTH);
      for (Completion c : done) {
        Request r = c.request();
        assertThat(c.result()).isEqualTo(r.lengthBytes());
        assertThat(r.buffer().toArray(ValueLayout.JAVA_BYTE))
            .as("bytes read at offset %d", r.offsetBytes())
            .isEqualTo(
                Arrays.copyOfRange(
                    content, (int) r.offsetBytes(), (int) r.offsetBytes() + r.lengthBytes()));
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void readsOfAShortFileStopAtItsEnd(String name) throws IOException {
    needsIo(name);
    Path file = dir.resolve("short");
    byte[] content = new byte[10_000];
    new Random(5).nextBytes(content);
    Files.write(file, content);
    try (Arena arena = Arena.ofShared();
        IoEngine engine = engine(name)) {
      engine.open(file, new IoEngine.OpenOptions(false, false, false), 4);
      MemorySegment head = arena.allocate(16384, 4096);
      MemorySegment past = arena.allocate(4096, 4096);
      List<Completion> done =
          run(
              engine,
              List.of(new Request(0, 16384, head, false), new Request(12288, 4096, past, false)),
              4);
      assertThat(done.get(0).result()).isEqualTo(content.length);
      assertThat(head.asSlice(0, content.length).toArray(ValueLayout.JAVA_BYTE)).isEqualTo(content);
      assertThat(done.get(1).result()).as("a read past the end").isZero();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void misalignedDirectWritesFailWithEinval(String name) throws IOException {
    needsIo(name);
    Path file = dir.resolve("aligned");
    try (Arena arena = Arena.ofShared();
        IoEngine engine = engine(name)) {
      openOrSkip(engine, file, new IoEngine.OpenOptions(true, true, true));
      MemorySegment aligned = randomBytes(arena, 16384, 9);
      List<Completion> done =
          run(
              engine,
              List.of(
                  new Request(100, 4096, aligned.asSlice(0, 4096), true),
                  new Request(8192, 4096, aligned.asSlice(1, 4096), true),
                  new Request(12288, 1000, aligned.asSlice(8192, 1000), true),
                  new Request(4096, 4096, aligned.asSlice(4096, 4096), true)),
              4);
      assertThat(done.get(0).errno()).as("misaligned offset").isEqualTo(Errno.EINVAL);
      assertThat(done.get(1).errno()).as("misaligned buffer").isEqualTo(Errno.EINVAL);
      assertThat(done.get(2).errno()).as("misaligned length").isEqualTo(Errno.EINVAL);
      assertThat(done.get(3).result()).as("the aligned one still works").isEqualTo(4096);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void aFullFileSystemFailsWithEnospc(String name) throws Exception {
    needsIo(name);
    Path mount = dir.resolve("small");
    Files.createDirectories(mount);
    Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "needs root to mount a 256 KiB tmpfs (CI runs as root)");
    Process mounting =
        new ProcessBuilder(
                "mount", "-t", "tmpfs", "-o", "size=256k", "sustain-test", mount.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(mounting.getInputStream().readAllBytes());
    Assumptions.assumeTrue(mounting.waitFor() == 0, "cannot mount a tmpfs here: " + out);
    try (Arena arena = Arena.ofShared();
        IoEngine engine = engine(name)) {
      engine.open(mount.resolve("fill"), new IoEngine.OpenOptions(false, true, true), DEPTH);
      MemorySegment data = randomBytes(arena, 16384, 11);
      List<Request> requests = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        requests.add(new Request(16384L * i, 16384, data, true));
      }
      List<Completion> done = run(engine, requests, DEPTH);
      long written = done.stream().mapToLong(c -> Math.max(0, c.result())).sum();
      assertThat(written).isLessThanOrEqualTo(256 << 10);
      assertThat(done).anySatisfy(c -> assertThat(c.errno()).isEqualTo(Errno.ENOSPC));
      assertThat(done)
          .as("every failure is ENOSPC or a short write")
          .allSatisfy(c -> assertThat(c.errno()).isIn(0, Errno.ENOSPC));
    } finally {
      new ProcessBuilder("umount", mount.toString()).start().waitFor();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void submitAfterCloseFailsAndCloseTwiceIsHarmless(String name) throws IOException {
    IoEngine engine = engine(name);
    engine.open(dir.resolve("closed"), new IoEngine.OpenOptions(false, true, true), 2);
    engine.close();
    engine.close();
    try (Arena arena = Arena.ofShared()) {
      IoSlot slot = new IoSlot(0);
      slot.buffer = arena.allocate(4096, 4096);
      slot.lengthBytes = 4096;
      assertThatThrownBy(() -> engine.submit(slot))
          .isInstanceOfSatisfying(
              ErrnoException.class, e -> assertThat(e.errno()).isEqualTo(Errno.EBADF));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void reapWithNothingToReapReturnsZeroInTime(String name) throws IOException {
    try (IoEngine engine = engine(name)) {
      engine.open(dir.resolve("idle"), new IoEngine.OpenOptions(false, true, true), 4);
      long start = System.nanoTime();
      int n = engine.reap(1, 100_000_000L, s -> fail("nothing was submitted"));
      assertThat(n).isZero();
      // Returns, rather than waits for ever; the bound allows for a machine busy elsewhere.
      assertThat(System.nanoTime() - start).isLessThan(LOADED_MACHINE_NANOS);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void aCompletionThatNeverComesTimesOutAndCloseDoesNotHang(String name) throws Exception {
    needsIo(name);
    Path fifo = Fifos.make(dir);
    // Holding both ends open lets the engine's read-only open return, and no byte ever comes.
    try (FileChannel holder =
            FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE);
        Arena arena = Arena.ofShared()) {
      IoEngine engine = engine(name);
      Fifos.submitAStuckRead(engine, fifo, arena);
      long start = System.nanoTime();
      List<IoSlot> reaped = new ArrayList<>();
      int n = engine.reap(1, 200_000_000L, reaped::add);
      Assumptions.assumeFalse(
          n == 1 && Errno.of(reaped.getFirst()) == Errno.ESPIPE,
          "this engine reads positionally (pread), which a pipe refuses at once");
      assertThat(reaped).as("nothing was written to the fifo").isEmpty();
      assertThat(n).isZero();
      long waited = System.nanoTime() - start;
      // Not before the timeout; after it, within what a busy machine may add.
      assertThat(waited).isBetween(150_000_000L, LOADED_MACHINE_NANOS);
      start = System.nanoTime();
      engine.close();
      // The threads engine waits up to 5 s for its stuck worker, io_uring 2 s for the cancel.
      assertThat(System.nanoTime() - start)
          .as("close with a request stuck")
          .isLessThan(5_000_000_000L + LOADED_MACHINE_NANOS);
      assertThat(holder.isOpen()).isTrue();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void aRehearsalCompletesEveryRequestWithoutTouchingTheFile(String name) throws IOException {
    needsIo(name);
    Path file = dir.resolve("rehearsed");
    try (Arena arena = Arena.ofShared();
        IoEngine engine = engine(name)) {
      engine.open(file, new IoEngine.OpenOptions(false, true, true), DEPTH);
      MemorySegment data = randomBytes(arena, 64 << 10, 13);
      List<Request> requests = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        requests.add(new Request(4096L * i, 4096, data.asSlice((i % 16) * 4096L, 4096), true));
      }
      assertThat(engine.rehearse(true)).isTrue();
      List<Completion> rehearsed = runRequests(engine, requests, DEPTH);
      assertThat(rehearsed).allSatisfy(c -> assertThat(c.result()).isEqualTo(4096));
      engine.sync();
      assertThat(Files.size(file)).as("nothing written in rehearsal").isZero();
      assertThat(engine.rehearse(false)).isTrue();
      List<Completion> done = runRequests(engine, requests, DEPTH);
      assertThat(done).allSatisfy(c -> assertThat(c.result()).isEqualTo(4096));
      engine.sync();
      assertThat(Files.size(file)).as("written after it").isEqualTo(4096L * 100);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void theRingRegistersItsFileAndBuffersUnlessRefused(String name) throws IOException {
    try (Arena arena = Arena.ofShared();
        IoEngine engine = engine(name)) {
      engine.open(dir.resolve("reg"), new IoEngine.OpenOptions(false, true, true), 4);
      boolean registered = engine.registerBuffers(arena.allocate(1 << 20, 4096));
      boolean uring = name.equals("uring");
      assertThat(engine.fixedFile()).as("file registered").isEqualTo(uring);
      if (uring && !registered) {
        // Only a limit on locked memory refuses 1 MiB; root is exempt (CAP_IPC_LOCK).
        Assumptions.assumeFalse(
            "root".equals(System.getProperty("user.name")), "refused under RLIMIT_MEMLOCK");
      }
      assertThat(registered).as("buffers registered").isEqualTo(uring);
      assertThat(engine.fixedBuffers()).isEqualTo(registered);
    }
  }

  private static void openOrSkip(IoEngine engine, Path file, IoEngine.OpenOptions options)
      throws IOException {
    try {
      engine.open(file, options, DEPTH);
    } catch (IOException e) {
      String message = String.valueOf(e.getMessage());
      boolean directRefused =
          options.direct()
              && (message.contains("O_DIRECT")
                  || message.toLowerCase(java.util.Locale.ROOT).contains("invalid"));
      Assumptions.assumeFalse(directRefused, "this file system refuses O_DIRECT: " + message);
      throw e;
    }
  }
}
