package dev.sustain.target;

import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The check every command makes before it writes into a folder the user named (a target, a run
 * folder, a destination): a folder on a read-only file system or one this user may not write is a
 * refusal, said in one line before anything is written (exit 2), never an I/O error halfway.
 * Stateless.
 */
public final class WritableFolder {

  private WritableFolder() {}

  /**
   * Refuses {@code dir} (which may not exist yet: its nearest existing ancestor is checked) when
   * nothing can be written there.
   *
   * @param what what the folder is for, e.g. {@code the run folder}
   * @throws UsageException naming the folder and why
   */
  public static void require(Path dir, String what) {
    Path p = dir.toAbsolutePath().normalize();
    Path existing = p;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return; // nothing exists up to the root: the creation reports it
    }
    boolean readOnly;
    try {
      readOnly = Files.getFileStore(existing).isReadOnly();
    } catch (IOException e) {
      readOnly = false;
    }
    if (readOnly) {
      throw new UsageException(
          "cannot write " + what + " " + p + ": " + existing + " is on a read-only file system");
    }
    if (!Files.isWritable(existing)) {
      throw new UsageException(
          "cannot write " + what + " " + p + ": permission denied in " + existing);
    }
  }
}
