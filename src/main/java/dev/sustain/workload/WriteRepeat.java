package dev.sustain.workload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunHeader;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.run.WriteParams;
import dev.sustain.run.WriteResult;
import dev.sustain.run.WriteRun;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code write --repeat N --cooldown D}: the same write run N times with a pause between, each pass
 * a complete run folder of its own ({@code OUT/pass-1}, {@code OUT/pass-2}..., so every tool that
 * reads a run folder reads a pass), and {@code OUT/passes.json} with the passes and the words
 * comparing them. One thread.
 */
public final class WriteRepeat {

  /** The file beside the passes' run folders. */
  public static final String PASSES_JSON = "passes.json";

  /**
   * How the repeats ended.
   *
   * @param folder the folder holding {@code pass-N} and {@code passes.json}
   * @param passes every pass that ran, in order
   * @param comparison sentences comparing each pass with the first, beyond noise only
   */
  public record Outcome(Path folder, List<WriteResult> passes, List<String> comparison) {}

  /** What the caller does with each pass as it ends (summary, history), before the cooldown. */
  @FunctionalInterface
  public interface AfterPass {
    void done(WriteResult pass) throws IOException;
  }

  private WriteRepeat() {}

  /**
   * Runs the passes.
   *
   * @param base the job; its {@code out} is the parent folder (or null for a new one)
   * @param passObserver told of each pass's start, rows and end
   * @param afterPass called with each pass's result as it ends
   */
  public static Outcome run(
      WriteParams base,
      int repeat,
      Duration cooldown,
      RunObserver passObserver,
      AtomicBoolean stop,
      AfterPass afterPass)
      throws IOException {
    if (repeat < 1) {
      throw new UsageException("--repeat must be 1 or more, not " + repeat);
    }
    WriteRun.validate(base);
    String runId = RunFolder.newRunId();
    Path parent =
        base.out() != null
            ? base.out().toAbsolutePath()
            : RunFolder.defaultParent().resolve(runId + "-write-repeat");
    boolean made = !Files.exists(parent);
    RunFolder.create(parent, runId, "write"); // refuses a folder that is not empty
    List<WriteResult> passes = new ArrayList<>();
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    json.put("version", RunFolder.FORMAT_VERSION);
    json.put("command", "write");
    json.put("repeat", repeat);
    json.put("cooldown_s", cooldown.toNanos() / 1e9);
    ArrayNode passesJson = json.putArray("passes");
    ArrayNode words = json.putArray("comparison");
    for (int n = 1; n <= repeat; n++) {
      if (n > 1) {
        pause(cooldown.toNanos(), stop);
      }
      if (stop.get()) {
        break;
      }
      Path passFolder = parent.resolve("pass-" + n);
      WriteParams p =
          new WriteParams(
              base.target(),
              base.sizeBytes(),
              base.duration(),
              base.blockBytes(),
              base.queueDepth(),
              base.intervalNanos(),
              passFolder,
              base.keep(),
              base.buffered(),
              base.engine(),
              base.pattern(),
              base.ioTimeoutNanos(),
              base.destroyData(),
              base.until(),
              base.floorHoldSeconds(),
              base.preallocate());
      WriteResult r;
      try {
        r = new WriteRun(p, passObserver, stop).run();
      } catch (UsageException e) {
        if (n == 1 && made) {
          // Refused before anything was written: leave nothing behind.
          CopyRun.deleteTree(parent);
        }
        throw e;
      }
      passes.add(r);
      afterPass.done(r);
      ObjectNode pj = passesJson.addObject();
      pj.put("pass", n);
      pj.put("run_folder", r.runFolder().toString());
      pj.put("bytes", r.bytes());
      pj.put("seconds", RunHeader.round(r.seconds()));
      pj.put("average_MBps", RunHeader.round(r.averageMegabytesPerSecond()));
      pj.put("status", r.status().word());
      RunFolder.open(parent).writeJson(PASSES_JSON, json);
      if (r.status() != RunStatus.COMPLETE) {
        break;
      }
    }
    List<PassComparison.Pass> compared = new ArrayList<>();
    for (int i = 0; i < passes.size(); i++) {
      WriteResult r = passes.get(i);
      if (r.status() != RunStatus.COMPLETE) {
        continue;
      }
      double[] rates =
          IntervalFigures.rates(
              RunFolder.open(r.runFolder()).samplesCsv(), "write_MBps", IntervalFigures.Rows.ALL);
      compared.add(new PassComparison.Pass(i + 1, r.averageMegabytesPerSecond(), rates));
    }
    List<String> comparison = PassComparison.compare("wrote", compared);
    comparison.forEach(words::add);
    RunFolder.open(parent).writeJson(PASSES_JSON, json);
    return new Outcome(parent, List.copyOf(passes), comparison);
  }

  private static void pause(long nanos, AtomicBoolean stop) {
    long end = System.nanoTime() + nanos;
    while (!stop.get()) {
      long left = end - System.nanoTime();
      if (left <= 0) {
        return;
      }
      LockSupport.parkNanos(Math.min(left, 50_000_000L));
    }
  }
}
