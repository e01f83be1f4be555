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

  @Parameters(arity = "1..*", paramLabel = "PATH|DEVICE")
  List<String> queries;

  @Option(names = "--json")
  boolean json;

  /** The live system when null; tests set a resolver over a fake tree. */
  DeviceResolver resolver;

  @Override
  protected int execute() throws Exception {
    DeviceResolver res = resolver == null ? DeviceResolver.system() : resolver;
    List<DeviceResolution> found = new ArrayList<>();
    for (String query : queries) {
      try {
        found.add(res.resolve(query));
      } catch (NoBlockDeviceException e) {
        Optional<MountEntry> fs =
            Files.exists(Path.of(query)) ? res.fileSystemOf(query) : Optional.empty();
        if (queries.size() == 1 && fs.isPresent() && fs.get().inMemory()) {
          printMemory(query, fs.get());
          return ExitCodes.OK;
        }
        throw new UsageException(e.getMessage());
      }
    }
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    if (found.size() == 1) {
      if (json) {
        out().println(m.writeValueAsString(found.getFirst().toJsonMap()));
      } else {
        printHuman(out(), found.getFirst());
      }
      out().flush();
      return ExitCodes.OK;
    }
    SharedParts shared = res.sharedBy(queries);
    if (json) {
      Map<String, Object> all = new LinkedHashMap<>();
      all.put("targets", found.stream().map(DeviceResolution::toJsonMap).toList());
      all.put("shared", shared.toJsonMap());
      out().println(m.writeValueAsString(all));
    } else {
      for (DeviceResolution r : found) {
        printHuman(out(), r);
        out().println();
      }
      out().println("Shared by " + String.join(", ", queries) + ":");
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
    out().flush();
    return ExitCodes.OK;
  }

  /** A path in memory (tmpfs, ramfs): there is no drive to describe, and it says so. */
  private void printMemory(String query, MountEntry fs) throws IOException {
    String what = fs.memoryWords();
    if (json) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("query", query);
      doc.put("memory", true);
      doc.put("filesystem", fs.toJsonMap());
      doc.put("device", null);
      doc.put("note", what);
      out()
          .println(
              new ObjectMapper()
                  .enable(SerializationFeature.INDENT_OUTPUT)
                  .writeValueAsString(doc));
    } else {
      Lines.println(
          out(),
          "%s  ->  memory (%s mounted on %s), not a drive",
          query,
          fs.fsType(),
          fs.mountPoint());
      row(out(), "note", what);
    }
    out().flush();
  }

  static void printHuman(PrintWriter o, DeviceResolution r) {
    DeviceInfo d = r.device();
    StringBuilder chain = new StringBuilder(r.query());
    for (BlockLayer l : r.stack()) {
      chain.append("  ->  ").append(l.name()).append(" (").append(l.kind());
      if (!l.kind().equals("disk") || !l.detail().equals("whole device")) {
        chain.append(": ").append(l.detail());
      }
      chain.append(')');
    }
    o.println(chain);
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
