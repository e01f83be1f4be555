package dev.sustain.cli;

import dev.sustain.device.DeviceResolver;
import dev.sustain.device.SharedParts;
import dev.sustain.group.GroupMember;
import dev.sustain.group.GroupParams;
import dev.sustain.group.GroupRun;
import dev.sustain.group.MemberResult;
import dev.sustain.group.SoloHistory;
import dev.sustain.run.IdleHistory;
import dev.sustain.run.KeptRuns;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.run.TargetChecks;
import dev.sustain.run.WriteParams;
import dev.sustain.run.WriteRun;
import dev.sustain.store.DbLocation;
import dev.sustain.store.SoloLookup;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import dev.sustain.workload.FillChecks;
import dev.sustain.workload.FillParams;
import dev.sustain.workload.FillResult;
import dev.sustain.workload.FillRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;

/**
 * {@code write T1 T2 ...} and {@code fill D1 D2 ...}: builds one {@link GroupMember} per target
 * from the command's ordinary run (write's {@link WriteRun}, fill's {@link FillRun}) and runs them
 * as a {@link GroupRun}; then prints each target's result and analysis, the group's verdict, and
 * records every target's run folder in the history. Not thread-safe; one per command.
 */
final class GroupLaunch {

  private final String command;
  private final PrintWriter out;
  private final PrintWriter err;
  private final DbOption db;
  // each member's run.json as its lifecycle wrote it, for the group's exit
  private final KeptRuns kept = new KeptRuns();

  /** {@code --json}: the group as one JSON object on stdout, its progress and words on stderr. */
  private boolean json;

  GroupLaunch(String command, PrintWriter out, PrintWriter err, DbOption db) {
    this.command = command;
    this.out = out;
    this.err = err;
    this.db = db;
  }

  /** With {@code --json} (a group's write printed its words on stdout and no JSON before). */
  GroupLaunch json(boolean on) {
    this.json = on;
    return this;
  }

  /**
   * Several words are a group only when each names a place that exists: a folder, a block device,
   * or a new file in a folder that exists, named with its folder ({@code dir/new.dat}). A bare word
   * that names nothing ({@code write DIR --time 5 sec}) is a typo, not a second target in the
   * working folder: refused before anything is written.
   */
  static void requireExistingTargets(List<String> targets) {
    for (String t : targets) {
      Path p = Path.of(t);
      boolean named = Files.exists(p) || (t.contains("/") && hasFolder(p));
      if (!named) {
        throw new UsageException("unexpected argument '" + t + "' (a group's targets must exist)");
      }
    }
  }

  private static boolean hasFolder(Path p) {
    Path parent = p.toAbsolutePath().getParent();
    return parent != null && Files.isDirectory(parent);
  }

  /** A group of write runs, one per target, each with {@code template}'s job. */
  int write(WriteParams template, List<String> targets, GroupOptions g, Path groupOut)
      throws IOException {
    Duration solo = Duration.ofNanos(Math.round(g.soloSeconds() * 1e9));
    List<GroupMember> members =
        members(
            targets,
            (name, t) ->
                new GroupMember(
                    name,
                    t,
                    () -> TargetChecks.preflight(template.withTarget(t, null)),
                    (folder, observer, stop) ->
                        MemberResult.of(
                            new WriteRun(
                                    template.withTarget(t, folder),
                                    RunObserver.both(observer, kept),
                                    stop,
                                    AnalysisWords.FORMS)
                                .idleFrom(idleHistory(template))
                                .run()),
                    g.soloFirst ? soloRun(template, t, solo) : null));
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("size_bytes", template.sizeBytes() < 0 ? null : template.sizeBytes());
    p.put("time_s", template.duration() == null ? null : template.duration().toNanos() / 1e9);
    p.put("until", template.until());
    p.put("pattern", template.pattern());
    putIo(p, template.blockBytes(), template.queueDepth(), template.engine(), template.buffered());
    p.put("destroy_data", template.destroyData());
    return run(members, p, g, template.intervalNanos(), groupOut);
  }

  /** A group of fills, one per folder, each with {@code template}'s job. */
  int fill(FillParams template, List<Path> dirs, GroupOptions g, Path groupOut) throws IOException {
    Duration solo = Duration.ofNanos(Math.round(g.soloSeconds() * 1e9));
    WriteParams soloTemplate =
        new WriteParams(
            "",
            -1,
            solo,
            template.blockBytes(),
            template.queueDepth(),
            template.intervalNanos(),
            null,
            false,
            template.buffered(),
            template.engine(),
            null,
            template.ioTimeoutNanos(),
            false,
            null,
            0,
            template.preallocate());
    List<GroupMember> members =
        members(
            dirs,
            (name, d) ->
                new GroupMember(
                    name,
                    d.toString(),
                    () ->
                        FillChecks.preflight(
                            template.withDir(
                                d, groupOut != null ? groupOut : RunFolder.defaultParent())),
                    (folder, observer, stop) -> {
                      FillResult r =
                          new FillRun(
                                  template.withDir(d, folder),
                                  RunObserver.both(observer, kept),
                                  stop::get)
                              .run();
                      return new MemberResult(
                          r.runFolder(), r.status(), r.error(), r.sessionBytes(), r.seconds());
                    },
                    g.soloFirst ? soloRun(soloTemplate, d.toString(), solo) : null));
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("file_size_bytes", template.fileBytes());
    p.put("limit_bytes", template.limitBytes() < 0 ? null : template.limitBytes());
    putIo(p, template.blockBytes(), template.queueDepth(), template.engine(), template.buffered());
    return run(members, p, g, template.intervalNanos(), groupOut);
  }

  /**
   * One member a target, in order, each named by {@link GroupOptions#names} from how the user wrote
   * it; {@code member} makes a target's member given its name.
   */
  private static <T> List<GroupMember> members(
      List<T> targets, BiFunction<String, T, GroupMember> member) {
    List<String> names = GroupOptions.names(targets.stream().map(String::valueOf).toList());
    List<GroupMember> members = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      members.add(member.apply(names.get(i), targets.get(i)));
    }
    return members;
  }

  private static void putIo(
      Map<String, Object> p, int blockBytes, int queueDepth, String engine, boolean buffered) {
    p.put("bs_bytes", blockBytes);
    p.put("qd", queueDepth);
    p.put("engine", engine);
    p.put("buffered", buffered);
  }

  /** A short write of the target alone, for its solo rate. */
  private GroupMember.Run soloRun(WriteParams template, String target, Duration solo) {
    return (folder, observer, stop) -> {
      WriteParams p =
          new WriteParams(
              target,
              -1,
              solo,
              template.blockBytes(),
              template.queueDepth(),
              template.intervalNanos(),
              folder,
              false,
              template.buffered(),
              template.engine(),
              template.pattern(),
              template.ioTimeoutNanos(),
              template.destroyData(),
              null,
              template.floorHoldSeconds(),
              template.preallocate());
      return MemberResult.of(
          new WriteRun(p, observer, stop, AnalysisWords.FORMS).idleFrom(idleHistory(p)).run());
    };
  }

  private int run(
      List<GroupMember> members,
      Map<String, Object> memberParams,
      GroupOptions g,
      long intervalNanos,
      Path groupOut)
      throws IOException {
    GroupParams params =
        new GroupParams(
            command, groupOut, intervalNanos, g.staggerNanos(), g.soloSeconds(), memberParams);
    db.check(); // a bad --db is bad input, found before anything is written
    DbLocation location = db.none() ? null : db.location();
    SoloHistory history =
        location == null
            ? SoloHistory.NONE
            : (folder, told) ->
                (told == null
                        ? SoloLookup.forRunFolder(location, folder)
                        : SoloLookup.forRun(location, folder, told.runJson(), told.analysisJson()))
                    .map(
                        f ->
                            new SoloHistory.Solo(
                                f.burstMBps(),
                                "run "
                                    + f.runId()
                                    + (f.runFolder() == null ? "" : " (" + f.runFolder() + ")")))
                    .orElse(null);
    List<String> names = members.stream().map(GroupMember::name).toList();
    Map<String, Object> shared = sharedParts(members.stream().map(GroupMember::target).toList());
    AtomicBoolean stop = Signals.installStopFlag();
    // Each target's run is recorded from what it wrote (run.json as the group marked it).
    GroupProgress progress =
        (json
                ? new GroupProgress(err, false, names)
                : new GroupProgress(out, LiveProgress.stdoutIsTerminal(), names))
            .keeping(db::keeping);
    GroupRun.Result r = new GroupRun(params, members, shared, history, progress, stop).run();
    report(r, names, progress);
    return exitCode(r, names);
  }

  /**
   * The history a member asks at its start how long its drive was idle: none for the null engine,
   * whose runs measure no drive and are not recorded.
   */
  private IdleHistory idleHistory(WriteParams p) {
    return "null".equals(p.engine()) ? IdleHistory.NONE : db.idleHistory();
  }

  /** What the targets share in sysfs; null when it cannot be told (never fails the group). */
  private static Map<String, Object> sharedParts(List<String> targets) {
    try {
      SharedParts s = DeviceResolver.system().sharedBy(targets);
      return s.toJsonMap();
    } catch (RuntimeException e) {
      return null;
    }
  }

  private void report(GroupRun.Result r, List<String> names, GroupProgress progress)
      throws IOException {
    words(r, names, progress, json ? err : out);
    if (json) {
      out.println(RunFolder.JSON.writeValueAsString(jsonOf(r, names)));
    }
    out.flush();
    for (MemberResult m : r.members()) {
      if (m.runFolder() != null && Files.isRegularFile(m.runFolder().resolve("run.json"))) {
        db.recordQuietly(m.runFolder(), err);
      }
    }
    Path solo = r.folder().resolve(GroupRun.SOLO_FOLDER);
    if (Files.isDirectory(solo)) {
      try (var dirs = Files.list(solo)) {
        for (Path d : dirs.sorted().toList()) {
          if (Files.isRegularFile(d.resolve("run.json"))) {
            db.recordQuietly(d, err);
          }
        }
      }
    }
  }

  /**
   * What {@code write T1 T2 --json} prints: the group folder and its group.json, each target's end
   * and the group's analysis (as {@code analyze GROUP --json} gives it), in the style of every
   * other --json (snake_case keys with their units, lowercase words, figures as the text rounds
   * them).
   */
  static com.fasterxml.jackson.databind.node.ObjectNode jsonOf(
      GroupRun.Result r, List<String> names) throws IOException {
    var root = RunFolder.JSON.createObjectNode();
    root.put("group_id", r.groupId());
    root.put("group_folder", r.folder().toString());
    root.put("status", r.status().word());
    var targets = root.putArray("targets");
    for (int i = 0; i < r.members().size(); i++) {
      MemberResult m = r.members().get(i);
      var t = targets.addObject();
      t.put("name", names.get(i));
      t.put("run_folder", m.runFolder() == null ? null : m.runFolder().toString());
      t.put("status", m.status().word());
      t.put("error", m.error());
      t.put("bytes", m.bytes());
      t.put("duration_s", Math.round(m.seconds() * 1000) / 1000.0);
      t.put("average_MBps", Math.round(m.averageMegabytesPerSecond() * 10) / 10.0);
    }
    // group.json as the group wrote it, not read back
    root.set("group", RunFolder.JSON.readTree(r.groupJson()));
    root.set("analysis", r.report() == null ? null : r.report().toJson());
    return root;
  }

  /** Each target's result and analysis, the group's verdict and its folder, for people. */
  private static void words(
      GroupRun.Result r, List<String> names, GroupProgress progress, PrintWriter text) {
    text.println();
    Map<String, String> analyses = progress.analyses();
    for (int i = 0; i < r.members().size(); i++) {
      MemberResult m = r.members().get(i);
      String name = names.get(i);
      Lines.println(
          text,
          "%s: %s %s in %s: average %s%s",
          name,
          verb(m.status()),
          Units.decimalBytes(m.bytes()),
          Durations.format(m.seconds()),
          Units.rate(m.averageMegabytesPerSecond()),
          m.runFolder() == null ? "" : "  (run folder " + m.runFolder() + ")");
      if (analyses.containsKey(name)) {
        text.print(analyses.get(name).indent(2));
      }
    }
    if (r.report() != null) {
      text.print(r.report().text());
    }
    text.println("Group folder: " + r.folder());
    text.flush();
  }

  private static String verb(RunStatus s) {
    return switch (s) {
      case COMPLETE, RUNNING -> "wrote";
      case INTERRUPTED -> "interrupted after writing";
      case FAILED, KILLED -> "failed after writing";
    };
  }

  private int exitCode(GroupRun.Result r, List<String> names) {
    int code = ExitCodes.OK;
    for (int i = 0; i < r.members().size(); i++) {
      MemberResult m = r.members().get(i);
      if (m.status() == RunStatus.FAILED) {
        err.println("sustain " + command + ": " + names.get(i) + ": " + m.error());
        code = ExitCodes.RUN_FAILED;
      } else if (m.status() == RunStatus.INTERRUPTED && code == ExitCodes.OK) {
        code = ExitCodes.INTERRUPTED;
      }
    }
    err.flush();
    // A member of --until floor that ended without its floor: written, but not what was asked.
    boolean missed =
        r.members().stream()
            .anyMatch(
                m -> m.runFolder() != null && KeptContext.of(kept, m.runFolder()).floorMissed());
    return ExitCodes.ofUntilFloor(code, missed);
  }
}
