package dev.sustain.cli;

import dev.sustain.target.Trim;
import dev.sustain.unit.Units;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sustain trim TARGET}: TRIM a raw device (all of it) or a folder's file system. */
@Command(name = "trim", mixinStandardHelpOptions = true)
public final class TrimCommand extends BaseCommand {

  @Parameters(index = "0", paramLabel = "TARGET")
  Path target;

  @Option(names = "--destroy-data")
  boolean destroyData;

  @Override
  protected int execute() throws Exception {
    Trim.Done done = Trim.trim(target, destroyData);
    out()
        .println(
            "Trim: "
                + done.what()
                + (done.trimmedBytes() >= 0
                    ? " (" + Units.decimalBytes(done.trimmedBytes()) + ")"
                    : ""));
    out().flush();
    return ExitCodes.OK;
  }
}
