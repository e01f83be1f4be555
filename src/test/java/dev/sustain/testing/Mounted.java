package dev.sustain.testing;

import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A test parameter that is a freshly made {@link LoopFileSystem}: {@code void t(@Mounted(mebibytes
 * = 16) LoopFileSystem fs)}. It is made in a folder of its own before the test and unmounted, with
 * its image and folder removed, after it, so each test of a file system that fills up or refuses a
 * flag does not repeat the making, the root check and the clean-up.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(Mounted.Resolver.class)
public @interface Mounted {

  /** The mkfs that formats the image: mkfs.ext4 unless the test needs another file system. */
  String mkfs() default "mkfs.ext4";

  /** The image's size in MiB. */
  int mebibytes();

  /** Makes each {@code @Mounted} parameter and closes it when its test ends. */
  final class Resolver implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
      return parameter.isAnnotated(Mounted.class)
          && parameter.getParameter().getType() == LoopFileSystem.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
      Mounted wanted = parameter.findAnnotation(Mounted.class).orElseThrow();
      try {
        Path workDir = Files.createTempDirectory("sustain-mounted-");
        // Stored first, so the folder goes even when create skips the test (not root).
        Made made = new Made(workDir);
        context
            .getStore(ExtensionContext.Namespace.create(Mounted.class, parameter.getIndex()))
            .put("made", made);
        made.fs = LoopFileSystem.create(workDir, wanted.mkfs(), wanted.mebibytes());
        return made.fs;
      } catch (IOException e) {
        throw new AssertionError("could not make the loop file system: " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while making the loop file system", e);
      }
    }
  }

  /** What one parameter made: closed by JUnit when the test's context closes. */
  final class Made implements AutoCloseable {
    private final Path workDir;
    private LoopFileSystem fs;

    private Made(Path workDir) {
      this.workDir = workDir;
    }

    @Override
    public void close() throws Exception {
      if (fs != null) {
        fs.close();
      }
      try (Stream<Path> left = Files.walk(workDir)) {
        for (Path p : left.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }
}
