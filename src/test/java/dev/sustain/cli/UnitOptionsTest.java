package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.unit.ByteSize;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Sustain's units are registered once by type (SustainCommand.commandLine) rather than named on
 * every option: a duration or size option that picocli parsed its own way instead (ISO PT5S, or no
 * units) would slip through quietly. Every such option of every command must refuse picocli's
 * spellings and accept Sustain's.
 */
class UnitOptionsTest {

  private record Unit(Class<?> type, String foreign, String refusal, String sustains) {}

  private static final List<Unit> UNITS =
      List.of(
          new Unit(Duration.class, "PT5S", "not a duration", "90s"),
          new Unit(ByteSize.class, "1Q", "size unit", "500GB"));

  private static CommandLine root() {
    return SustainCommand.commandLine(
        new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
  }

  @Test
  void everyDurationAndSizeOptionReadsSustainsUnits() throws Exception {
    int checked = 0;
    List<String> wrong = new ArrayList<>();
    for (var entry : root().getSubcommands().entrySet()) {
      for (OptionSpec o : entry.getValue().getCommandSpec().options()) {
        for (Unit u : UNITS) {
          if (!Arrays.asList(o.auxiliaryTypes()).contains(u.type()) && o.type() != u.type()) {
            continue;
          }
          checked++;
          Cli.Result bad = Cli.run(entry.getKey(), o.longestName(), u.foreign());
          if (bad.exitCode() != ExitCodes.USAGE || !bad.err().contains(u.refusal())) {
            wrong.add(entry.getKey() + " " + o.longestName() + " " + u.foreign() + ": " + bad);
          }
          // Sustain's spelling passes the option's conversion (the command may refuse later).
          try {
            root().parseArgs(entry.getKey(), o.longestName(), u.sustains());
          } catch (CommandLine.ParameterException e) {
            if (e.getMessage().startsWith("Invalid value")) {
              wrong.add(entry.getKey() + " " + o.longestName() + " " + u.sustains() + ": " + e);
            }
          }
        }
      }
    }
    assertThat(wrong).isEmpty();
    assertThat(checked).as("duration and size options found").isGreaterThanOrEqualTo(15);
  }
}
