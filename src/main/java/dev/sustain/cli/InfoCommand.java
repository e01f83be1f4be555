package dev.sustain.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.sustain.device.BlockLayer;
import dev.sustain.device.DeviceInfo;
import dev.sustain.device.DeviceResolution;
import dev.sustain.device.DeviceResolver;
import dev.sustain.device.DriveSensors;
import dev.sustain.device.MountEntry;
import dev.sustain.device.NoBlockDeviceException;
import dev.sustain.device.SharedParts;
import dev.sustain.sampling.TemperatureSensor;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sustain info PATH|DEVICE}: the block device under a path and what could limit it. */
@Command(name = "info", mixinStandardHelpOptions = true)
public final class InfoCommand extends BaseCommand {

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH|DEVICE",
      type = java.io.File.class,
      converter = Completions.Verbatim.class)
  List<String> queries;

  @Option(names = "--json")
  boolean json;

  /** The live system when null; tests set a resolver over a fake tree. */
  DeviceResolver resolver;

  @Override
  protected int execute() throws Exception {
    DeviceResolver res = resolver == null ? DeviceResolver.system() : resolver;
    if (queries.size() == 1) {
      return one(res, queries.getFirst());
    }
    return several(res);
  }

  private int one(DeviceResolver res, String query) throws IOException {
    try {
      DeviceResolution r = res.resolve(query);
      if (json) {
        out().println(JSON.writeValueAsString(r.toJsonMap()));
      } else {
        printHuman(out(), r);
      }
      out().flush();
      return ExitCodes.OK;
    } catch (NoBlockDeviceException e) {
      Optional<MountEntry> fs = memoryOf(res, query);
      if (fs.isEmpty()) {
        throw new UsageException(e.getMessage());
      }
      if (json) {
        out().println(JSON.writeValueAsString(memoryJson(query, fs.get())));
      } else {
        printMemory(out(), query, fs.get());
      }
      out().flush();
      return ExitCodes.OK;
    }
  }

  /**
   * Each path in its order, then what the drives found share. A path without a block device gets
   * its own line and does not hide the others; the command fails only when none was found.
   */
  private int several(DeviceResolver res) throws IOException {
    List<Map<String, Object>> docs = new ArrayList<>();
    List<DeviceResolution> found = new ArrayList<>();
    List<String> foundQueries = new ArrayList<>();
    List<String> misses = new ArrayList<>();
    // Printed only once something was found: a command that fails prints its one line alone.
    StringWriter text = new StringWriter();
    PrintWriter o = new PrintWriter(text);
    for (String query : queries) {
      try {
        DeviceResolution r = res.resolve(query);
        found.add(r);
        foundQueries.add(query);
        docs.add(r.toJsonMap());
        if (!json) {
          printHuman(o, r);
          o.println();
        }
      } catch (NoBlockDeviceException e) {
        Optional<MountEntry> fs = memoryOf(res, query);
        if (fs.isPresent()) {
          docs.add(memoryJson(query, fs.get()));
          if (!json) {
            printMemory(o, query, fs.get());
            o.println();
          }
          continue;
        }
        misses.add(e.getMessage());
        Map<String, Object> miss = new LinkedHashMap<>();
        miss.put("query", query);
        miss.put("device", null);
        miss.put("note", e.getMessage());
        docs.add(miss);
        if (!json) {
          Lines.println(o, "%s  ->  %s", query, e.getMessage());
          o.println();
        }
      }
    }
    if (misses.size() == queries.size()) {
      throw new UsageException(misses.getFirst());
    }
    o.flush();
    out().print(text);
    SharedParts shared = found.size() < 2 ? null : res.sharedBy(foundQueries);
    if (json) {
      Map<String, Object> all = new LinkedHashMap<>();
      all.put("targets", docs);
      all.put("shared", shared == null ? null : shared.toJsonMap());
      out().println(JSON.writeValueAsString(all));
    } else if (shared != null) {
      printShared(foundQueries, shared);
    }
    out().flush();
    return ExitCodes.OK;
  }

  private void printShared(List<String> names, SharedParts shared) {
    out().println("Shared by " + String.join(", ", names) + ":");
    if (shared.parts().isEmpty()) {
      row(out(), "shared", shared.describe());
    }
    for (SharedParts.Part p : shared.parts()) {
      row(
          out(),
          p == shared.closest() ? "shared" : "on",
          p.description()
              + (p.ceilingMBps() == null
                  ? ""
                  : ", practical ceiling about " + Units.rate(p.ceilingMBps())));
    }
  }

  /** The file system of a path that exists and lives in memory (tmpfs, ramfs), if it does. */
  private static Optional<MountEntry> memoryOf(DeviceResolver res, String query) {
    Optional<MountEntry> fs =
        Files.exists(Path.of(query)) ? res.fileSystemOf(query) : Optional.empty();
    return fs.filter(MountEntry::inMemory);
  }

  private static Map<String, Object> memoryJson(String query, MountEntry fs) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("query", query);
    doc.put("memory", true);
    doc.put("filesystem", fs.toJsonMap());
    doc.put("device", null);
    doc.put("note", fs.memoryWords());
    return doc;
  }

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** A path in memory (tmpfs, ramfs): there is no drive to describe, and it says so. */
  private static void printMemory(PrintWriter o, String query, MountEntry fs) {
    Lines.println(
        o, "%s  ->  memory (%s mounted on %s), not a drive", query, fs.fsType(), fs.mountPoint());
    row(o, "note", fs.memoryWords());
  }

  static void printHuman(PrintWriter o, DeviceResolution r) {
    DeviceInfo d = r.device();
    o.println(chain(r));
    boolean layered = !r.target().equals(d.name());
    if (layered) {
      row(o, "target", "/dev/" + r.target() + ", " + sizeWords(r.targetSizeBytes()));
      rows(o, "target use", r.targetUsage().reasonsInUse());
    }
    row(o, "device", d.devicePath() + " (" + d.transport().jsonName() + ")");
    row(o, "model", orUnknown(d.model()));
    row(o, "serial", orUnknown(d.serial()));
    row(o, "firmware", orUnknown(d.firmware()));
    row(o, "size", sizeWords(d.sizeBytes()));
    row(
        o,
        "blocks",
        d.logicalBlockBytes() + " B logical, " + d.physicalBlockBytes() + " B physical");
    row(
        o,
        "media",
        d.rotationRateRpm() != null
            ? (d.rotational() ? "rotational, " + d.rotationRateRpm() + " rpm" : "solid state")
            : (d.rotational()
                ? "rotational, as the kernel reports it (USB bridges often say so for SSDs)"
                : "solid state, as the kernel reports it"));
    row(
        o,
        "TRIM",
        d.discard()
            ? "yes, up to " + Units.binaryBytes(d.discardMaxBytes()) + " per request"
            : "no: the kernel sends no discard to this device");
    printLink(o, d);
    row(o, "temperature", temperature(d));
    row(o, "erase", d.passThrough().kind() + ": " + d.passThrough().detail());
    if (d.loopBackingFile() != null) {
      row(o, "backing", d.loopBackingFile());
    }
    row(o, "identity", d.identity().key() + " (" + d.identity().kind() + ")");
    if (!d.usage().partitions().isEmpty()) {
      row(o, "partitions", String.join(", ", d.usage().partitions()));
    }
    rows(o, layered ? "device use" : "in use", d.usage().reasonsInUse());
    for (DeviceInfo other : r.otherDisks()) {
      row(o, "also on", other.devicePath() + " " + orUnknown(other.model()));
    }
  }

  /** The query and the layers down to the drive: {@code /mnt/x -> dm-0 (crypt: ...) -> ...}. */
  private static String chain(DeviceResolution r) {
    StringBuilder chain = new StringBuilder(r.query());
    for (BlockLayer l : r.stack()) {
      chain.append("  ->  ").append(l.name()).append(" (").append(l.kind());
      if (!l.kind().equals("disk") || !l.detail().equals("whole device")) {
        chain.append(": ").append(l.detail());
      }
      chain.append(')');
    }
    return chain.toString();
  }

  /** The link and its ceiling, and the bridge where there is one. */
  private static void printLink(PrintWriter o, DeviceInfo d) {
    if (d.link() != null) {
      String ceiling =
          d.link().ceilingMBps() == null
              ? "ceiling unknown"
              : "practical ceiling about " + Units.rate(d.link().ceilingMBps());
      row(o, "link", d.link().description() + ", " + ceiling);
      if (d.link().bridge() != null) {
        row(o, "bridge", d.link().bridge());
      }
    } else {
      row(o, "link", "none known (" + d.transport().jsonName() + ")");
    }
  }

  /** A size in both units and exactly: {@code 275 GB (256 GiB, 274877906944 bytes)}. */
  private static String sizeWords(long bytes) {
    return String.format(
        Locale.ROOT,
        "%s (%s, %d bytes)",
        Units.decimalBytes(bytes),
        Units.binaryBytes(bytes),
        bytes);
  }

  private static String temperature(DeviceInfo d) {
    String source = d.temperatureSource();
    if (source.equals("none")) {
      return "no source (no hwmon for this drive, smartctl gave none)";
    }
    if (source.startsWith("hwmon:")) {
      try (TemperatureSensor s = DriveSensors.temperature(d)) {
        OptionalDouble c = s.read();
        if (c.isPresent()) {
          return source + ", " + Units.fixed(c.getAsDouble(), 1) + " °C now";
        }
      }
    }
    return source;
  }

  private static void rows(PrintWriter o, String label, List<String> lines) {
    row(o, label, lines.isEmpty() ? "no: nothing mounts, swaps on or holds it" : lines.getFirst());
    for (int i = 1; i < lines.size(); i++) {
      row(o, "", lines.get(i));
    }
  }

  private static String orUnknown(String s) {
    return s == null ? "(not reported)" : s;
  }

  private static void row(PrintWriter o, String label, String value) {
    StringBuilder b = new StringBuilder(label);
    while (b.length() < 12) {
      b.append(' ');
    }
    o.println(b.append(value));
  }
}
