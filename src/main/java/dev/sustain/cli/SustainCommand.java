package dev.sustain.cli;

import dev.sustain.run.RunHeader;
import dev.sustain.unit.ByteSize;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/** The top command: {@code sustain <subcommand>}. */
@Command(
    name = "sustain",
    mixinStandardHelpOptions = true,
    versionProvider = SustainCommand.Version.class,
    // Every help text is in this bundle; subcommands and their mixins inherit it.
    resourceBundle = "dev.sustain.cli.help")
public final class SustainCommand implements Runnable {

  /**
   * The subcommands, in the order the help lists them. They are added to the command line by hand,
   * not through {@code @Command(subcommands)}: building picocli's model of every command
   * (reflection over each one's options and mixins) was most of a start, so a run of one command
   * builds that command's alone.
   */
  static final List<Class<?>> SUBCOMMANDS =
      List.of(
          WriteCommand.class,
          FillCommand.class,
          DatasetCommand.class,
          CopyCommand.class,
          AnalyzeCommand.class,
          ReportCommand.class,
          CompareCommand.class,
          InfoCommand.class,
          CleanCommand.class,
          TrimCommand.class,
          HistoryCommand.class,
          ReadCommand.class,
          VerifyCommand.class,
          SweepCommand.class,
          ServeCommand.class,
          ShareCommand.class,
          HubCommand.class,
          ModelsCommand.class,
          CommandLine.HelpCommand.class,
          picocli.AutoComplete.GenerateCompletion.class,
          // Hidden: bin/package makes the manual pages with it (sustain gen-manpage -d DIR).
          ManPageGenerator.class);

  /**
   * The commands that drive requests through an engine (those with the engine options): their start
   * makes the native binding on a thread of its own ({@link Main}).
   */
  static final java.util.Set<String> DRIVE_REQUESTS =
      java.util.Set.of("write", "fill", "read", "verify", "sweep");

  /** The tools that need the whole tree (help of another command, completion, manual pages). */
  private static final List<Class<?>> NEEDS_ALL =
      List.of(
          CommandLine.HelpCommand.class,
          picocli.AutoComplete.GenerateCompletion.class,
          ManPageGenerator.class);

  /** A subcommand's name, from its annotation (no model is built for it). */
  static String nameOf(Class<?> command) {
    return command.getAnnotation(Command.class).name();
  }

  private static Class<?> named(String name) {
    for (Class<?> c : SUBCOMMANDS) {
      if (nameOf(c).equals(name)) {
        return c;
      }
    }
    return null;
  }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Runs the command line with the process's streams and returns the exit code. */
  public static int execute(String[] args) {
    return execute(
        args,
        new PrintWriter(System.out, true, StandardCharsets.UTF_8),
        new PrintWriter(System.err, true, StandardCharsets.UTF_8));
  }

  /** Runs the command line with the given writers (tests capture them). */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    if (isVersion(args)) {
      // What picocli prints for it, without building even the top command's model (its options'
      // annotations, read through proxies made at run time: ~0.1 s of a 0.2 s start).
      out.println(new Version().getVersion()[0]);
      out.flush();
      return ExitCodes.OK;
    }
    CommandLine cl = commandLine(out, err, subcommandsFor(args));
    if (args.length > 0 && !args[0].startsWith("-") && named(args[0]) == null) {
      // picocli answers "sustain NOSUCH --help" with the top help and exit 0, as if the command
      // existed; a mistyped command is bad input however it is followed.
      err.println(usageError(new CommandLine.UnmatchedArgumentException(cl, List.of(args[0]))));
      err.flush();
      return ExitCodes.USAGE;
    }
    int code = cl.execute(args);
    if (code == ExitCodes.OK && args.length > 0 && args[0].equals("gen-manpage")) {
      return appendManPageSections(cl, err);
    }
    return code;
  }

  /** The sections picocli's pages lack (exit status, files, ...), into the pages it just wrote. */
  private static int appendManPageSections(CommandLine cl, PrintWriter err) {
    CommandLine.ParseResult pages = cl.getParseResult().subcommand();
    java.io.File dir = pages.matchedOptionValue("--outdir", new java.io.File("."));
    try {
      ManPageSections.appendTo(dir.toPath());
      return ExitCodes.OK;
    } catch (java.io.IOException e) {
      err.println(
          "sustain gen-manpage: cannot complete the pages in " + dir + ": " + e.getMessage());
      err.flush();
      return ExitCodes.RUN_FAILED;
    }
  }

  /**
   * The subcommands whose model a run of {@code args} needs: the named command alone, none for
   * {@code --version}, and every one for the top help, help of another command, completion and the
   * manual pages (which list them all) or a word that names none (whose error suggests names).
   */
  static List<Class<?>> subcommandsFor(String[] args) {
    if (args.length == 0) {
      return SUBCOMMANDS;
    }
    if (isVersion(args)) {
      return List.of();
    }
    Class<?> command = named(args[0]);
    return command == null || NEEDS_ALL.contains(command) ? SUBCOMMANDS : List.of(command);
  }

  private static boolean isVersion(String[] args) {
    return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
  }

  /** The configured command line: one-line errors, exit 2 for bad input. */
  public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    return commandLine(out, err, SUBCOMMANDS);
  }

  private static CommandLine commandLine(
      PrintWriter out, PrintWriter err, List<Class<?>> subcommands) {
    CommandLine cl = new CommandLine(new SustainCommand());
    for (Class<?> c : subcommands) {
      cl.addSubcommand(nameOf(c), c);
    }
    cl.setOut(out);
    cl.setErr(err);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    // Every duration and size option reads Sustain's units (90s, 20m; 300GiB, 500GB), declared
    // here once for the whole tree; a block size (4k means KiB) names its own converter.
    cl.registerConverter(Duration.class, new Converters.Time());
    cl.registerConverter(ByteSize.class, new Converters.Size());
    // picocli hides it by default; here it is how a user gets tab completion without the package.
    CommandLine completion = cl.getSubcommands().get("generate-completion");
    if (completion != null) {
      completion.getCommandSpec().usageMessage().hidden(false);
    }
    // A build tool (bin/package makes the manual pages with it), not a user's command.
    CommandLine manPages = cl.getSubcommands().get("gen-manpage");
    if (manPages != null) {
      manPages.getCommandSpec().usageMessage().hidden(true);
    }
    cl.setParameterExceptionHandler(
        (ex, args) -> {
          PrintWriter e = ex.getCommandLine().getErr();
          e.println(usageError(ex));
          e.flush();
          return ExitCodes.USAGE;
        });
    cl.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          PrintWriter e = commandLine.getErr();
          e.println(commandLine.getCommandSpec().qualifiedName() + ": internal error: " + ex);
          e.flush();
          return ExitCodes.RUN_FAILED;
        });
    return cl;
  }

  /**
   * One line for bad input: the command it was given to ({@code sustain write: ...}), what was
   * wrong, and for a mistyped command or option the nearest names picocli finds.
   */
  static String usageError(CommandLine.ParameterException ex) {
    CommandLine cmd = ex.getCommandLine();
    String who = cmd.getCommandSpec().qualifiedName();
    if (!(ex instanceof CommandLine.UnmatchedArgumentException u)) {
      return who + ": " + ex.getMessage();
    }
    List<String> unmatched = u.getUnmatched();
    String first = unmatched.isEmpty() ? "" : unmatched.getFirst();
    // picocli's suggestions are generous (any shared letters); only near misses help.
    String typed = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
    List<String> suggestions =
        u.getSuggestions().stream()
            .filter(c -> editDistance(typed, c) <= Math.max(2, typed.length() / 3))
            .limit(2)
            .toList();
    String what;
    if (first.startsWith("-")) {
      what = "unknown option '" + first + "'";
    } else if (!cmd.getSubcommands().isEmpty()
        && cmd.getCommandSpec().positionalParameters().isEmpty()) {
      what = "unknown command '" + first + "'";
    } else {
      what = "unexpected argument '" + first + "'";
    }
    if (!suggestions.isEmpty()) {
      return who + ": " + what + "; did you mean " + String.join(" or ", suggestions) + "?";
    }
    return who + ": " + what + " (see '" + who + " --help')";
  }

  /** Levenshtein distance: insertions, deletions and substitutions between two names. */
  static int editDistance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(substitute, Math.min(prev[j], cur[j - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  /** The version from run.json's tool version. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"sustain " + RunHeader.TOOL_VERSION};
    }
  }
}
