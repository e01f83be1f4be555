package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A read-only file system is a refusal, said before anything is written: one line naming it and
 * exit 2, for every command that writes into a folder the user names. Needs root (to mount a
 * read-only tmpfs); skips elsewhere.
 */
@Tag("root")
class ReadOnlyTargetTest {

  private static Path mount;
  private static Path writable;

  @BeforeAll
  static void mountReadOnly() throws Exception {
    Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")), "mounting a read-only tmpfs needs root");
    mount = Files.createTempDirectory("sustain-ro-");
    writable = Files.createTempDirectory("sustain-rw-");
    Files.writeString(writable.resolve("a.txt"), "a file to copy");
    Process p =
        new ProcessBuilder("mount", "-t", "tmpfs", "-o", "ro,size=256m", "tmpfs", mount.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes());
    Assumptions.assumeTrue(p.waitFor() == 0, "cannot mount a tmpfs here: " + out);
  }

  @AfterAll
  static void unmount() throws Exception {
    if (mount != null) {
      new ProcessBuilder("umount", mount.toString()).start().waitFor();
      Files.deleteIfExists(mount);
    }
    if (writable != null) {
      try (var s = Files.walk(writable)) {
        for (Path f : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(f);
        }
      }
    }
  }

  static List<String> commands() {
    return List.of(
        "write RO --size 1MiB",
        "write RO/new.dat --size 1MiB",
        "write RW --size 1MiB --out RO/run",
        "fill RO --file-size 1MiB",
        "sweep RO --size-per-point 4MiB --bs 1MiB --qd 1 --write-only",
        "dataset photos RO/d --size 1MB",
        "copy RW RO/copy");
  }

  @ParameterizedTest
  @MethodSource("commands")
  void aReadOnlyFileSystemIsARefusal(String command) throws Exception {
    List<String> args = new ArrayList<>();
    for (String a : command.split(" ")) {
      args.add(a.replace("RO", mount.toString()).replace("RW", writable.toString()));
    }
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    String verb = command.split(" ")[0];
    Cli.assertBadInput(command + ": " + r.err(), r);
    assertThat(r.err().strip())
        .as(command)
        .startsWith("sustain " + verb + ": cannot write ")
        .endsWith("is on a read-only file system")
        .hasLineCount(1);
  }
}
