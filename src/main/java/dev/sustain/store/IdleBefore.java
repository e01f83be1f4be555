package dev.sustain.store;

import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocument.Device;
import dev.sustain.document.RunDocument.FileSystem;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * {@code before.idle_s} of a run from the history: the time since the last run on the same drive
 * ended. Asked by the run at its start, with its run.json as it is about to be written, as its
 * record (the drive and the start time are known then); the run writes the answer itself, so the
 * store never edits a run folder. Stateless.
 */
final class IdleBefore {

  private IdleBefore() {}

  /**
   * Seconds from the end of the last run in {@code db} of the drive {@code run} names to its {@code
   * started}; empty for the drive's first run and for a run that measures no drive.
   *
   * @throws IllegalArgumentException when {@code run} has no start time
   */
  static OptionalDouble idleSeconds(RunDocument run, DbLocation db) {
    if (run.params().engine().filter("null"::equals).isPresent()) {
      return OptionalDouble.empty(); // not recorded: it has no drive to have been idle
    }
    Instant started = started(run);
    String host = run.host().filter(h -> !h.isBlank()).orElseGet(RunFolders::localHostName);
    // A new run always has its id; the history derives one as for a folder without (RunFolders).
    String runId =
        run.runId()
            .orElseGet(
                () ->
                    RunFolders.runId(
                        host, Path.of(".").toAbsolutePath().normalize().toString(), started));
    Optional<Instant> lastEnded;
    try (RunStore store = RunStore.open(db)) {
      lastEnded = store.lastEnded(driveOf(run, host).id(), started, runId);
    }
    return lastEnded.isEmpty()
        ? OptionalDouble.empty()
        : OptionalDouble.of(Duration.between(lastEnded.get(), started).toNanos() / 1e9);
  }

  /** The drive the run is filed under, from the same facts {@link RunFolders} files a folder by. */
  private static Drive driveOf(RunDocument run, String host) {
    Optional<Device> d = run.target().device();
    Optional<FileSystem> fs = run.target().fileSystem();
    return Drive.of(
        d.flatMap(Device::identityKey).orElse(null),
        d.flatMap(Device::model).orElse(null),
        d.flatMap(Device::serial).orElse(null),
        d.flatMap(Device::wwn).orElse(null),
        d.map(Device::sizeBytes)
            .filter(size -> size.isPresent())
            .map(size -> size.getAsLong())
            .orElse(null),
        host,
        run.target().path().filter(p -> !p.isBlank()).orElse(null),
        fs.flatMap(FileSystem::mount).orElse(null),
        fs.flatMap(FileSystem::type).orElse(null));
  }

  private static Instant started(RunDocument run) {
    return RunFolders.instant(
        run.started()
            .orElseThrow(() -> new IllegalArgumentException("run.json has no 'started' time")));
  }
}
