package dev.sustain.document;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A run folder's {@code run.json} as records, read and written only by {@link RunDocumentCodec}
 * (docs/FORMATS.md, "run.json"). Every field that an older version of the file may lack, or a
 * command does not write, is an {@link Optional}: a reader says what it does without one, and a
 * test that asserts on a field fails when the field is missing instead of reading a default.
 *
 * @param version the format's version ({@link RunDocumentCodec#VERSION} or older)
 * @param command the command that made the folder: write, fill, copy, read, verify, sweep (a
 *     hand-made file may lack it; the readers that need one take it as write)
 * @param tool the program that wrote it
 * @param runId the run's id, e.g. {@code 20261130-101502-3fa9}
 * @param host the machine that ran it (missing before the header carried it)
 * @param pid the process that ran it, by which a killed run is told from a live one
 * @param cpuCores the cores there were, for "one core at 100%" (older: {@code host_cpu_cores})
 * @param target where the run read or wrote
 * @param params what the run was asked
 * @param started when it started (ISO-8601, as written)
 * @param ended when it ended; empty while it runs, or when it was killed
 * @param result what it did; its status is {@code running} until it ends
 * @param before what a later comparison needs of the drive before the run (write only)
 * @param files a fill's files, as each ended (empty for the other commands)
 * @param resumedFrom the run folder of the fill a fill resumed
 * @param readBack what read or verify found (read from every run.json; empty of what it lacks)
 * @param copy a copy's passes (none in another command's run.json)
 * @param sweep a sweep's points (none in another command's run.json)
 */
public record RunDocument(
    int version,
    Optional<String> command,
    Tool tool,
    Optional<String> runId,
    Optional<String> host,
    OptionalLong pid,
    OptionalInt cpuCores,
    Target target,
    Params params,
    Optional<String> started,
    Optional<String> ended,
    Result result,
    Optional<Before> before,
    List<FillFile> files,
    Optional<String> resumedFrom,
    RunResults.ReadBack readBack,
    RunResults.Copy copy,
    RunResults.Sweep sweep) {

  public RunDocument {
    files = List.copyOf(files);
  }

  /** The program that wrote the folder. */
  public record Tool(Optional<String> name, Optional<String> version, Optional<String> java) {}

  /**
   * Where the run read or wrote.
   *
   * @param path the target as given (a folder, a file, a device node)
   * @param kind {@code file}, {@code device} or {@code folder}
   * @param testFile the file write made in the target (write on a file system only)
   * @param source the folder copied (copy only)
   * @param device the drive under the target, as the probes knew it
   * @param stack the layers from the target down to the drive (a loop device, dm, the disk)
   * @param fileSystem the file system that holds the target
   * @param noDevice why there is no drive under the target (tmpfs, a network file system)
   */
  public record Target(
      Optional<String> path,
      Optional<String> kind,
      Optional<String> testFile,
      Optional<String> source,
      Optional<Device> device,
      List<Layer> stack,
      Optional<FileSystem> fileSystem,
      Optional<String> noDevice) {

    public Target {
      stack = List.copyOf(stack);
    }

    /** True when the run wrote a raw block device rather than a file. */
    public boolean isDevice() {
      return kind.filter("device"::equals).isPresent();
    }
  }

  /**
   * The drive as run.json names it: the facts a report, a curve reader and the history use.
   *
   * @param linkCeilingMBps the most the link carries (older: {@code link.ceiling_MBps})
   * @param link the link in words, e.g. "USB 3.2 Gen 2 (10 Gbit/s)"
   * @param linkSignal the link's kind and signalling rate, as its tier is told from them
   * @param identityKey what the history files the drive under, e.g. {@code serial:S6B0NL0T}
   */
  public record Device(
      Optional<String> name,
      Optional<String> path,
      Optional<String> model,
      Optional<String> serial,
      Optional<String> firmware,
      Optional<String> transport,
      OptionalLong sizeBytes,
      Optional<Boolean> rotational,
      Optional<Boolean> discard,
      Optional<String> link,
      OptionalDouble linkCeilingMBps,
      Optional<LinkSignal> linkSignal,
      Optional<String> temperatureSource,
      Optional<String> loopBackingFile,
      Optional<String> wwn,
      Optional<String> identityKey) {}

  /**
   * The drive's link as the probes measured it: what a share groups drives by ({@code
   * pcie-gen4-x4}, {@code usb-5000Mbps}), since the same model on a slower link is another
   * population. Present when run.json has a {@code link} object; each field is empty when the
   * probes could not tell it.
   *
   * @param kind {@code pcie}, {@code usb}, {@code sata}... as the probes wrote it
   * @param gbps the signalling rate in Gbit/s (USB and SATA; PCIe's is its generation and lanes)
   * @param pcieGen the negotiated PCIe generation
   * @param lanes the negotiated PCIe lanes
   */
  public record LinkSignal(
      Optional<String> kind, OptionalDouble gbps, OptionalInt pcieGen, OptionalInt lanes) {}

  /** One layer between the target and the drive, e.g. {@code loop0, loop, backed by /x.img}. */
  public record Layer(String name, String kind, String detail) {}

  /** The file system that holds the target; {@code memory} for tmpfs and ramfs. */
  public record FileSystem(
      Optional<String> mount, Optional<String> type, Optional<String> source, boolean memory) {}

  /**
   * What the run was asked. Each command writes its own part: write {@code size_bytes, time_s,
   * pattern, keep, until}; fill {@code file_size_bytes, limit_bytes}; read and verify {@code
   * expected_bytes}; copy {@code repeat}; all that do requests the request parameters.
   *
   * @param buffered through the page cache (older folders may say only {@code direct})
   * @param repeat a copy's passes, each in its own folder of the destination (copy only)
   * @param bytesPerPass what a copy writes in each pass (copy only)
   */
  public record Params(
      OptionalLong sizeBytes,
      OptionalDouble timeSeconds,
      OptionalLong fileSizeBytes,
      OptionalLong limitBytes,
      OptionalLong expectedBytes,
      OptionalLong extentBytes,
      OptionalLong blockBytes,
      OptionalInt queueDepth,
      OptionalDouble intervalSeconds,
      Optional<Boolean> buffered,
      Optional<String> engine,
      Optional<String> pattern,
      Optional<String> patternId,
      Optional<Boolean> keep,
      Optional<String> until,
      Optional<GroupMember> group,
      OptionalInt repeat,
      OptionalLong bytesPerPass) {}

  /** A run written as one target of a group: the group's id, the target's name, its role. */
  public record GroupMember(String groupId, String name, String role) {}

  /**
   * What the run did.
   *
   * @param status {@code running}, {@code complete}, {@code stopped}, {@code failed}... (missing in
   *     a folder whose run was killed before its first write of run.json ended)
   * @param flushSeconds the final flush, never part of {@code seconds}
   * @param end what ended a fill: {@code full}, {@code limit}, {@code stopped}...
   * @param floorReached whether {@code --until floor} saw its floor
   * @param firstCompletionSeconds when the first request completed, from the sampler's start
   * @param files the files a fill wrote, as its end counted them
   * @param filesKept whether a fill's files were kept at its end
   */
  public record Result(
      Optional<String> status,
      Optional<String> error,
      OptionalLong bytes,
      OptionalDouble seconds,
      OptionalDouble averageMBps,
      OptionalDouble flushSeconds,
      Optional<IntervalRates> intervalMBps,
      Optional<Layout> layout,
      Optional<Boolean> testFileKept,
      Optional<Registration> registration,
      OptionalDouble firstCompletionSeconds,
      Optional<String> end,
      Optional<Boolean> floorReached,
      OptionalLong files,
      Optional<Boolean> filesKept) {

    /** True when the run never wrote its end: killed, or still going. */
    public boolean unended() {
      return status.isEmpty() || status.get().equals("running");
    }
  }

  /**
   * One file of a fill, as run.json lists it when the file ended.
   *
   * @param complete written to its whole size (the last file of a fill that ended may not be)
   */
  public record FillFile(
      String name, long bytes, double seconds, OptionalDouble averageMBps, boolean complete) {}

  /** The lowest, median and highest interval rate, in MB/s. */
  public record IntervalRates(double minMBps, double medianMBps, double maxMBps) {}

  /**
   * How the test file was laid out before the clock: {@code preallocated}, {@code sparse} or {@code
   * none}; its time, never part of the run's seconds; why, in words.
   */
  public record Layout(String kind, OptionalDouble seconds, Optional<String> note) {}

  /** What the engine registered with the kernel (fio's fixedbufs and registerfiles). */
  public record Registration(boolean fixedBuffers, boolean fixedFile) {}

  /**
   * The drive before the run.
   *
   * @param freeBytes the target file system's free bytes (none for a raw device)
   * @param capacityBytes the drive's size, where known
   * @param tempC its temperature at the start, without a sensor none
   * @param idleSeconds the time since the run before on this drive, where known
   */
  public record Before(
      OptionalLong freeBytes,
      OptionalLong capacityBytes,
      OptionalDouble tempC,
      OptionalDouble idleSeconds) {}
}
