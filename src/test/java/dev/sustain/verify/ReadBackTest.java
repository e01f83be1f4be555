package dev.sustain.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.engine.IoEngine;
import dev.sustain.pattern.VerifiablePattern;
import dev.sustain.run.RunStatus;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadBackTest {

  private static final int K4 = 4096;
  private static final long MIB = 1 << 20;

  @TempDir Path dir;

  private ReadBack.Outcome verify(
      Path file, long expected, VerifiablePattern checker, List<long[]> failing, int qd)
      throws IOException {
    try (FaultyFileEngine engine = new FaultyFileEngine(failing)) {
      engine.open(file, new IoEngine.OpenOptions(false, false, false), qd);
      RunCounters counters = new RunCounters();
      ReadBack.Outcome o =
          new ReadBack(NanoClock.SYSTEM)
              .run(
                  engine,
                  new ReadBack.Job(
                      expected, Files.size(file), 1 << 20, qd, checker, 10_000_000_000L),
                  counters,
                  () -> false);
      assertThat(counters.bytes()).isEqualTo(o.bytesRead());
      return o;
    }
  }

  /**
   * {@code f} read back through {@code engine} (opened at the job's depth) as {@code job} says,
   * until {@code stop}.
   */
  private static ReadBack.Outcome readBack(
      FaultyFileEngine engine, Path f, ReadBack.Job job, BooleanSupplier stop) throws IOException {
    engine.open(f, new IoEngine.OpenOptions(false, false, false), job.queueDepth());
    return new ReadBack(NanoClock.SYSTEM).run(engine, job, new RunCounters(), stop);
  }

  /** The file {@code name} in the test's folder, {@code bytes} of {@code p} written into it. */
  private Path written(String name, VerifiablePattern p, long bytes) throws IOException {
    Path f = dir.resolve(name);
    DamageForTests.write(f, p, bytes);
    return f;
  }

  @Test
  void anUndamagedFilePassesAndEveryByteIsChecked() throws IOException {
    VerifiablePattern p = new VerifiablePattern(21, 0);
    Path f = written("good", p, 8 * MIB + 3 * K4);
    ReadBack.Outcome o = verify(f, 8 * MIB + 3 * K4, p, List.of(), 4);
    assertThat(o.end()).isEqualTo(RunStatus.COMPLETE);
    assertThat(o.bad().isEmpty()).isTrue();
    assertThat(o.checkedBytes()).isEqualTo(8 * MIB + 3 * K4);
  }

  @Test
  void namesExactlyTheDamagedExtentsAndTheirKinds() throws IOException {
    Path f = dir.resolve("damaged");
    VerifiablePattern p = new VerifiablePattern(22, 0);
    long size = 8 * MIB;
    DamageForTests.write(f, p, size);
    DamageForTests.zero(f, MIB + 2 * K4, K4); // one zeroed block
    DamageForTests.noise(f, 2 * MIB - K4, 3 * K4, 5); // noise across a request boundary
    DamageForTests.copy(f, 5 * MIB, 3 * MIB, 2 * K4); // two blocks in the wrong place
    DamageForTests.noise(f, 4 * MIB + 10, 100, 6); // a few bytes inside one block
    DamageForTests.truncate(f, size - 5 * K4 - 1000); // tail gone, the file ends inside a block

    ReadBack.Outcome o = verify(f, size, p, List.of(), 8);

    assertThat(o.bad().extents())
        .containsExactly(
            new BadExtent(MIB + 2 * K4, K4, BadKind.BLANK, -1),
            new BadExtent(2 * MIB - K4, 3 * K4, BadKind.CORRUPTED, -1),
            new BadExtent(3 * MIB, 2 * K4, BadKind.MISPLACED, 5 * MIB),
            new BadExtent(4 * MIB, K4, BadKind.CORRUPTED, -1),
            new BadExtent(size - 6 * K4, 6 * K4, BadKind.MISSING, -1));
    assertThat(o.checkedBytes()).isEqualTo(size - 6 * K4);
  }

  @Test
  void ioErrorsArePinnedToTheFailingBlocksByRereading() throws IOException {
    VerifiablePattern p = new VerifiablePattern(23, 50);
    Path f = written("eio", p, 4 * MIB);
    List<long[]> failing = List.of(new long[] {2 * MIB + 5 * K4, 2 * MIB + 7 * K4});

    ReadBack.Outcome o = verify(f, 4 * MIB, p, failing, 4);

    assertThat(o.end()).isEqualTo(RunStatus.COMPLETE);
    assertThat(o.bad().extents())
        .containsExactly(new BadExtent(2 * MIB + 5 * K4, 2 * K4, BadKind.UNREADABLE, -1));
    // The rest of the failed request was read again and checked.
    assertThat(o.checkedBytes()).isEqualTo(4 * MIB - 2 * K4);
  }

  @Test
  void withoutACheckerItOnlyMeasuresButStillSeesMissingAndUnreadable() throws IOException {
    Path f = dir.resolve("plain");
    Files.write(f, new byte[(int) (3 * MIB)]);
    List<long[]> failing = List.of(new long[] {K4, 2 * K4});
    ReadBack.Outcome o = verify(f, 4 * MIB, null, failing, 2);
    assertThat(o.checkedBytes()).isZero();
    assertThat(o.bytesRead()).isEqualTo(3 * MIB - K4);
    assertThat(o.bad().extents())
        .containsExactly(
            new BadExtent(K4, K4, BadKind.UNREADABLE, -1),
            new BadExtent(3 * MIB, MIB, BadKind.MISSING, -1));
  }

  @Test
  void aWrappedDriveShowsAsOneMisplacedExtentThatNamesTheShift() throws IOException {
    // A fake 8 MiB "drive" that really holds 4 MiB: writes past 4 MiB land at offset - 4 MiB.
    VerifiablePattern p = new VerifiablePattern(24, 0);
    Path f = written("wrapped", p, 8 * MIB);
    DamageForTests.copy(f, 4 * MIB, 0, (int) (4 * MIB));
    ReadBack.Outcome o = verify(f, 8 * MIB, p, List.of(), 4);
    assertThat(o.bad().extents())
        .containsExactly(new BadExtent(0, 4 * MIB, BadKind.MISPLACED, 4 * MIB));
  }

  @Test
  void aStopEndsTheReadAsInterruptedWithWhatWasCheckedSoFar() throws IOException {
    VerifiablePattern p = new VerifiablePattern(25, 0);
    Path f = written("stop", p, 8 * MIB);
    try (FaultyFileEngine engine = new FaultyFileEngine(List.of())) {
      int[] polls = {0};
      ReadBack.Outcome o =
          readBack(
              engine,
              f,
              new ReadBack.Job(8 * MIB, 8 * MIB, 1 << 20, 2, p, 10_000_000_000L),
              () -> ++polls[0] > 2);
      assertThat(o.end()).isEqualTo(RunStatus.INTERRUPTED);
      assertThat(o.checkedBytes()).isPositive().isLessThan(8 * MIB);
      assertThat(o.bad().isEmpty()).isTrue();
    }
  }

  @Test
  void aDeviceThatStopsAnsweringFailsTheReadAfterTheTimeout() throws IOException {
    VerifiablePattern p = new VerifiablePattern(26, 0);
    Path f = written("hang", p, 4 * MIB);
    try (FaultyFileEngine engine = new FaultyFileEngine(List.of())) {
      engine.hangFromOffset = 2 * MIB;
      ReadBack.Outcome o =
          readBack(
              engine,
              f,
              new ReadBack.Job(4 * MIB, 4 * MIB, 1 << 20, 2, p, 200_000_000L),
              () -> false);
      assertThat(o.end()).isEqualTo(RunStatus.FAILED);
      assertThat(o.error()).contains("stopped answering");
      assertThat(o.checkedBytes()).isEqualTo(2 * MIB);
    }
  }
}
