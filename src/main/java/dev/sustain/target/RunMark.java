package dev.sustain.target;

import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Properties;

/**
 * A run's mark beside its test files: {@code sustain-test-RUNID.run} in the target folder, naming
 * the run folder, locked (an fcntl lock, released by the kernel when the process ends, however it
 * ends) for as long as the run goes. Another run that finds test files in the same folder can then
 * tell a live run (the mark is locked) from a killed one (the mark is there, unlocked: the warning
 * names the run folder to pass to {@code clean}) and from a kept file ({@code --keep}: the mark
 * says so). Not thread-safe; one per run.
 */
public final class RunMark implements AutoCloseable {

  /** The suffix of marks; test files are {@code sustain-test-RUNID[...].dat}. */
  static final String SUFFIX = ".run";

  /**
   * Marks this process holds. An fcntl lock belongs to the process, and closing any descriptor of
   * the file drops it: so this process never opens its own live marks to probe them.
   */
  private static final java.util.Set<Path> HELD =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  private final Path path;
  private final Path runFolder;
  private final FileChannel channel;
  private final FileLock lock;
  private boolean kept;

  private RunMark(Path path, Path runFolder, FileChannel channel, FileLock lock) {
    this.path = path;
    this.runFolder = runFolder;
    this.channel = channel;
    this.lock = lock;
  }

  /** The mark of run {@code runId} in {@code folder}. */
  public static Path pathFor(Path folder, String runId) {
    return folder.resolve(TestFile.PREFIX + runId + SUFFIX);
  }

  /**
   * Marks run {@code runId} as writing in {@code folder} (before its first test file exists, so no
   * other run ever sees the file without the mark).
   *
   * @param runFolder the run folder that {@code clean} takes
   */
  public static RunMark take(Path folder, String runId, Path runFolder) throws IOException {
    Path p = pathFor(folder, runId);
    // A dead run's mark of the same id (a resumed fill) is taken over; a live one is refused.
    FileChannel ch =
        FileChannel.open(
            p, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
    try {
      FileLock lock = ch.tryLock();
      if (lock == null) {
        throw new UsageException(
            "run " + runId + " is still writing in " + folder + "; stop it first");
      }
      RunMark mark = new RunMark(p, runFolder.toAbsolutePath().normalize(), ch, lock);
      HELD.add(p.toAbsolutePath().normalize());
      mark.write();
      return mark;
    } catch (IOException | RuntimeException e) {
      HELD.remove(p.toAbsolutePath().normalize());
      ch.close();
      throw e;
    }
  }

  /** The run's test file stays (--keep): the mark stays too and says so, for the next run. */
  public void keep() throws IOException {
    kept = true;
    write();
  }

  private void write() throws IOException {
    Properties p = new Properties();
    p.setProperty("run_folder", runFolder.toString());
    p.setProperty("pid", Long.toString(ProcessHandle.current().pid()));
    p.setProperty("kept", Boolean.toString(kept));
    java.io.StringWriter text = new java.io.StringWriter();
    p.store(text, "Sustain: the run that owns the sustain-test files of this id");
    channel.truncate(0);
    // Not forced to the drive: the lock says whether the run lives, and a sync here would be a
    // write on the drive under test just before its run begins.
    channel.write(ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8)), 0);
  }

  /** Releases the mark; removes it unless the run's test file was kept. */
  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      channel.close();
      HELD.remove(path.toAbsolutePath().normalize());
      if (!kept) {
        Files.deleteIfExists(path);
      }
    }
  }

  /** Removes the mark of a finished or killed run ({@code clean}); true when one was there. */
  public static boolean remove(Path folder, String runId) throws IOException {
    return Files.deleteIfExists(pathFor(folder, runId));
  }

  /** What the mark of a run says, as another process sees it. */
  public enum State {
    /** No mark: a run of an older version, or one killed before it made its mark. */
    NONE,
    /** The run is going: its process holds the lock. */
    LIVE,
    /** The run ended and kept its test file. */
    KEPT,
    /** The run ended without removing its files: killed, crashed, or the power went. */
    DEAD
  }

  /**
   * How run {@code runId}'s mark in {@code folder} reads now.
   *
   * @param runFolder receives the run folder the mark names, when there is one
   */
  public static State read(Path folder, String runId, Path[] runFolder) {
    Path p = pathFor(folder, runId);
    if (!Files.isRegularFile(p)) {
      return State.NONE;
    }
    if (HELD.contains(p.toAbsolutePath().normalize())) {
      return State.LIVE;
    }
    Properties props = new Properties();
    try {
      props.load(new java.io.StringReader(Files.readString(p, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      return State.NONE;
    }
    String folderText = props.getProperty("run_folder");
    if (folderText != null && runFolder != null && runFolder.length > 0) {
      runFolder[0] = Path.of(folderText);
    }
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      FileLock probe;
      try {
        probe = ch.tryLock();
      } catch (OverlappingFileLockException e) {
        probe = null; // this process holds it after all
      }
      if (probe == null) {
        return State.LIVE;
      }
      probe.release();
    } catch (IOException e) {
      return State.NONE;
    }
    return Boolean.parseBoolean(props.getProperty("kept")) ? State.KEPT : State.DEAD;
  }
}
