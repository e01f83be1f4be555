package dev.sustain.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.Analysis;
import dev.sustain.device.MountEntry;
import dev.sustain.device.RunSensors;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.input.CurveReader;
import dev.sustain.sampling.SamplesCsvLines;
import dev.sustain.target.RunMark;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The steps every run that drives requests takes around its work, whatever its command: the
 * target's drive and file system into run.json, the start told to the observer, the requests driven
 * while the session samples them, the last row made whatever happened (a session that could not
 * record its samples fails the run), the end into run.json where its file system may be full, the
 * analysis of the finished folder and the end told to the observer. A command gives its work
 * ({@link Work}: its requests, their flush and how they ended); write, fill, copy, read and verify
 * run through it sampled, and a sweep, whose points are each timed on their own, without
 * samples.csv ({@link #unsampled}, {@link #describeWhere}, {@link #endWhole}).
 */
public final class RunLifecycle {

  /** A command's requests, driven while the lifecycle's session samples them. */
  public interface Work {

    /**
     * Drives the requests to their end (their flush included) and says how they ended.
     *
     * @param session the run's samples; null for work that keeps no samples.csv ({@link
     *     #unsampled})
     */
    End drive(SamplingSession session) throws IOException;

    /**
     * The end once the last row is made: by default a session that could not record its samples
     * fails the run, whatever ended it (the curve is the run's result).
     *
     * @param samplingFailure what kept the samples from being recorded, or null
     */
    default End recorded(End end, Throwable samplingFailure) {
      return samplingFailure == null ? end : End.unrecorded(samplingFailure);
    }
  }

  /**
   * How a run's requests ended.
   *
   * @param error one line for people, or null
   */
  public record End(RunStatus status, String error) {

    /** The end of a run whose samples could not be recorded. */
    public static End unrecorded(Throwable samplingFailure) {
      return new End(RunStatus.FAILED, "could not record samples: " + samplingFailure.getMessage());
    }
  }

  /**
   * The sampled part of a run, over.
   *
   * @param seconds the run's time, samples.csv's last time_s
   */
  public record Sampled(End end, double seconds) {}

  private final String runId;
  private final String command;
  private final RunFolder folder;
  private final RunObserver observer;
  private final AnalysisForms forms;
  // samples.csv as read once for the run's end ({@link #finishedSamples}), for its analysis
  private CurveReader.Samples finished;
  // its rows as text from that same read, for the history (RunObserver.Kept.samples)
  private final SamplesCsvLines.Collector finishedLines = new SamplesCsvLines.Collector();

  /**
   * @param command as run.json names it: {@code write}, {@code fill}, {@code copy}, {@code read},
   *     {@code verify}, {@code sweep}
   * @param forms how the finished folder's analysis is kept and shown; null for a command that
   *     analyses its folder itself, after its summary ({@link #endUnanalysed})
   */
  public RunLifecycle(
      String runId, String command, RunFolder folder, RunObserver observer, AnalysisForms forms) {
    this.runId = runId;
    this.command = command;
    this.folder = folder;
    this.observer = observer;
    this.forms = forms;
  }

  /**
   * Makes the run's folder: {@code out} itself when given (missing or empty), else a new folder
   * named after the run. The one place a run folder, or a folder of runs (a repeat's passes, a
   * group's targets), is made, so every command refuses a folder that is not empty alike.
   *
   * @param command as the folder's default name ends: {@code write}, {@code fill-group}...
   */
  public static RunFolder newFolder(Path out, String runId, String command) throws IOException {
    return RunFolder.create(out, runId, command);
  }

  /**
   * Takes the run's mark in {@code testFolder} before its first test file exists, so no other run
   * ever sees the file without the mark that says it is live (and a killed run's mark names the run
   * folder for {@code clean}). The one place a mark is taken.
   */
  public static RunMark mark(Path testFolder, String runId, RunFolder folder) throws IOException {
    return RunMark.take(testFolder, runId, folder.dir());
  }

  /**
   * The drive the sensors found, and the file system written, into run.json; a file system in
   * memory is said to the observer (its rates are memory's, not a drive's).
   *
   * @param fileSystemOf a path on the file system written, or null for a raw device
   * @param sayWhyNoDevice record why no drive was found, where none was
   */
  public void describe(
      ObjectNode runJson, RunSensors sensors, Path fileSystemOf, boolean sayWhyNoDevice) {
    if (!RunJson.putDevice(runJson, sensors) && sayWhyNoDevice && sensors.whyNoDevice() != null) {
      RunJson.putNoDevice(runJson, sensors.whyNoDevice());
    }
    if (fileSystemOf != null) {
      MountEntry fs = RunJson.putFileSystem(runJson, fileSystemOf);
      if (fs != null && fs.inMemory()) {
        observer.note(fs.memoryWords());
      }
    }
  }

  /**
   * The drive and the file system under {@code path} into run.json, for a run that reads or writes
   * there without sampling its drive (read, verify, sweep): a kept file read back is filed in the
   * history under the drive it is on.
   */
  public void describeWhere(ObjectNode runJson, Path path) {
    RunJson.putWhere(runJson, path);
  }

  /**
   * Tells the observer the run starts.
   *
   * @param testFile what the run writes: its test file, a raw device, or a fill's folder
   * @param goalBytes the bytes to write, or -1 when the time bounds the run
   * @param goalSeconds the time limit, or -1
   */
  public void started(Path testFile, String engine, long goalBytes, double goalSeconds) {
    observer.started(
        new RunObserver.RunInfo(
            runId, command, folder.dir(), testFile, engine, goalBytes, goalSeconds));
  }

  /**
   * Drives {@code work} while {@code session} samples it, then makes the last row and closes the
   * samples whatever happened.
   *
   * @param beforeLastRow run first on the way out (write gives back the room it set aside for the
   *     last row and run.json)
   */
  public Sampled sample(SamplingSession session, Runnable beforeLastRow, Work work)
      throws IOException {
    End end;
    Throwable failure;
    try {
      end = work.drive(session);
    } finally {
      beforeLastRow.run();
      failure = session.finish();
    }
    return new Sampled(work.recorded(end, failure), session.seconds());
  }

  /**
   * Drives work that keeps no samples.csv (a sweep: each point is timed and sampled on its own),
   * and says how it ended.
   */
  public End unsampled(Work work) throws IOException {
    return work.recorded(work.drive(null), null);
  }

  /**
   * The finished samples.csv, read once after the last row: every row to {@code tap} (what the
   * run's result in run.json is made of, such as its interval rates), and the curve kept for the
   * analysis {@link #end} writes once run.json is final, so the file is not opened again.
   */
  public void finishedSamples(CurveReader.RowTap tap) throws IOException {
    finished =
        CurveReader.readSamples(
            folder.dir(),
            (reader, row) -> {
              tap.row(reader, row);
              finishedLines.row(reader, row);
            });
  }

  /**
   * run.json written whole at the run's end (a run without samples.csv writes it only then, so a
   * killed one leaves none), then the end to the observer.
   */
  public void endWhole(ObjectNode runJson, RunObserver.Ended ended) throws IOException {
    keep(folder.writeRunJson(runJson));
    observer.finished(ended);
  }

  /**
   * The run's end into run.json, then the finished folder's analysis (analysis.json, and its text
   * to the observer), then the end to the observer. The curve is the one {@link #finishedSamples}
   * read, or samples.csv is read here once when it was not.
   *
   * @return the analysis, or null when there was nothing to analyse or it could not be kept
   */
  public Analysis end(ObjectNode runJson, RunObserver.Ended ended) throws IOException {
    String runJsonText = RunEnd.write(folder, runJson);
    Analysis analysis = analyse(runJsonText);
    observer.finished(ended);
    return analysis;
  }

  /**
   * The run's end into run.json and to the observer (with run.json's text, {@link
   * RunObserver#kept}, and samples.csv's rows when {@link #finishedSamples} read them); the command
   * analyses the folder itself.
   */
  public void endUnanalysed(ObjectNode runJson, RunObserver.Ended ended) throws IOException {
    keep(RunEnd.write(folder, runJson));
    observer.finished(ended);
  }

  /**
   * run.json's text as written to the observer, and the rows the end's read kept (none when it made
   * none), so neither the history nor the command's analysis need read them back.
   */
  private void keep(String runJsonText) {
    observer.kept(
        new RunObserver.Kept(
            folder.dir(), runJsonText, null, finished == null ? null : finishedLines.lines()));
  }

  /**
   * The finished folder's analysis into analysis.json, and the folder as written to the observer
   * ({@link RunObserver#kept}): the history records the run from these texts.
   */
  private Analysis analyse(String runJsonText) throws IOException {
    RunAnalysis.Written written;
    try {
      // run.json as just written, not read back: the analysis reads samples.csv only
      RunDocument run =
          RunDocumentCodec.decode(
              RunFolder.JSON.readTree(runJsonText), folder.runJson().toString());
      if (finished == null) {
        finishedSamples(CurveReader.RowTap.NONE);
      }
      written = RunAnalysis.write(folder, run, 1, forms, finished);
    } catch (IOException e) {
      // Nothing kept: the history reads the folder as it is, and analyses its samples itself.
      observer.warning(RunEnd.analysisNotWritten(folder, e));
      return null;
    }
    observer.kept(
        new RunObserver.Kept(
            folder.dir(),
            runJsonText,
            written == null ? null : written.json(),
            finishedLines.lines()));
    if (written == null) {
      return null;
    }
    observer.analysed(forms.text(written.done()));
    return written.done().analysis();
  }
}
