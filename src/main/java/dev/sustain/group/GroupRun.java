package dev.sustain.group;

import dev.sustain.analysis.SharedCeilingDetector;
import dev.sustain.document.GroupDocument;
import dev.sustain.document.GroupDocumentCodec;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.input.CurveReader;
import dev.sustain.input.GroupFolder;
import dev.sustain.input.ImportedCurve;
import dev.sustain.input.InputFormatException;
import dev.sustain.report.CurveReport;
import dev.sustain.report.GroupReport;
import dev.sustain.run.KeptRuns;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunLifecycle;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.sampling.SampleRow;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A group of targets written at once: checks every target first (nothing is written when one is
 * refused), runs each target's solo pass when asked, then each target's own ordinary run on its own
 * thread, started together or {@code stagger} apart, while {@link GroupSamples} builds the group's
 * samples from their rows. A target that fails (full, I/O error, vanished) ends with its own error
 * in its own run folder; the others go on. At the end: {@code group.json} with every target's
 * result and solo rate, and the group's {@code analysis.json}.
 */
public final class GroupRun {

  /** The group folder's subfolder for the solo passes. */
  public static final String SOLO_FOLDER = "solo";

  private final GroupParams params;
  private final List<GroupMember> members;
  private final GroupObserver observer;
  private final AtomicBoolean stop;
  private final SoloHistory history;
  private final Map<String, Object> shared;
  // What each target's run told of its finished folder (RunObserver.kept), by folder: its run.json
  // is marked from this text, not read back.
  private final KeptRuns kept = new KeptRuns();
  // Each target's folder as marked a member's (run.json's text as written, the rows its end read),
  // by folder: the group's analysis and the solo rate's lookup take these, not the folder.
  private final KeptRuns marked = new KeptRuns();

  /**
   * @param shared what the targets share (from sysfs), as group.json records it, or null
   * @param history where solo rates come from without a solo pass
   */
  public GroupRun(
      GroupParams params,
      List<GroupMember> members,
      Map<String, Object> shared,
      SoloHistory history,
      GroupObserver observer,
      AtomicBoolean stop) {
    this.params = params;
    this.members = List.copyOf(members);
    this.shared = shared;
    this.history = history == null ? SoloHistory.NONE : history;
    this.observer = observer;
    this.stop = stop;
  }

  /**
   * The result of a group.
   *
   * @param folder the group folder
   * @param members each target's result, in order
   * @param status complete when every target completed, failed when one failed, interrupted when
   *     stopped
   * @param report the group's analysis (also in analysis.json), or null when there was nothing to
   *     analyse
   * @param groupJson group.json's text as last written (its end included)
   */
  public record Result(
      String groupId,
      Path folder,
      List<MemberResult> members,
      RunStatus status,
      GroupReport report,
      String groupJson) {}

  /**
   * Checks every target, then runs the group. Usage problems are thrown before anything is written.
   */
  public Result run() throws IOException {
    if (members.size() < 2) {
      throw new UsageException("a group needs two targets or more");
    }
    Set<String> names = new HashSet<>();
    for (GroupMember m : members) {
      if (!names.add(m.name())) {
        throw new UsageException("two targets have the name " + m.name());
      }
    }
    for (GroupMember m : members) {
      m.check().check();
    }
    String groupId = RunFolder.newRunId();
    RunFolder folder = RunLifecycle.newFolder(params.out(), groupId, params.command() + "-group");
    GroupJson json = new GroupJson(groupId, params, members, shared, Instant.now());
    folder.writeJson(GroupJson.GROUP_JSON, json.node());
    boolean[] soloDone = new boolean[members.size()];
    if (params.soloSeconds() > 0) {
      soloPass(folder, json, soloDone);
      folder.writeJson(GroupJson.GROUP_JSON, json.node());
    }
    MemberResult[] results = new MemberResult[members.size()];
    GroupSamples samples;
    if (stop.get()) {
      Arrays.setAll(
          results,
          i -> new MemberResult(null, RunStatus.INTERRUPTED, "interrupted before it began", 0, 0));
      samples = null;
    } else {
      samples = together(folder, results);
    }
    recordMembers(groupId, json, results, samples, soloDone);
    RunStatus status = status(results);
    json.finish(status, Instant.now());
    String groupJson = folder.writeJson(GroupJson.GROUP_JSON, json.node());
    GroupReport report = null;
    try {
      report = GroupReport.of(finished(folder, json, samples), this::memberCurve);
      folder.writeJson(RunFolder.ANALYSIS_JSON, report.toJson());
    } catch (InputFormatException e) {
      // nothing written together (every target failed at once): no analysis
    }
    return new Result(groupId, folder.dir(), List.of(results), status, report, groupJson);
  }

  /**
   * The finished group folder from what the run kept: group.json's document as written and the rows
   * its samples wrote; read back only where the rows were too many to keep, or none were written
   * (then the folder's reading says why there is nothing to analyse).
   */
  private static GroupFolder finished(RunFolder folder, GroupJson json, GroupSamples samples) {
    GroupSamples.Rows rows = samples == null ? null : samples.rows();
    if (rows == null || rows.timeSeconds().length == 0) {
      return GroupFolder.read(folder.dir());
    }
    GroupDocument doc =
        GroupDocumentCodec.decode(
            json.node(), folder.dir().resolve(GroupJson.GROUP_JSON).toString());
    return GroupFolder.of(folder.dir(), doc, rows.timeSeconds(), rows.rateMBps());
  }

  /**
   * A target's own curve from what its run told (run.json as marked, the rows its end read); read
   * from its folder only when it told nothing or kept no rows (a file too long to hold).
   */
  private CurveReport memberCurve(GroupFolder.Target t) {
    RunObserver.Kept k = marked.get(t.folder());
    return k == null
        ? CurveReport.load(t.folder(), null, -1)
        : CurveReport.ofKept(t.folder(), k.runJson(), k.samples());
  }

  /**
   * Each target's result and start into group.json, its own run folder marked as a member, and its
   * rate alone from the history where the solo pass did not measure it.
   */
  private void recordMembers(
      String groupId,
      GroupJson json,
      MemberResult[] results,
      GroupSamples samples,
      boolean[] soloDone)
      throws IOException {
    for (int i = 0; i < members.size(); i++) {
      GroupMember m = members.get(i);
      json.result(i, results[i]);
      if (samples != null) {
        json.start(i, samples.startSeconds(i));
      }
      RunObserver.Kept told = null;
      if (results[i].runFolder() != null) {
        told = mark(m.name(), results[i].runFolder(), groupId, "member");
      }
      if (!soloDone[i]) {
        SoloHistory.Solo s =
            results[i].runFolder() == null ? null : history.find(results[i].runFolder(), told);
        if (s != null) {
          json.solo(i, s.megabytesPerSecond(), "history", s.from());
        }
      }
    }
  }

  /**
   * A target's run folder marked as the group's {@code role}, from run.json's text as its run told
   * it; the folder as marked is told to the group's observer of the target (kept again), so a
   * history records it from that text without reading the folder back.
   *
   * @return the folder as marked, or null when its run told nothing
   */
  private RunObserver.Kept mark(String name, Path runFolder, String groupId, String role)
      throws IOException {
    RunObserver.Kept told = kept.take(runFolder);
    RunObserver.Kept k = GroupJson.markMember(runFolder, told, groupId, name, role);
    if (k != null) {
      marked.kept(k);
      observer.member(name).kept(k);
    }
    return k;
  }

  private static RunStatus status(MemberResult[] results) {
    RunStatus status = RunStatus.COMPLETE;
    for (MemberResult r : results) {
      if (r.status() == RunStatus.FAILED) {
        return RunStatus.FAILED;
      }
      if (r.status() == RunStatus.INTERRUPTED) {
        status = RunStatus.INTERRUPTED;
      }
    }
    return status;
  }

  /** Each target alone, one after another, for what it writes without the others. */
  private void soloPass(RunFolder folder, GroupJson json, boolean[] done) throws IOException {
    for (int i = 0; i < members.size() && !stop.get(); i++) {
      GroupMember m = members.get(i);
      observer.soloPass(m.name());
      Path dir = folder.dir().resolve(SOLO_FOLDER).resolve(m.name());
      MemberResult r = runMember(m.solo(), dir, memberObserver(i, null, null));
      observer.finished(m.name(), r);
      RunObserver.Kept told =
          r.runFolder() == null ? null : mark(m.name(), r.runFolder(), json.groupId(), "solo");
      double rate = soloRate(dir, told);
      if (r.status() != RunStatus.INTERRUPTED && Double.isFinite(rate)) {
        json.solo(i, rate, "solo-first", SOLO_FOLDER + "/" + m.name());
        done[i] = true;
      }
    }
  }

  /**
   * A solo pass's rate, from what its run told ({@code told}: run.json as marked, the rows its end
   * read), or read from its folder where it told nothing or kept no rows.
   */
  private static double soloRate(Path runFolder, RunObserver.Kept told) {
    try {
      ImportedCurve curve =
          told == null || told.samples() == null
              ? CurveReader.readRunFolder(runFolder)
              : CurveReader.readRunFolder(
                  runFolder,
                  RunDocumentCodec.parse(
                      told.runJson(), RunDocumentCodec.fileOf(runFolder).toString()),
                  CurveReader.readSamples(runFolder, told.samples()));
      return SharedCeilingDetector.soloRateMBps(curve.series().writeMBpsArray());
    } catch (InputFormatException | IOException e) {
      return Double.NaN;
    }
  }

  /**
   * Every target on its own thread: each sets up at once, waits at the {@link StartLine}, then
   * writes at its turn. Returns when all have ended.
   */
  private GroupSamples together(RunFolder folder, MemberResult[] results) throws IOException {
    int n = members.size();
    List<String> names = new ArrayList<>();
    for (GroupMember m : members) {
      names.add(m.name());
    }
    observer.together();
    GroupSamples samples =
        new GroupSamples(folder.samplesCsv(), names, params.intervalNanos(), observer::groupRow);
    StartLine[] line = new StartLine[1];
    line[0] =
        new StartLine(
            n,
            params.staggerNanos(),
            stop,
            zero -> {
              long[] turns = new long[n];
              for (int i = 0; i < n; i++) {
                turns[i] = line[0].turnNanos(zero, i);
              }
              samples.open(zero, turns);
            });
    Thread[] threads = new Thread[n];
    for (int i = 0; i < n; i++) {
      int index = i;
      GroupMember m = members.get(i);
      Path dir = folder.dir().resolve(m.name());
      threads[i] =
          new Thread(
              () -> {
                MemberResult r =
                    new MemberResult(
                        null, RunStatus.INTERRUPTED, "interrupted before it began", 0, 0);
                try {
                  r = runMember(m.run(), dir, memberObserver(index, samples, line[0]));
                } finally {
                  results[index] = r;
                  line[0].leave(index);
                  samples.ended(index);
                  observer.finished(m.name(), r);
                }
              },
              "sustain-group-" + m.name());
      threads[i].start();
    }
    for (Thread t : threads) {
      joinUninterruptibly(t);
    }
    samples.close();
    return samples;
  }

  /** One target's run; a refusal or an error that ends it before it began becomes its result. */
  private MemberResult runMember(GroupMember.Run run, Path dir, RunObserver memberObserver) {
    try {
      MemberResult r = run.run(dir, memberObserver, stop);
      return r != null ? r : MemberResult.failedToStart(dir, "the run gave no result");
    } catch (IOException | RuntimeException e) {
      return MemberResult.failedToStart(
          Files.isDirectory(dir) ? dir : null,
          e.getMessage() == null ? e.toString() : e.getMessage());
    }
  }

  private static void joinUninterruptibly(Thread t) {
    boolean interrupted = false;
    while (true) {
      try {
        t.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * One target's run as the group hears it: held at the start line, when given, once it is ready to
   * write; each row into the group's samples, when given; then every event, each one, to the
   * group's observer of that target. {@link RunObserver#both} forwards them, so none is left out by
   * hand (a forwarder of five of its events once lost a target's notes, its live phase and what it
   * kept).
   */
  private RunObserver memberObserver(int i, GroupSamples samples, StartLine line) {
    RunObserver group =
        new RunObserver() {
          @Override
          public void ready() {
            if (line != null) {
              line.arrive(i);
            }
          }

          @Override
          public void kept(Kept k) {
            kept.kept(k);
          }

          @Override
          public void sample(SampleRow row, long totalBytes, double elapsedSeconds) {
            if (samples != null) {
              samples.row(
                  i,
                  System.nanoTime(),
                  row.intervalSeconds(),
                  row.bytes(),
                  SamplesCsv.WRITE.equals(row.phase()));
            }
          }
        };
    return RunObserver.both(group, observer.member(members.get(i).name()));
  }
}
