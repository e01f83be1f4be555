package dev.sustain.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.run.RunStatus;
import dev.sustain.sampling.RunCounters;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The copy's read-back check catches what a drive can do wrong to a copy. */
class CopyRunTest {

  @TempDir Path dir;
  Path src;

  @BeforeEach
  void source() throws Exception {
    src = dir.resolve("src");
    Dataset.write(src, Dataset.plan(DatasetKind.PHOTOS, 3_000_000, 5), () -> false);
  }

  private static void flipOneByte(Path file, long offset) throws java.io.IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(offset);
      int b = f.read();
      f.seek(offset);
      f.write(b ^ 0x40);
    }
  }

  @Test
  void aByteDamagedBetweenCopyAndReadBackFailsThePassAndKeepsTheCopy() throws Exception {
    Path dst = dir.resolve("dst");
    List<TreeCopier.SourceFile> files = TreeCopier.scan(src);
    TreeCopier.SourceFile victim = files.get(files.size() / 2);
    long offset = victim.bytes() - 1; // the last byte: the short tail chunk is checked too
    CopyParams params =
        new CopyParams(
            src, dst, 2, Duration.ZERO, 1 << 20, 100_000_000L, dir.resolve("run"), false);
    CopyResult r =
        new CopyRun(
                params,
                CopyRun.Observer.SILENT,
                () -> false,
                (pass, passDir) -> flipOneByte(passDir.resolve(victim.relative()), offset))
            .run();
    assertThat(r.status()).isEqualTo(RunStatus.COMPLETE);
    assertThat(r.verified()).isFalse();
    assertThat(r.passes()).as("the session stops at the first bad pass").hasSize(1);
    PassResult p = r.passes().getFirst();
    assertThat(p.verified()).isFalse();
    assertThat(p.problems()).isEqualTo(1);
    assertThat(p.firstProblem()).contains(victim.relative()).contains("differs");
    assertThat(CopyRun.passDir(dst, 1).resolve(victim.relative())).exists();
  }

  private CopyResult copy(Path dst, boolean keep) throws Exception {
    CopyParams params =
        new CopyParams(
            src,
            dst,
            1,
            Duration.ZERO,
            1 << 20,
            100_000_000L,
            dir.resolve("run-" + dst.getFileName()),
            keep);
    return new CopyRun(params, CopyRun.Observer.SILENT, () -> false, (pass, passDir) -> {}).run();
  }

  /**
   * A verified copy removes its passes' copies (without --keep): a destination it made for them is
   * taken away too, as a failed copy's is, and the user's own folder stays (issue 29).
   */
  @Test
  void aCopyLeavesNoEmptyDestinationItMade() throws Exception {
    Path made = dir.resolve("dst");
    CopyResult r = copy(made, false);
    assertThat(r.status()).isEqualTo(RunStatus.COMPLETE);
    assertThat(r.verified()).isTrue();
    assertThat(made).doesNotExist();

    Path users = Files.createDirectories(dir.resolve("users"));
    assertThat(copy(users, false).verified()).isTrue();
    assertThat(users).isEmptyDirectory();

    Path kept = dir.resolve("kept");
    assertThat(copy(kept, true).verified()).isTrue();
    assertThat(CopyRun.passDir(kept, 1)).isDirectory();
  }

  @Test
  void theCheckerFindsMissingExtraShortAndChangedFiles() throws Exception {
    Path copy = dir.resolve("copy");
    List<TreeCopier.SourceFile> files = TreeCopier.scan(src);
    TreeCopier copier = new TreeCopier(1 << 20, () -> false);
    RunCounters writes = new RunCounters();
    Map<String, TreeCopier.Digest> digests = new HashMap<>();
    for (TreeCopier.SourceFile f : files) {
      digests.put(
          f.relative(),
          copier.copyFile(src.resolve(f.relative()), copy.resolve(f.relative()), writes));
    }
    assertThat(writes.bytes()).isEqualTo(3_000_000L);
    RunCounters reads = new RunCounters();
    TreeCopier.Check clean = copier.verify(copy, files, digests, reads);
    assertThat(clean.verified()).isTrue();
    assertThat(reads.bytes()).isEqualTo(3_000_000L);

    Files.delete(copy.resolve(files.get(0).relative()));
    try (RandomAccessFile f =
        new RandomAccessFile(copy.resolve(files.get(1).relative()).toFile(), "rw")) {
      f.setLength(f.length() - 1);
    }
    flipOneByte(copy.resolve(files.get(2).relative()), 0);
    Files.writeString(copy.resolve("stray.txt"), "not in the source");
    TreeCopier.Check bad = copier.verify(copy, files, digests, new RunCounters());
    assertThat(bad.verified()).isFalse();
    assertThat(bad.problems()).isEqualTo(4);
    assertThat(bad.firstProblem()).contains(files.get(0).relative()).contains("missing");
  }
}
