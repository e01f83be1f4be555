package dev.sustain.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The two libc calls behind the copy's flush and its cache-free read-back. */
class PageCacheTest {

  @TempDir Path dir;

  @Test
  void syncsTheFileSystemAndDropsAFilesPages() throws Exception {
    Assumptions.assumeTrue(
        System.getProperty("os.name").startsWith("Linux"), "syncfs and posix_fadvise are Linux's");
    assertThat(PageCache.available()).isTrue();
    Path f = Files.write(dir.resolve("f"), new byte[1 << 20]);
    assertThat(PageCache.syncFileSystem(dir)).isTrue();
    assertThat(PageCache.drop(f)).isTrue();
    assertThat(PageCache.drop(dir.resolve("missing"))).as("no such file").isFalse();
    assertThat(PageCache.syncFileSystem(dir.resolve("missing"))).isFalse();
  }
}
