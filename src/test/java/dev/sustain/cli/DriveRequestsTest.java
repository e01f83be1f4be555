package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The commands whose start makes the native binding on a thread of its own ({@link
 * SustainCommand#DRIVE_REQUESTS}) are exactly those with the engine options: a new command that
 * drives requests is not left to make it in line, and no other command makes it for nothing.
 */
class DriveRequestsTest {

  private static boolean hasEngineOptions(CommandLine.Model.CommandSpec spec) {
    for (CommandLine.Model.CommandSpec mixin : spec.mixins().values()) {
      if (mixin.userObject() instanceof EngineOptions || hasEngineOptions(mixin)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void theCommandsThatBindAreThoseWithTheEngineOptions() {
    PrintWriter quiet = new PrintWriter(new StringWriter());
    CommandLine top = SustainCommand.commandLine(quiet, quiet);
    Set<String> withEngine = new TreeSet<>();
    top.getSubcommands()
        .forEach(
            (name, sub) -> {
              if (hasEngineOptions(sub.getCommandSpec())) {
                withEngine.add(name);
              }
            });
    assertThat(withEngine).as("some command has the engine options").contains("write");
    assertThat(new TreeSet<>(SustainCommand.DRIVE_REQUESTS)).isEqualTo(withEngine);
  }
}
