package dev.sustain.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.share.HubModels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Objects;
import java.util.Optional;

/**
 * The local copy of a hub's figures as the dashboard last read it, read again only when the file
 * changed: its modification time, size or identity (models --update writes a new file and renames
 * it over the old one). A run page asks for it on every view, and the copy can hold thousands of
 * models; one stat a view is all that costs now. Safe for Javalin's request threads.
 */
final class HubCopy {

  private final Path file;

  /** What the file was when it was last read (null: never read, or there was none). */
  private Stamp readAt;

  private Optional<JsonNode> cache = Optional.empty();

  HubCopy(Path file) {
    this.file = file;
  }

  /** The copy as it is on disk now, parsed at most once for each version of the file. */
  synchronized Optional<JsonNode> current() {
    Stamp now = Stamp.of(file);
    if (now == null) {
      readAt = null;
      cache = Optional.empty();
    } else if (!now.equals(readAt)) {
      cache = HubModels.read(file);
      readAt = now;
    }
    return cache;
  }

  /** A version of the file: when it was written, how long it is, and which file it is. */
  private record Stamp(FileTime modified, long sizeBytes, Object fileKey) {

    static Stamp of(Path file) {
      try {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return a.isRegularFile() ? new Stamp(a.lastModifiedTime(), a.size(), a.fileKey()) : null;
      } catch (IOException e) {
        return null; // no copy (models --update not run): no line, as before
      }
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Stamp s
          && modified.equals(s.modified)
          && sizeBytes == s.sizeBytes
          && Objects.equals(fileKey, s.fileKey);
    }

    @Override
    public int hashCode() {
      return Objects.hash(modified, sizeBytes, fileKey);
    }
  }
}
