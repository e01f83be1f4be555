package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The help texts live in one resource bundle (help.properties), found by key: a key that is missing
 * or misspelt blanks a help line or silently falls back to another command's text. These tests
 * catch both.
 */
class CliHelpTest {

  /** picocli's own commands, whose texts are picocli's. */
  private static final Set<String> PICOCLI_COMMANDS = Set.of("help", "gen-manpage");

  private static final ResourceBundle BUNDLE = ResourceBundle.getBundle("dev.sustain.cli.help");

  private static CommandLine root() {
    return SustainCommand.commandLine(
        new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
  }

  /** Sustain's own commands: the top one and every subcommand but picocli's. */
  private static List<CommandSpec> commands() {
    CommandLine root = root();
    List<CommandSpec> all = new ArrayList<>();
    all.add(root.getCommandSpec());
    root.getSubcommands()
        .forEach(
            (name, sub) -> {
              if (!PICOCLI_COMMANDS.contains(name)) {
                all.add(sub.getCommandSpec());
              }
            });
    return all;
  }

  @Test
  void everyCommandOptionAndParameterHasAText() {
    List<String> blank = new ArrayList<>();
    int checked = 0;
    for (CommandSpec c : commands()) {
      if (String.join("", c.usageMessage().description()).isBlank()) {
        blank.add(c.qualifiedName());
      }
      for (ArgSpec a : c.args()) { // hidden options too: a man page or a later release shows them
        checked++;
        if (String.join("", a.description()).isBlank()) {
          blank.add(c.qualifiedName() + " " + label(a));
        }
      }
    }
    assertThat(checked).as("options and parameters seen").isGreaterThan(100);
    assertThat(blank).as("commands, options and parameters without a help text").isEmpty();
  }

  @Test
  void everyKeyInTheBundleIsTheTextOfSomething() {
    // A key nothing reads is a misspelling: the option it meant shows another text, or none.
    Set<String> read = new TreeSet<>();
    for (CommandSpec c : commands()) {
      String prefix = c.qualifiedName(".") + ".";
      read.add(prefix + "usage.description");
      for (int i = 0; i < 10; i++) {
        read.add(prefix + "usage.description." + i);
      }
      for (ArgSpec a : c.args()) {
        for (String key : keys(a)) {
          read.add(prefix + key);
          read.add(key);
        }
      }
    }
    Set<String> unread = new TreeSet<>(Collections.list(BUNDLE.getKeys()));
    unread.removeAll(read);
    assertThat(unread).as("keys in help.properties that no command reads").isEmpty();
  }

  @Test
  void aCommandsOwnTextWinsOverTheSharedOne() {
    // --keep, --json and --bs each mean something else in some commands.
    assertThat(help("copy")).contains("Keep every pass's copy.").doesNotContain("test file kept");
    assertThat(help("write")).contains("Keep the test file (for verify and read).");
    assertThat(help("fill")).contains("Keep the files (needed to --resume an interrupted fill).");
    assertThat(help("analyze")).contains("Print the analysis as JSON").doesNotContain("progress");
    assertThat(help("write")).contains("Print the result as one JSON object on stdout");
    assertThat(help("read")).contains("a multiple of 4 KiB").doesNotContain("4k and 1m");
    assertThat(help("fill")).contains("4k and 1m mean KiB and MiB");
  }

  @Test
  void theTokenLengthInServesHelpIsTheOneItChecks() {
    assertThat(help("serve"))
        .contains("(at least " + ServeCommand.MIN_TOKEN_CHARS + " characters)");
  }

  private static String help(String command) {
    // White space folded: the help wraps its texts at 80 columns.
    return root()
        .getSubcommands()
        .get(command)
        .getUsageMessage(CommandLine.Help.Ansi.OFF)
        .replaceAll("\\s+", " ");
  }

  /** The keys picocli looks a text up by, in its order (before the command's prefix). */
  private static List<String> keys(ArgSpec a) {
    List<String> keys = new ArrayList<>();
    if (!a.descriptionKey().isEmpty()) {
      keys.add(a.descriptionKey());
    }
    if (a instanceof OptionSpec o) {
      for (String name : o.names()) {
        keys.add(name.replaceFirst("^-+", ""));
      }
    } else {
      PositionalParamSpec p = (PositionalParamSpec) a;
      keys.add(p.paramLabel() + "[" + p.index() + "]");
    }
    return keys;
  }

  private static String label(ArgSpec a) {
    return a instanceof OptionSpec o ? o.longestName() : a.paramLabel();
  }

  /**
   * {@code --version} is answered without picocli's model (a start's largest cost for it): it must
   * print what picocli prints for it, and {@code -V} the same.
   */
  @Test
  void versionIsWhatPicocliPrints() {
    StringWriter picocli = new StringWriter();
    CommandLine cl =
        SustainCommand.commandLine(
            new PrintWriter(picocli, true), new PrintWriter(new StringWriter()));
    assertThat(cl.execute("--version")).isZero();
    assertThat(picocli.toString()).startsWith("sustain ");
    for (String option : List.of("--version", "-V")) {
      Cli.Result r = Cli.run(option);
      assertThat(r.exitCode()).isZero();
      assertThat(r.out()).as(option).isEqualTo(picocli.toString());
      assertThat(r.err()).isEmpty();
    }
  }
}
