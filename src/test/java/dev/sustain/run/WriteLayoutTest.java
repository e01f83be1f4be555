package dev.sustain.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.target.FileLayout;
import dev.sustain.testing.TestWriteParams;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which write runs preallocate their file, by the rules of issue 14. */
class WriteLayoutTest {

  @TempDir Path dir;

  private static WriteParams params(
      long sizeBytes, Duration time, String until, String engine, boolean preallocate) {
    return TestWriteParams.of(
        "/unused",
        sizeBytes,
        null,
        f -> {
          f.duration = time;
          f.engine = engine;
          f.until = until;
          f.preallocate = preallocate;
        });
  }

  private FileLayout layout(WriteParams p, long sizeBytes) throws Exception {
    Path file = dir.resolve("t.dat");
    Files.deleteIfExists(file);
    return WriteLayout.prepare(p, p.engine(), file, sizeBytes);
  }

  @Test
  void aKnownSizeIsPreallocatedWithOrWithoutATimeLimitOrTheFloorRule() throws Exception {
    long size = 8L << 20;
    for (WriteParams p :
        new WriteParams[] {
          params(size, null, null, "uring", true),
          params(size, Duration.ofSeconds(9), null, "uring", true),
          params(size, null, "floor", "threads", true)
        }) {
      FileLayout l = layout(p, size);
      assertThat(l.kind()).as("%s", p).isEqualTo(FileLayout.Kind.PREALLOCATED);
      assertThat(Files.size(dir.resolve("t.dat"))).as("%s", p).isEqualTo(size);
    }
  }

  @Test
  void anUnknownSizeIsWrittenSparseAndTheTextSaysWhy() throws Exception {
    FileLayout timeAlone = layout(params(-1, Duration.ofSeconds(9), null, "uring", true), -1);
    assertThat(timeAlone.kind()).isEqualTo(FileLayout.Kind.SPARSE);
    assertThat(timeAlone.note()).contains("--time without --size");
    // --until floor alone bounds the run by the free space, not by a size the user gave.
    FileLayout floorAlone = layout(params(-1, null, "floor", "uring", true), 1L << 40);
    assertThat(floorAlone.kind()).isEqualTo(FileLayout.Kind.SPARSE);
    assertThat(floorAlone.note()).contains("--until floor without --size");
    assertThat(dir.resolve("t.dat")).doesNotExist();
  }

  @Test
  void askedForSparseOrNoFileAtAll() throws Exception {
    FileLayout sparse = layout(params(8L << 20, null, null, "uring", false), 8L << 20);
    assertThat(sparse.kind()).isEqualTo(FileLayout.Kind.SPARSE);
    assertThat(sparse.note()).contains("--no-preallocate");
    FileLayout none = layout(params(8L << 20, null, null, "null", true), 8L << 20);
    assertThat(none.kind()).isEqualTo(FileLayout.Kind.NONE);
    assertThat(none.note()).isNull();
    assertThat(dir.resolve("t.dat")).doesNotExist();
  }
}
