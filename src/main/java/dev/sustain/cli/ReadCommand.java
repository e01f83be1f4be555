package dev.sustain.cli;

import dev.sustain.run.RunStatus;
import dev.sustain.unit.Units;
import dev.sustain.verify.BadKind;
import dev.sustain.verify.ReadBackResult;
import java.io.PrintWriter;
import java.util.EnumMap;
import java.util.Map;
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

  /** What each kind of bad bytes means to a reader, in the order they are told. */
  private static final Map<BadKind, String> FINDINGS = new EnumMap<>(BadKind.class);

  static {
    FINDINGS.put(
        BadKind.UNREADABLE,
        "UNREADABLE: %s failed with I/O errors even re-read 4 KiB at a time (see --json for where).");
    FINDINGS.put(
        BadKind.MISSING, "The file is %s shorter than the write run wrote: the end is missing.");
  }

  @Override
  void printFindings(PrintWriter out, ReadBackResult r) {
    FINDINGS.forEach(
        (kind, template) -> {
          long bytes = r.bad().bytes(kind);
          if (bytes > 0) {
            Lines.println(out, template, Units.binaryBytes(bytes));
          }
        });
  }
}
