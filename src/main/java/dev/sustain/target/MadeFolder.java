package dev.sustain.target;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A folder a command makes (a run folder, a copy's destination) with the folders above it that it
 * had to make too, remembered so that a run which fails before it puts anything there can take them
 * away again: a refused run leaves the disk as it found it. A folder that was there before is never
 * removed, nor one that holds anything.
 */
public final class MadeFolder {

  private final Path dir;

  /** The highest folder this one made, or null when {@link #dir} was there already. */
  private final Path topMade;

  private MadeFolder(Path dir, Path topMade) {
    this.dir = dir;
    this.topMade = topMade;
  }

  /** Makes {@code dir} and any missing folder above it ({@link Files#createDirectories}). */
  public static MadeFolder make(Path dir) throws IOException {
    Path absolute = dir.toAbsolutePath().normalize();
    Path top = null;
    for (Path p = absolute; p != null && !Files.exists(p); p = p.getParent()) {
      top = p;
    }
    Files.createDirectories(dir);
    return new MadeFolder(absolute, top);
  }

  /** True when {@link #make} made the folder itself (it was not there before). */
  public boolean made() {
    return topMade != null;
  }

  /**
   * Removes the folder when this run made it and it is empty, and each folder above it that the run
   * made and that is empty then. Quietly leaves anything it cannot remove: the failure that brought
   * the run here is the one to tell.
   *
   * @return true when the folder itself was removed
   */
  public boolean removeIfEmpty() {
    if (topMade == null) {
      return false;
    }
    for (Path p = dir; p != null && p.startsWith(topMade); p = p.getParent()) {
      try {
        Files.deleteIfExists(p);
      } catch (DirectoryNotEmptyException e) {
        return !Files.exists(dir);
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }
}
