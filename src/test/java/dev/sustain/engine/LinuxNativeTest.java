package dev.sustain.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each call LinuxNative makes by number through syscall(2), on the real kernel: its effect, and the
 * negated errno of a failure. A wrong number for this architecture makes another call, which shows
 * here as a wrong result or errno. (Only the machine's own architecture can be checked.)
 */
class LinuxNativeTest {

  @TempDir Path dir;

  @BeforeEach
  void needsNativeCalls() {
    assumeTrue(LinuxNative.UNAVAILABLE == null, "native calls: " + LinuxNative.UNAVAILABLE);
  }

  @Test
  void openFallocateFsyncAndCloseDoWhatTheyName() throws IOException {
    Path file = dir.resolve("f");
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment errno = LinuxNative.newErrnoBuffer(arena);
      int fd =
          LinuxNative.open(
              errno,
              arena.allocateFrom(file.toString()),
              LinuxNative.O_WRONLY | LinuxNative.O_CREAT,
              0640);
      assertThat(fd).isGreaterThan(2);
      assertThat(LinuxNative.fallocate(errno, fd, 0, 0, 3 << 20)).isZero();
      assertThat(LinuxNative.fsync(errno, fd)).isZero();
      assertThat(LinuxNative.close(errno, fd)).isZero();
      assertThat(Files.size(file)).isEqualTo(3L << 20);
      assertThat(Files.getPosixFilePermissions(file).toString())
          .isEqualTo("[OWNER_READ, OWNER_WRITE, GROUP_READ]");
      // The descriptor is gone: a second close and an fsync on it are EBADF.
      assertThat(LinuxNative.close(errno, fd)).isEqualTo(-Errno.EBADF);
      assertThat(LinuxNative.fsync(errno, fd)).isEqualTo(-Errno.EBADF);
    }
  }

  @Test
  void aFailedOpenIsItsErrno() {
    assertThat(LinuxNative.openPath(dir.resolve("missing"), LinuxNative.O_RDONLY, 0))
        .isEqualTo(-Errno.ENOENT);
    assertThat(
            LinuxNative.openPath(
                dir, LinuxNative.O_WRONLY | LinuxNative.O_CREAT | LinuxNative.O_EXCL, 0600))
        .isEqualTo(-Errno.EEXIST);
  }

  @Test
  void mmapMapsTheFileSharedAndMunmapUnmapsIt() throws IOException {
    Path file = dir.resolve("m");
    int pageBytes = 4096;
    try (FileChannel ch =
        FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.wrap(new byte[2 * pageBytes]));
      ch.write(ByteBuffer.wrap("sustain".getBytes(StandardCharsets.US_ASCII)), pageBytes);
    }
    int rdwr = 2;
    int fd = LinuxNative.openPath(file, rdwr, 0);
    assertThat(fd).isGreaterThan(2);
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment errno = LinuxNative.newErrnoBuffer(arena);
      long address = LinuxNative.mmapShared(errno, pageBytes, fd, pageBytes);
      assertThat(address).isPositive();
      MemorySegment page = MemorySegment.ofAddress(address).reinterpret(pageBytes);
      assertThat(page.getString(0, StandardCharsets.US_ASCII)).isEqualTo("sustain");
      page.set(ValueLayout.JAVA_BYTE, 0, (byte) 'S'); // shared: reaches the file
      assertThat(LinuxNative.munmap(errno, address, pageBytes)).isZero();
      // An offset that is not a multiple of the page is EINVAL, as mmap(2) says.
      assertThat(LinuxNative.mmapShared(errno, pageBytes, fd, 1)).isEqualTo(-Errno.EINVAL);
      assertThat(LinuxNative.close(errno, fd)).isZero();
    }
    byte[] bytes = Files.readAllBytes(file);
    assertThat(new String(bytes, pageBytes, 7, StandardCharsets.US_ASCII)).isEqualTo("Sustain");
  }
}
