package dev.sustain.testing;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real block device for a test: a sparse image in /dev/shm attached to a free loop device (root
 * only; the test is skipped with the reason otherwise). Closing it undoes whatever a test may have
 * left on the device (a swap, a mount), detaches it and removes the image.
 *
 * @param image the backing image
 * @param device the device's path, e.g. /dev/loop3
 */
public record LoopDevice(Path image, String device) implements AutoCloseable {

  /** A loop device over a new image of {@code bytes}, named after {@code what} and this JVM. */
  public static LoopDevice attach(String what, long bytes) throws Exception {
    Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")), "loop devices need root");
    Path image = Path.of("/dev/shm/sustain-" + what + "-" + ProcessHandle.current().pid() + ".img");
    try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
      f.setLength(bytes);
    }
    try {
      return new LoopDevice(image, sh("losetup", "--find", "--show", image.toString()));
    } catch (Exception | AssertionError e) {
      Files.deleteIfExists(image);
      throw e;
    }
  }

  /**
   * A new loop device for each test of a class, detached after it: {@code @RegisterExtension final
   * LoopDevice.Each loop = LoopDevice.each("trim", 64L << 20);} (skipped where not root).
   */
  public static Each each(String what, long bytes) {
    return new Each(what, bytes);
  }

  /** The extension {@link #each} makes: the device of the test that runs. */
  public static final class Each implements BeforeEachCallback, AfterEachCallback {
    private final String what;
    private final long bytes;
    private LoopDevice attached;

    private Each(String what, long bytes) {
      this.what = what;
      this.bytes = bytes;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
      attached = attach(what, bytes);
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
      if (attached != null) {
        attached.close();
        attached = null;
      }
    }

    /** The running test's device, e.g. /dev/loop3. */
    public String device() {
      return attached.device();
    }

    /** Its backing image. */
    public Path image() {
      return attached.image();
    }
  }

  /** Runs a command that must succeed; what it printed, stripped. */
  public static String sh(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    Await.ended(p, String.join(" ", cmd));
    if (p.exitValue() != 0) {
      throw new AssertionError(String.join(" ", cmd) + ": " + out);
    }
    return out.strip();
  }

  @Override
  public void close() throws Exception {
    new ProcessBuilder("swapoff", device).start().waitFor();
    new ProcessBuilder("umount", "-l", device).start().waitFor();
    new ProcessBuilder("losetup", "-d", device).start().waitFor();
    Files.deleteIfExists(image);
  }
}
