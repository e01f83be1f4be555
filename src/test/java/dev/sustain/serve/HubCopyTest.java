package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard reads the local copy of a hub's figures once for each version of the file, not on
 * every page view: a file whose time, size and identity are unchanged is not read again (shown by
 * spoiling its bytes in place behind those three), and a copy models --update renames over it, or
 * one rewritten in place, is read anew.
 */
class HubCopyTest {

  @TempDir Path dir;

  @Test
  void theCopyIsReadAgainOnlyWhenTheFileChanges() throws Exception {
    Path file = dir.resolve("hub-models.json");
    HubCopy copy = new HubCopy(file);
    assertThat(copy.current()).as("no copy yet").isEmpty();

    Files.writeString(file, "{\"models\":{\"A\":1}}", StandardCharsets.UTF_8);
    assertThat(copy.current().orElseThrow().path("models").has("A")).isTrue();

    // Same length, same time, same file: garbage behind an unchanged stamp is never parsed.
    FileTime written = Files.getLastModifiedTime(file);
    Files.writeString(file, "not json, nor that", StandardCharsets.UTF_8);
    assertThat(Files.size(file)).isEqualTo("{\"models\":{\"A\":1}}".length());
    Files.setLastModifiedTime(file, written);
    assertThat(copy.current().orElseThrow().path("models").has("A"))
        .as("the copy as it was read, not read again")
        .isTrue();

    // The same bytes given a new time: read again (and unreadable, so no copy).
    Files.setLastModifiedTime(file, FileTime.fromMillis(written.toMillis() + 5_000));
    assertThat(copy.current()).as("a changed time is read anew").isEmpty();

    // As models --update writes it: a new file renamed over the old one, at the old time.
    Path tmp = dir.resolve("hub-models.json.tmp");
    Files.writeString(tmp, "{\"models\":{\"B\":2}}", StandardCharsets.UTF_8);
    Files.setLastModifiedTime(tmp, written);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    assertThat(copy.current().orElseThrow().path("models").has("B"))
        .as("another file in its place is read anew")
        .isTrue();

    Files.delete(file);
    assertThat(copy.current()).as("a removed copy is gone").isEmpty();
  }
}
