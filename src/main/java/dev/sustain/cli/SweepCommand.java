package dev.sustain.cli;

import dev.sustain.pattern.PatternSpec;
import dev.sustain.pattern.Patterns;
import dev.sustain.run.DefaultsAndLimits;
import dev.sustain.run.RunFolder;
import dev.sustain.sweep.SweepJson;
import dev.sustain.sweep.SweepPoint;
import dev.sustain.sweep.SweepRun;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sustain sweep TARGET}: rates across request sizes and queue depths. */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    description = {
      "Writes (and reads back) a test file at every request size and queue depth, and says the"
          + " smallest request that reaches 90%% of the best rate.",
      "Some USB bridges reach link speed only with 4 MiB requests, while file copies issue 128 KiB"
          + " to 1 MiB. The test file is removed afterwards."
    })
public final class SweepCommand extends BaseCommand {

  @picocli.CommandLine.Mixin DbOption db;

  @picocli.CommandLine.Mixin EngineOptions io;

  @picocli.CommandLine.Mixin OutputOptions output;

  @Parameters(index = "0", paramLabel = "TARGET", description = "A folder or a new file.")
  String target;

  @Option(
      names = "--bs",
      paramLabel = "SIZE",
      split = ",",
      splitSynopsisLabel = ",",
      converter = Converters.BlockSize.class,
      defaultValue = "128KiB,1MiB,4MiB",
      description = "Request sizes (default ${DEFAULT-VALUE}).")
  List<ByteSize> blockSizes;

  @Option(
      names = "--qd",
      paramLabel = "N",
      split = ",",
      splitSynopsisLabel = ",",
      defaultValue = "1,32",
      description = "Queue depths (default ${DEFAULT-VALUE}).")
  List<Integer> queueDepths;

  @Option(
      names = "--size-per-point",
      paramLabel = "SIZE",
      converter = Converters.Size.class,
      defaultValue = "1GiB",
      description =
          "Bytes written (and read) at each point (default ${DEFAULT-VALUE}); keep it inside the"
              + " drive's cache to measure the transport, not the flash.")
  ByteSize sizePerPoint;

  @Option(names = "--write-only", description = "Do not read each point back.")
  boolean writeOnly;

  @Option(
      names = "--pattern",
      paramLabel = "PATTERN",
      defaultValue = DefaultsAndLimits.PATTERN,
      description = "random, zeros or compress:N (default ${DEFAULT-VALUE}).")
  String pattern;

  @Option(
      names = "--no-preallocate",
      description =
          "Write a sparse test file instead of allocating it first as fio does (then the first"
              + " point also times the file system's allocator).")
  boolean noPreallocate;

  @Override
  protected int execute() throws Exception {
    List<Integer> sizes = new ArrayList<>();
    for (ByteSize b : blockSizes) {
      if (b.bytes() < 1 || b.bytes() > DefaultsAndLimits.MAX_BLOCK_BYTES) {
        throw new UsageException("--bs must be between 1 B and 64 MiB, not " + b);
      }
      sizes.add((int) b.bytes());
    }
    PatternSpec spec;
    try {
      spec = Patterns.parse(pattern);
      io.checkEngine();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    SweepRun.Params params =
        new SweepRun.Params(
            target,
            List.copyOf(sizes),
            List.copyOf(queueDepths),
            sizePerPoint.bytes(),
            !writeOnly,
            io.engine,
            spec,
            output.out,
            io.ioTimeout.toNanos(),
            !noPreallocate);
    AtomicBoolean stop = Signals.installStopFlag();
    PrintWriter o = out();
    if (!output.json) {
      o.println(
          "Sweep of "
              + target
              + ": "
              + Units.binaryBytes(sizePerPoint.bytes())
              + " per point, direct I/O, "
              + (writeOnly ? "writes" : "writes then reads"));
      o.flush();
    }
    SweepRun.Result r =
        new SweepRun(
                params,
                stop,
                p -> {
                  if (!output.json) {
                    o.println("  " + pointLine(p));
                    o.flush();
                  }
                },
                note -> {
                  PrintWriter w = output.json ? err() : o;
                  w.println("note: " + note);
                  w.flush();
                })
            .run();
    if (output.json) {
      o.println(RunFolder.JSON.writeValueAsString(SweepJson.document(r)));
    } else {
      if (r.layout().note() != null) {
        o.println(r.layout().note());
      }
      if (r.writeVerdict() != null) {
        o.println(r.writeVerdict().sentence());
      }
      if (r.readVerdict() != null) {
        o.println(r.readVerdict().sentence());
      }
      o.println("Run folder: " + r.runFolder());
    }
    o.flush();
    if (r.runFolder() != null) {
      db.recordQuietly(r.runFolder(), err());
    }
    if (r.error() != null) {
      err().println("sustain sweep: " + r.error());
      err().flush();
      return ExitCodes.RUN_FAILED;
    }
    return r.interrupted() ? ExitCodes.INTERRUPTED : ExitCodes.OK;
  }

  static String pointLine(SweepPoint p) {
    String s =
        String.format(
            Locale.ROOT,
            "%-8s QD%-4d write %12s",
            Units.binaryBytes(p.blockBytes()),
            p.queueDepth(),
            Units.rate(p.writeMBps()));
    if (Double.isFinite(p.readMBps())) {
      s += String.format(Locale.ROOT, "   read %12s", Units.rate(p.readMBps()));
    }
    return s;
  }
}
