package dev.sustain.device;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One wording for what users read: "file system", never "filesystem" (issue 29: {@code info} said
 * "it holds the root filesystem" where a refusal said "it holds the root file system"). Only the
 * words of string literals count; "filesystem" as a JSON key (a literal of that word alone) is a
 * name, not prose.
 */
class FileSystemWordingTest {

  private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

  @Test
  void everyMessageSaysFileSystem() throws Exception {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Path.of("src/main/java/dev/sustain"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        for (String line : Files.readAllLines(file)) {
          if (line.strip().startsWith("*") || line.strip().startsWith("//")) {
            continue; // comments
          }
          Matcher m = LITERAL.matcher(line);
          while (m.find()) {
            String text = m.group(1);
            if (!text.equals("filesystem") && text.toLowerCase().contains("filesystem")) {
              found.add(file.getFileName() + ": " + text);
            }
          }
        }
      }
    }
    assertThat(found).isEmpty();
  }

  @Test
  void theRootFileSystemIsNamedAsElsewhere() {
    BlockUsage usage =
        new BlockUsage(
            "vda",
            List.of("vda1"),
            List.of(new BlockUsage.Mounted("vda1", "/", "ext4")),
            List.of(),
            List.of());
    assertThat(usage.reasonsInUse()).first().isEqualTo("it holds the root file system");
  }
}
