package dev.sustain.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A small real file system for tests that must fill one: a tmpfs mounted on a folder (root only;
 * tests skip with the reason elsewhere). Unmounted on close.
 */
public final class Tmpfs implements AutoCloseable {

  private final Path dir;

  private Tmpfs(Path dir) {
    this.dir = dir;
  }

  /** Mounts a tmpfs of {@code mebibytes} on {@code dir} (made when missing), or skips the test. */
  public static Tmpfs mount(Path dir, int mebibytes) throws IOException, InterruptedException {
    Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "needs root to mount a small tmpfs to fill (run the tests as root, as CI does)");
    Files.createDirectories(dir);
    Process p =
        new ProcessBuilder(
                "mount", "-t", "tmpfs", "-o", "size=" + mebibytes + "m", "tmpfs", dir.toString())
            .redirectErrorStream(true)
            .start();
    boolean done = p.waitFor(20, TimeUnit.SECONDS);
    String output = new String(p.getInputStream().readAllBytes());
    Assumptions.assumeTrue(
        done && p.exitValue() == 0,
        "could not mount a tmpfs here (a container without it?): " + output);
    return new Tmpfs(dir);
  }

  public Path dir() {
    return dir;
  }

  @Override
  public void close() throws IOException, InterruptedException {
    new ProcessBuilder("umount", dir.toString()).inheritIO().start().waitFor(20, TimeUnit.SECONDS);
  }
}
