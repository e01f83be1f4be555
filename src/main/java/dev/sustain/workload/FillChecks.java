package dev.sustain.workload;

import dev.sustain.run.RequestChecks;
import dev.sustain.target.WritableFolder;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The checks of a fill that need nothing written: the folder exists and can be written, the sizes
 * make sense, the request size, depth and interval are valid, and a run folder given with --out is
 * not on the file system being filled. {@link FillRun} applies them as it starts; a group of fills
 * applies them to every folder before any of them starts. Stateless.
 */
public final class FillChecks {

  private FillChecks() {}

  /** Refuses, with a {@link UsageException}, what a fill would refuse before writing anything. */
  public static void preflight(FillParams params) throws IOException {
    Path dir = params.dir().toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new UsageException(
          Files.exists(dir) ? dir + " is not a folder" : "folder " + dir + " does not exist");
    }
    WritableFolder.require(dir, "test files in");
    if (params.fileBytes() <= 0) {
      throw new UsageException("--file-size must be more than 0 bytes");
    }
    if (params.limitBytes() == 0) {
      throw new UsageException("--limit must be more than 0 bytes");
    }
    // A fill writes its own random pool in files of --file-size: only its requests need checking.
    new RequestChecks(params.blockBytes(), params.queueDepth(), params.intervalNanos()).check();
    if (params.engine().equals("null") && params.limitBytes() < 0) {
      throw new UsageException(
          "the null engine writes nothing, so the file system never fills: give --limit");
    }
    if (params.out() != null) {
      long free = Files.getFileStore(dir).getUsableSpace();
      if (params.limitBytes() < 0 || params.limitBytes() + (64L << 20) > free) {
        FillRun.refuseRunFolderOnFilledFileSystem(dir, params.out());
      }
    }
  }
}
