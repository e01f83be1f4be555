package dev.sustain.document;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.document.RunDocument.Before;
import dev.sustain.document.RunDocument.Device;
import dev.sustain.document.RunDocument.FileSystem;
import dev.sustain.document.RunDocument.FillFile;
import dev.sustain.document.RunDocument.GroupMember;
import dev.sustain.document.RunDocument.IntervalRates;
import dev.sustain.document.RunDocument.Layer;
import dev.sustain.document.RunDocument.Layout;
import dev.sustain.document.RunDocument.LinkSignal;
import dev.sustain.document.RunDocument.Params;
import dev.sustain.document.RunDocument.Registration;
import dev.sustain.document.RunDocument.Result;
import dev.sustain.document.RunDocument.Target;
import dev.sustain.document.RunDocument.Tool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The one reader of {@code run.json}: every version this program wrote, into a {@link RunDocument};
 * a newer version is refused in one line (docs/FORMATS.md). The keys of run.json appear here and in
 * the writer beside it, nowhere else.
 *
 * <p>Version 1 grew over time without a new number; what older folders lack is empty in the record,
 * and the few keys that were renamed are read under both names ({@code cpu_cores} or {@code
 * host_cpu_cores}; {@code target.device.link_ceiling_MBps} or {@code link.ceiling_MBps}).
 */
public final class RunDocumentCodec {

  /** The version this program writes and the newest it reads. */
  public static final int VERSION = 1;

  /** The file's name in a run folder. */
  public static final String FILE = "run.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private RunDocumentCodec() {}

  /** The run.json of the run folder {@code folder}. */
  public static Path fileOf(Path folder) {
    return folder.resolve(FILE);
  }

  /**
   * The run folder that {@code input} names: the folder itself, or the folder of the samples.csv
   * named; empty when it holds no run.json (an imported curve, a plain CSV).
   */
  public static Optional<Path> folderOf(Path input) {
    Path folder = null;
    if (Files.isDirectory(input)) {
      folder = input;
    } else if (input.getFileName() != null
        && input.getFileName().toString().equals("samples.csv")) {
      folder = input.toAbsolutePath().getParent();
    }
    return folder != null && exists(folder) ? Optional.of(folder) : Optional.empty();
  }

  /** True when {@code folder} holds a run.json (a run folder, perhaps of a killed run). */
  public static boolean exists(Path folder) {
    return Files.isRegularFile(fileOf(folder));
  }

  /**
   * Reads the run.json of {@code folder}.
   *
   * @throws IOException when it cannot be read or is no JSON object
   * @throws NewerFormatException when a newer sustain wrote it
   */
  public static RunDocument read(Path folder) throws IOException {
    return readFile(fileOf(folder));
  }

  /** Reads a run.json file by its own name. */
  public static RunDocument readFile(Path runJson) throws IOException {
    return decode(Fields.objectIn(JSON, runJson), runJson.toString());
  }

  /** Reads run.json's text, as the history keeps it; {@code where} names it in messages. */
  public static RunDocument parse(String text, String where) throws IOException {
    return decode(Fields.object(JSON, text, where), where);
  }

  /**
   * A parsed run.json as its record.
   *
   * @throws NewerFormatException when {@code version} is newer than {@link #VERSION}
   */
  public static RunDocument decode(JsonNode root, String where) {
    int version = root.path("version").asInt(VERSION);
    if (version > VERSION) {
      throw new NewerFormatException(where, version, VERSION);
    }
    JsonNode tool = root.path("tool");
    JsonNode cores = root.has("cpu_cores") ? root.path("cpu_cores") : root.path("host_cpu_cores");
    return new RunDocument(
        version,
        Fields.text(root, "command"),
        tool(root.path("tool")),
        Fields.text(root, "run_id"),
        Fields.text(root, "host"),
        Fields.longOf(root, "pid"),
        cores.canConvertToInt() ? OptionalInt.of(cores.asInt()) : OptionalInt.empty(),
        target(root.path("target")),
        params(root.path("params")),
        Fields.text(root, "started"),
        Fields.text(root, "ended"),
        result(root.path("result")),
        root.path("before").isObject()
            ? Optional.of(before(root.path("before")))
            : Optional.empty(),
        fillFiles(root.path("files")),
        Fields.text(root, "resumed_from"),
        RunResultsCodec.readBack(root.path("result")),
        RunResultsCodec.copy(root),
        RunResultsCodec.sweep(root.path("result")));
  }

  /** {@code tool} is {@code {name, version, java}}; a hand-made file may give it as one text. */
  private static Tool tool(JsonNode tool) {
    if (tool.isValueNode() && !tool.isNull()) {
      return new Tool(
          Optional.of(tool.asText()).filter(t -> !t.isBlank()), Optional.empty(), Optional.empty());
    }
    return new Tool(
        Fields.text(tool, "name"), Fields.text(tool, "version"), Fields.text(tool, "java"));
  }

  /**
   * The {@code params} of a run.json as the history keeps them (their JSON text alone); empty when
   * there is none or it is no JSON object.
   */
  public static Optional<Params> parseParams(String paramsJson) {
    if (paramsJson == null) {
      return Optional.empty();
    }
    try {
      JsonNode p = JSON.readTree(paramsJson);
      return p != null && p.isObject() ? Optional.of(params(p)) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The JSON text of run.json's {@code params}, as the history keeps it; empty when none. */
  public static Optional<String> paramsText(JsonNode root) {
    JsonNode p = root.path("params");
    return p.isMissingNode() || p.isNull() ? Optional.empty() : Optional.of(p.toString());
  }

  private static List<FillFile> fillFiles(JsonNode files) {
    List<FillFile> list = new ArrayList<>();
    for (JsonNode f : files) {
      list.add(
          new FillFile(
              f.path("name").asText(),
              f.path("bytes").asLong(),
              f.path("seconds").asDouble(),
              Fields.doubleOf(f, "average_MBps"),
              f.path("complete").asBoolean()));
    }
    return list;
  }

  private static Target target(JsonNode t) {
    List<Layer> stack = new ArrayList<>();
    for (JsonNode layer : t.path("stack")) {
      stack.add(
          new Layer(
              Fields.text(layer, "name").orElse(""),
              Fields.text(layer, "kind").orElse(""),
              Fields.text(layer, "detail").orElse("")));
    }
    JsonNode fs = t.path("filesystem");
    return new Target(
        Fields.text(t, "path"),
        Fields.text(t, "kind"),
        Fields.text(t, "test_file"),
        Fields.text(t, "source"),
        t.path("device").isObject() ? Optional.of(device(t.path("device"))) : Optional.empty(),
        stack,
        fs.isObject()
            ? Optional.of(
                new FileSystem(
                    Fields.text(fs, "mount"),
                    Fields.text(fs, "type"),
                    Fields.text(fs, "source"),
                    fs.path("memory").asBoolean(false)))
            : Optional.empty(),
        Fields.text(t, "no_device"));
  }

  private static Device device(JsonNode d) {
    JsonNode link = d.path("link");
    double ceiling = d.path("link_ceiling_MBps").asDouble(0);
    if (ceiling <= 0) {
      ceiling = link.path("ceiling_MBps").asDouble(0);
    }
    return new Device(
        Fields.text(d, "name"),
        Fields.text(d, "path"),
        Fields.text(d, "model"),
        Fields.text(d, "serial"),
        Fields.text(d, "firmware"),
        Fields.text(d, "transport"),
        Fields.longOf(d, "size_bytes"),
        Fields.bool(d, "rotational"),
        Fields.bool(d, "discard"),
        Fields.text(link, "description"),
        ceiling > 0 ? OptionalDouble.of(ceiling) : OptionalDouble.empty(),
        link.isObject()
            ? Optional.of(
                new LinkSignal(
                    Fields.text(link, "kind"),
                    Fields.doubleOf(link, "gbps"),
                    Fields.intOf(link, "pcie_gen"),
                    Fields.intOf(link, "lanes")))
            : Optional.empty(),
        Fields.text(d, "temperature_source"),
        Fields.text(d, "loop_backing_file"),
        Fields.text(d, "wwn"),
        Fields.text(d.path("identity"), "key"));
  }

  private static Params params(JsonNode p) {
    Optional<Boolean> buffered = Fields.bool(p, "buffered");
    if (buffered.isEmpty()) {
      buffered = Fields.bool(p, "direct").map(direct -> !direct);
    }
    JsonNode g = p.path("group");
    Optional<GroupMember> group =
        g.isObject()
            ? Optional.of(
                new GroupMember(
                    Fields.text(g, "id").orElse(""),
                    Fields.text(g, "name").orElse(""),
                    Fields.text(g, "role").orElse("")))
            : Optional.empty();
    return new Params(
        Fields.longOf(p, "size_bytes"),
        Fields.doubleOf(p, "time_s"),
        Fields.longOf(p, "file_size_bytes"),
        Fields.longOf(p, "limit_bytes"),
        Fields.longOf(p, "expected_bytes"),
        Fields.longOf(p, "extent_bytes"),
        Fields.longOf(p, "bs_bytes"),
        Fields.intOf(p, "qd"),
        Fields.doubleOf(p, "interval_s"),
        buffered,
        Fields.text(p, "engine"),
        Fields.text(p, "pattern"),
        Fields.text(p, "pattern_id"),
        Fields.bool(p, "keep"),
        Fields.text(p, "until"),
        group,
        Fields.intOf(p, "repeat"),
        Fields.longOf(p, "bytes_per_pass"));
  }

  private static Result result(JsonNode r) {
    JsonNode stats = r.path("interval_MBps");
    // A part is there only when all its fields are: a missing one reads as no part, never as 0.
    Optional<IntervalRates> rates =
        stats.path("min").isNumber()
                && stats.path("median").isNumber()
                && stats.path("max").isNumber()
            ? Optional.of(
                new IntervalRates(
                    stats.path("min").asDouble(0),
                    stats.path("median").asDouble(0),
                    stats.path("max").asDouble(0)))
            : Optional.empty();
    Optional<Layout> layout =
        Fields.text(r, "layout")
            .map(
                kind ->
                    new Layout(
                        kind, Fields.doubleOf(r, "layout_s"), Fields.text(r, "layout_note")));
    Optional<Registration> registration =
        r.path("fixed_buffers").isBoolean() && r.path("fixed_file").isBoolean()
            ? Optional.of(
                new Registration(
                    r.path("fixed_buffers").asBoolean(), r.path("fixed_file").asBoolean()))
            : Optional.empty();
    return new Result(
        Fields.text(r, "status"),
        Fields.text(r, "error"),
        Fields.longOf(r, "bytes"),
        Fields.doubleOf(r, "seconds"),
        Fields.doubleOf(r, "average_MBps"),
        Fields.doubleOf(r, "flush_s"),
        rates,
        layout,
        Fields.bool(r, "test_file_kept"),
        registration,
        Fields.doubleOf(r, "first_completion_s"),
        Fields.text(r, "end"),
        Fields.bool(r, "floor_reached"),
        Fields.longOf(r, "files"),
        Fields.bool(r, "files_kept"));
  }

  private static Before before(JsonNode b) {
    return new Before(
        Fields.longOf(b, "free_bytes"),
        Fields.longOf(b, "capacity_bytes"),
        Fields.doubleOf(b, "temp_C"),
        Fields.doubleOf(b, "idle_s"));
  }
}
