package dev.sustain.cli;

import dev.sustain.run.RunStatus;
import dev.sustain.unit.Units;
import dev.sustain.verify.BadKind;
import dev.sustain.verify.ReadBackResult;
import java.io.PrintWriter;
import picocli.CommandLine.Command;

/** {@code sustain read RUN|FILE}: the sequential read rate over time and its stability. */
@Command(name = "read", mixinStandardHelpOptions = true)
public final class ReadCommand extends ReadBackCommand {

  @Override
  boolean verify() {
    return false;
  }

  @Override
  int exitCode(ReadBackResult r) {
    if (r.status() == RunStatus.COMPLETE && r.bad().bytes(BadKind.UNREADABLE) > 0) {
      return ExitCodes.RUN_FAILED;
    }
    return ExitCodes.of(r.status());
  }

  @Override
  String readVerb(ReadBackResult r) {
    return r.status() == RunStatus.COMPLETE ? "Read" : "Read only";
  }

  @Override
  void printFindings(PrintWriter out, ReadBackResult r) {
    long unreadable = r.bad().bytes(BadKind.UNREADABLE);
    if (unreadable > 0) {
      out.println(
          "UNREADABLE: "
              + Units.binaryBytes(unreadable)
              + " failed with I/O errors even re-read 4 KiB at a time (see --json for where).");
    }
    long missing = r.bad().bytes(BadKind.MISSING);
    if (missing > 0) {
      out.println(
          "The file is "
              + Units.binaryBytes(missing)
              + " shorter than the write run wrote: the end is missing.");
    }
  }
}
