package dev.sustain.cli;

import dev.sustain.analysis.Media;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.UsageException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What the commands that read finished curves (analyze, report, compare) are given: the inputs, the
 * media that wrote an imported curve, and a job to project. A picocli mixin ({@code @Mixin
 * CurveInputs curves;}); the help texts differ by command (help.properties). Not thread-safe; one
 * per command instance.
 */
public final class CurveInputs {

  @Parameters(arity = "1..*", paramLabel = "INPUT")
  List<Path> inputs;

  @Option(
      names = "--media",
      paramLabel = "ssd|hdd",
      completionCandidates = Completions.MediaNames.class)
  String media;

  @Option(names = "--job-size", paramLabel = "SIZE")
  ByteSize jobSize;

  /** The media the user named, or null to let each input say; an unknown word is bad input. */
  Media forcedMedia() {
    if (media == null) {
      return null;
    }
    try {
      return Media.parse(media);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--media: " + e.getMessage());
    }
  }

  /** The job to project in bytes, or -1 for none. */
  long jobBytes() {
    return jobSize == null ? -1 : jobSize.bytes();
  }
}
