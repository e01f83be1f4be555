package dev.sustain.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.ChildJvm;
import dev.sustain.testing.GermanLocale;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one mapping from a JDK exception to its errno, and the errno the engines report for real
 * failures, whatever the words.
 */
class ErrnoExceptionTest {

  @TempDir Path dir;

  @Test
  void jdkExceptionsGetTheirErrnoByTypeOrByTheCLibrarysWords() {
    assertThat(ErrnoException.from(new NoSuchFileException("/x/y")).errno())
        .isEqualTo(Errno.ENOENT);
    assertThat(ErrnoException.from(new NoSuchFileException("/x/y")).getMessage())
        .isEqualTo("/x/y: No such file or directory (ENOENT)");
    assertThat(ErrnoException.from(new AccessDeniedException("/x")).errno())
        .isEqualTo(Errno.EACCES);
    assertThat(ErrnoException.from(new ClosedChannelException()).errno()).isEqualTo(Errno.EBADF);
    assertThat(ErrnoException.from(new IOException("No space left on device")).errno())
        .isEqualTo(Errno.ENOSPC);
    assertThat(
            ErrnoException.from(new FileSystemException("/mnt/f", null, "Invalid argument"))
                .errno())
        .isEqualTo(Errno.EINVAL);
    // The JDK's own check of O_DIRECT alignment, before the kernel sees the request.
    assertThat(
            ErrnoException.from(
                    new IOException(
                        "Channel position (4097) is not a multiple of the block size (4096)"))
                .errno())
        .isEqualTo(Errno.EINVAL);
    assertThat(ErrnoException.from(new IOException("something else entirely")).errno()).isZero();
    assertThat(ErrnoException.from(new IOException((String) null)).errno()).isZero();
    ErrnoException already = new ErrnoException("words that say nothing", Errno.EIO);
    assertThat(ErrnoException.from(already)).isSameAs(already);
    assertThat(ErrnoException.errnoOf(new IOException("No space left on device")))
        .as("errnoOf reads no text")
        .isZero();
  }

  @Test
  void aMissingFileIsEnoentFromEveryEngineThatOpensFiles() {
    List<IoEngine> engines = new ArrayList<>(List.of(new ThreadsEngine()));
    if (IoUringEngine.isAvailable()) {
      engines.add(new IoUringEngine());
    }
    for (IoEngine engine : engines) {
      try (engine) {
        engine.open(dir.resolve("missing"), new IoEngine.OpenOptions(false, true, false), 1);
        throw new AssertionError(engine.name() + " opened a missing file");
      } catch (ErrnoException e) {
        assertThat(e.errno()).as(engine.name() + ": " + e.getMessage()).isEqualTo(Errno.ENOENT);
      }
    }
  }

  @Test
  void aFullDeviceIsEnospcThroughTheThreadsEngine() throws Exception {
    Assumptions.assumeTrue(Files.isWritable(Path.of("/dev/full")), "no writable /dev/full here");
    String[] reply = runFullDeviceMain(Map.of()).split("\\|", 2);
    assertThat(Integer.parseInt(reply[0])).as(reply[1]).isEqualTo(Errno.ENOSPC);
  }

  /**
   * The JDK words its I/O errors in the user's language (strerror in the process's locale), so a
   * German system says "Auf dem Gerät ist kein Speicherplatz mehr verfügbar": still ENOSPC.
   */
  @Test
  void aFullDeviceIsEnospcInAnotherLanguage() throws Exception {
    Assumptions.assumeTrue(Files.isWritable(Path.of("/dev/full")), "no writable /dev/full here");
    String[] reply = runFullDeviceMain(GermanLocale.environment(dir)).split("\\|", 2);
    Assumptions.assumeFalse(
        reply[1].contains("No space left"), "the German locale did not take: " + reply[1]);
    assertThat(Integer.parseInt(reply[0])).as(reply[1]).isEqualTo(Errno.ENOSPC);
  }

  /** Runs {@link FullDeviceMain} in a new JVM with {@code env} added to its environment. */
  private static String runFullDeviceMain(Map<String, String> env) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(
                ChildJvm.command("--enable-native-access=ALL-UNNAMED", FullDeviceMain.class))
            .redirectErrorStream(true);
    builder.environment().putAll(env);
    Process p = builder.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the child JVM ended").isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out.lines().reduce((a, b) -> b).orElse("");
  }

  @Test
  void theSameErrnoInOtherWordsIsTheSameToASlot() throws Exception {
    try (Arena arena = Arena.ofConfined()) {
      for (String words :
          List.of(
              "No space left on device",
              "Auf dem Gerät ist kein Speicherplatz mehr verfügbar",
              "Plus d'espace disponible sur le périphérique",
              "")) {
        IoSlot slot = new IoSlot(0);
        slot.buffer = arena.allocate(8);
        slot.result = -1;
        slot.failure = new ErrnoException(words, Errno.ENOSPC);
        assertThat(Errno.of(slot)).as(words).isEqualTo(Errno.ENOSPC);
      }
    }
  }
}
