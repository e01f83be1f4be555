package dev.sustain.cli;

import dev.sustain.target.WritableFolder;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import dev.sustain.workload.Dataset;
import dev.sustain.workload.DatasetKind;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sustain dataset photos|videos|bluray DIR}: a generated folder to copy. */
@Command(name = "dataset", mixinStandardHelpOptions = true)
public final class DatasetCommand extends BaseCommand {

  @Parameters(
      index = "0",
      paramLabel = "KIND",
      completionCandidates = Completions.DatasetKinds.class)
  String kind;

  @Parameters(index = "1", paramLabel = "DIR")
  Path dir;

  @Option(names = "--size", required = true, paramLabel = "SIZE")
  ByteSize size;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "1")
  long seed;

  @Override
  protected int execute() throws Exception {
    DatasetKind k;
    try {
      k = DatasetKind.valueOf(kind.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException("unknown kind '" + kind + "' (choose photos, videos or bluray)");
    }
    if (size.bytes() == 0) {
      throw new UsageException("--size must be more than 0 bytes");
    }
    Path d = dir.toAbsolutePath().normalize();
    checkRoom(d);
    Dataset.Plan plan = Dataset.plan(k, size.bytes(), seed);
    Lines.println(
        out(),
        "Making %s in %s: %s in %s, %s (%s, exactly %d bytes), seed %d%s",
        k.word(),
        d,
        Units.count(plan.files().size(), "file"),
        Units.count(plan.folders(), "folder"),
        Units.decimalBytes(plan.totalBytes()),
        Units.binaryBytes(plan.totalBytes()),
        plan.totalBytes(),
        seed,
        plan.scale() < 1
            ? "; file sizes scaled by " + Units.fixed(plan.scale(), 4) + " to fit --size"
            : "");
    out().flush();
    AtomicBoolean stop = Signals.installStopFlag();
    long t0 = System.nanoTime();
    long written = Dataset.write(d, plan, stop::get);
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (written < plan.totalBytes()) {
      err().println("sustain dataset: interrupted; " + d + " is incomplete");
      return ExitCodes.INTERRUPTED;
    }
    Lines.println(
        out(),
        "Done in %s (%s, not synced: copy it from where it is, a RAM disk is best)",
        Durations.format(seconds),
        Units.rate(written / Math.max(seconds, 1e-9) / 1e6));
    out().flush();
    return ExitCodes.OK;
  }

  /**
   * Refuses a folder the dataset cannot go into: a file, a folder that holds something, one whose
   * parent is missing, one that cannot be written, or a file system without room for {@code --size}
   * and a margin.
   */
  private void checkRoom(Path d) throws IOException {
    if (Files.exists(d)) {
      if (!Files.isDirectory(d)) {
        throw new UsageException(d + " is a file, not a folder");
      }
      try (var entries = Files.list(d)) {
        if (entries.findAny().isPresent()) {
          throw new UsageException(d + " is not empty: give a new or empty folder");
        }
      }
    } else if (d.getParent() == null || !Files.isDirectory(d.getParent())) {
      throw new UsageException("folder " + d.getParent() + " does not exist");
    }
    WritableFolder.require(d, "the dataset in");
    Path existing = Files.exists(d) ? d : d.getParent();
    FileStore store = Files.getFileStore(existing);
    long margin = Math.min(4L << 30, Math.max(64L << 20, store.getTotalSpace() / 100));
    if (size.bytes() + margin > store.getUsableSpace()) {
      throw new UsageException(
          "not enough free space in "
              + existing
              + ": the dataset "
              + Units.needsAndFree(size.bytes(), margin, store.getUsableSpace()));
    }
  }
}
