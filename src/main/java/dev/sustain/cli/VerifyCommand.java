package dev.sustain.cli;

import dev.sustain.run.RunStatus;
import dev.sustain.unit.Units;
import dev.sustain.verify.BadExtent;
import dev.sustain.verify.BadKind;
import dev.sustain.verify.ReadBackResult;
import dev.sustain.verify.VerifyWords;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code sustain verify RUN|FILE}: reads everything back and checks every 4 KiB block. */
@Command(name = "verify", mixinStandardHelpOptions = true)
public final class VerifyCommand extends ReadBackCommand {

  /** Extents listed in text; all of them are in --json and run.json. */
  static final int SHOWN_EXTENTS = 20;

  @Override
  boolean verify() {
    return true;
  }

  @Override
  int exitCode(ReadBackResult r) {
    if (!r.bad().isEmpty()) {
      return ExitCodes.BAD_DATA;
    }
    return ExitCodes.of(r.status());
  }

  @Override
  void printFindings(PrintWriter out, ReadBackResult r) {
    printVerdict(out, r);
    String beyond = VerifyWords.beyond(r.beyond());
    if (beyond != null) {
      out.println(beyond);
    }
  }

  private static void printVerdict(PrintWriter out, ReadBackResult r) {
    if (r.bad().isEmpty()) {
      if (r.status() == RunStatus.COMPLETE) {
        out.println(
            "GOOD: all "
                + Units.decimalBytes(r.checkedBytes())
                + " ("
                + Units.count(r.checkedBytes() / 4096, "block")
                + " of 4 KiB) read back exactly as written.");
      } else {
        out.println(
            "Nothing bad in the "
                + Units.decimalBytes(r.checkedBytes())
                + " checked, but the check did not finish ("
                + r.status().word()
                + ").");
      }
    } else {
      StringBuilder kinds = new StringBuilder();
      for (BadKind k : BadKind.values()) {
        long b = r.bad().bytes(k);
        if (b > 0) {
          kinds
              .append(kinds.isEmpty() ? "" : ", ")
              .append(Units.binaryBytes(b))
              .append(' ')
              .append(k.word());
        }
      }
      List<BadExtent> extents = r.bad().extents();
      out.println(
          "BAD: "
              + kinds
              + " ("
              + Units.percentOf(r.bad().totalBytes(), r.expectedBytes())
              + " of "
              + Units.decimalBytes(r.expectedBytes())
              + "), in "
              + (extents.size() + r.bad().droppedExtents())
              + " extent"
              + (extents.size() + r.bad().droppedExtents() == 1 ? "" : "s")
              + ":");
      for (int i = 0; i < Math.min(SHOWN_EXTENTS, extents.size()); i++) {
        out.println("  " + VerifyWords.extent(extents.get(i)));
      }
      if (extents.size() > SHOWN_EXTENTS || r.bad().droppedExtents() > 0) {
        out.println("  ... the full list is in --json and in run.json");
      }
      for (String s : VerifyWords.explain(r.bad(), r.expectedBytes())) {
        out.println(s);
      }
    }
  }
}
