package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.document.RunDocument;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.run.WriteParams;
import dev.sustain.run.WriteResult;
import dev.sustain.run.WriteRun;
import dev.sustain.sampling.SampleRow;
import dev.sustain.testing.LoopFileSystem;
import dev.sustain.testing.RunFolderRig;
import dev.sustain.testing.TestWriteParams;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code write} preallocates its file as fio does, records the layout, and falls back. */
class WritePreallocationTest {

  @TempDir Path dir;

  private static RunDocument.Result result(Path runFolder) {
    return RunFolderRig.document(runFolder).result();
  }

  private static RunDocument.Layout layout(Path runFolder) {
    return result(runFolder).layout().orElseThrow(() -> new AssertionError("no layout"));
  }

  private Cli.Result write(Path target, Path out, String... more) {
    String[] args = new String[6 + more.length];
    args[0] = "write";
    args[1] = target.toString();
    args[2] = "--size";
    args[3] = "16MiB";
    args[4] = "--out";
    args[5] = out.toString();
    System.arraycopy(more, 0, args, 6, more.length);
    return Cli.run(args);
  }

  @Test
  void aSizedRunIsPreallocatedAndTheLayoutIsRecordedApartFromTheRate() throws Exception {
    Path out = dir.resolve("run");
    Cli.Result r = write(Files.createDirectories(dir.resolve("t")), out, "--interval", "100ms");
    assertThat(r.exitCode()).as(r.err()).isZero();
    RunDocument.Result result = result(out);
    assertThat(layout(out).kind()).isEqualTo("preallocated");
    assertThat(layout(out).seconds().getAsDouble()).isGreaterThanOrEqualTo(0);
    assertThat(result.bytes()).hasValue(16L << 20);
    assertThat(r.out()).contains("Layout: preallocated 16.8 MB in ");
  }

  @Test
  void noPreallocateWritesASparseFileAndSaysSo() throws Exception {
    Path out = dir.resolve("run");
    Cli.Result r = write(Files.createDirectories(dir.resolve("t")), out, "--no-preallocate");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(layout(out).kind()).isEqualTo("sparse");
    assertThat(layout(out).seconds()).hasValue(0.0);
    assertThat(r.out()).contains("Layout: not preallocated (--no-preallocate");
  }

  @Test
  void theNullEngineHasNoFileToLayOut() throws Exception {
    Path out = dir.resolve("run");
    Cli.Result r = write(Files.createDirectories(dir.resolve("t")), out, "--engine", "null");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(layout(out).kind()).isEqualTo("none");
    assertThat(r.out()).doesNotContain("Layout:");
  }

  @Test
  void aKeptFileOfAnInterruptedRunIsCutToWhatWasWritten() throws Exception {
    Path target = Files.createDirectories(dir.resolve("t"));
    long size = 2L << 30; // allocated at once on a real file system; written for 0.1 s only
    WriteParams p =
        TestWriteParams.of(
            target.toString(),
            size,
            dir.resolve("run"),
            f -> {
              f.queueDepth = 8;
              f.intervalNanos = 100_000_000L;
              f.keep = true;
            });
    AtomicBoolean stop = new AtomicBoolean();
    RunObserver stopAtFirstRow =
        new RunObserver() {
          @Override
          public void sample(SampleRow row, long totalBytes, double elapsedSeconds) {
            stop.set(true);
          }
        };
    WriteResult r = new WriteRun(p, stopAtFirstRow, stop, AnalysisWords.FORMS).run();
    assertThat(r.status()).isEqualTo(RunStatus.INTERRUPTED);
    assertThat(layout(r.runFolder()).kind()).isEqualTo("preallocated");
    assertThat(r.bytes()).isLessThan(size);
    assertThat(Files.size(r.testFile())).isEqualTo(r.bytes());
  }

  @Test
  void onExt4TheFileIsPreallocatedAndOnExt2ItFallsBackToSparse() throws Exception {
    try (LoopFileSystem ext4 = LoopFileSystem.create(dir, "mkfs.ext4", 64)) {
      Path out = dir.resolve("run4");
      Cli.Result r = write(ext4.dir(), out);
      assertThat(r.exitCode()).as(r.err()).isZero();
      assertThat(layout(out).kind()).isEqualTo("preallocated");
    }
    try (LoopFileSystem ext2 = LoopFileSystem.create(dir, "mkfs.ext2", 64)) {
      Path out = dir.resolve("run2");
      Cli.Result r = write(ext2.dir(), out);
      assertThat(r.exitCode()).as(r.err()).isZero();
      assertThat(layout(out).kind()).isEqualTo("sparse");
      assertThat(result(out).bytes()).hasValue(16L << 20);
      assertThat(layout(out).note().orElseThrow())
          .contains("cannot preallocate: Operation not supported");
      assertThat(r.out()).contains("Layout: not preallocated (the file system at " + ext2.dir());
    }
  }
}
