package dev.sustain.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.job.Job;
import dev.sustain.share.LinkTier;
import dev.sustain.share.ShareDocument;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a share document: first its schema (every field known, of its type and within its bounds;
 * an unknown field is refused, so nothing the client did not mean to send is kept), then its
 * plausibility (the bytes, time and rates agree, no rate is above the link tier's ceiling, the
 * figures agree with the curve). A document that fails the schema is a {@link Malformed}; one that
 * fails plausibility is a {@link Share} with its reason, kept as rejected. Stateless.
 */
final class ShareCheck {

  /** A document the hub cannot read as a share: answered 400, never stored. */
  static final class Malformed extends RuntimeException {
    Malformed(String message) {
      super(message, null, false, false);
    }
  }

  /** The share is "as new" when its file system was at least this free and nothing clogged it. */
  static final double FRESH_FREE_FRACTION = 0.9;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");
  private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9:_-]{0,39}");
  private static final Pattern VERSION = Pattern.compile("[0-9A-Za-z.+-]{1,32}");
  private static final Set<String> COMMANDS =
      Set.of("write", "fill", "copy", "read", "verify", "sweep");

  private static final Map<String, Set<String>> FIELDS =
      Map.of(
          "",
              Set.of(
                  "schema",
                  "sustain_version",
                  "run_hash",
                  "drive",
                  "job",
                  "result",
                  "analysis",
                  "before",
                  "curve"),
          "drive", Set.of("hash", "model", "capacity_bytes", "firmware", "transport", "link_tier"),
          "job",
              Set.of(
                  "key",
                  "label",
                  "command",
                  "request_bytes",
                  "queue_depth",
                  "io",
                  "pattern",
                  "engine",
                  "target_kind"),
          "result", Set.of("bytes", "seconds", "average_MBps"),
          "analysis", Set.of("burst_MBps", "cache_GB", "floor_MBps", "shape", "recovery_cause"),
          "before", Set.of("free_bytes"),
          "curve", Set.of("t_s", "MBps"));

  private ShareCheck() {}

  static Share read(byte[] body) {
    JsonNode doc;
    try {
      doc = JSON.readTree(body);
    } catch (java.io.IOException e) {
      throw new Malformed("not JSON: " + clip(e.getMessage()));
    }
    if (doc == null || !doc.isObject()) {
      throw new Malformed("a share is one JSON object");
    }
    if (!ShareDocument.SCHEMA.equals(doc.path("schema").asText(null))) {
      throw new Malformed("schema must be \"" + ShareDocument.SCHEMA + "\"");
    }
    knownParts(doc);
    JsonNode drive = doc.get("drive");
    JsonNode a = doc.get("analysis");
    Job job = job(doc.get("job"));
    String tier = text(drive, "link_tier", 40, true);
    if (!LinkTier.valid(tier)) {
      throw new Malformed("drive.link_tier is not a tier: " + clip(tier));
    }
    long capacity = integer(drive, "capacity_bytes", 1, 1L << 60, false);
    Long free = nullableInteger(doc.get("before"), "free_bytes", 0, 1L << 60);
    String cause = word(a, "recovery_cause", true);
    double[][] curve = curve(doc.get("curve"));
    Share checked =
        new Share(
            hex(doc, "run_hash"),
            hex(drive, "hash"),
            text(drive, "model", 100, false),
            capacity,
            orUnknown(text(drive, "firmware", 40, true)),
            word(drive, "transport", true),
            tier,
            job.key(),
            job.label(),
            VERSION.matcher(doc.path("sustain_version").asText("")).matches()
                ? doc.get("sustain_version").asText()
                : bad("sustain_version must be a version such as 0.1.0"),
            (cause == null || cause.equals("none"))
                && free != null
                && free >= FRESH_FREE_FRACTION * capacity,
            word(a, "shape", true),
            cause,
            free,
            integer(doc.get("result"), "bytes", 1, Long.MAX_VALUE, false),
            number(doc.get("result"), "seconds", false),
            number(doc.get("result"), "average_MBps", false),
            nullableNumber(a, "burst_MBps"),
            nullableNumber(a, "cache_GB"),
            nullableNumber(a, "floor_MBps"),
            curveJson(curve),
            null);
    String reason = Plausibility.reason(checked, curve);
    return reason == null ? checked : withReason(checked, reason);
  }

  /** Every field of the document and of its parts is one Sustain sends; every part is an object. */
  private static void knownParts(JsonNode doc) {
    known(doc, "");
    for (String part : FIELDS.keySet()) {
      if (!part.isEmpty()) {
        JsonNode n = doc.get(part);
        if (n == null || !n.isObject()) {
          throw new Malformed(part + " must be an object");
        }
        known(n, part);
      }
    }
  }

  private static Share withReason(Share s, String reason) {
    return new Share(
        s.runHash(),
        s.driveHash(),
        s.model(),
        s.capacityBytes(),
        s.firmware(),
        s.transport(),
        s.linkTier(),
        s.jobKey(),
        s.jobLabel(),
        s.sustainVersion(),
        s.fresh(),
        s.shape(),
        s.recoveryCause(),
        s.freeBytes(),
        s.bytes(),
        s.seconds(),
        s.averageMBps(),
        s.burstMBps(),
        s.cacheGB(),
        s.floorMBps(),
        s.curveJson(),
        reason);
  }

  /** The job rebuilt from its fields; the key sent must be the one they make. */
  private static Job job(JsonNode j) {
    String command = word(j, "command", false);
    if (!COMMANDS.contains(command)) {
      throw new Malformed("job.command is not a Sustain command: " + command);
    }
    Long bs = nullableInteger(j, "request_bytes", 1, 1L << 40);
    Long qd = nullableInteger(j, "queue_depth", 1, 65_536);
    String io = word(j, "io", true);
    if (io != null && !io.equals("direct") && !io.equals("buffered")) {
      throw new Malformed("job.io must be direct or buffered");
    }
    Job job =
        new Job(
            command,
            bs == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(bs),
            qd == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(qd.intValue()),
            java.util.Optional.ofNullable(io),
            java.util.Optional.ofNullable(word(j, "pattern", true)),
            java.util.Optional.ofNullable(word(j, "engine", true)),
            java.util.Optional.ofNullable(word(j, "target_kind", true)));
    if (!job.key().equals(j.path("key").asText(""))) {
      throw new Malformed("job.key is not the key of the job's fields: " + job.key());
    }
    return job;
  }

  private static double[][] curve(JsonNode c) {
    JsonNode t = c.get("t_s");
    JsonNode r = c.get("MBps");
    if (t == null || r == null || !t.isArray() || !r.isArray() || t.size() != r.size()) {
      throw new Malformed("curve.t_s and curve.MBps must be arrays of one length");
    }
    if (t.isEmpty() || t.size() > ShareDocument.MAX_POINTS) {
      throw new Malformed("a curve has 1 to " + ShareDocument.MAX_POINTS + " points");
    }
    double[][] out = new double[2][t.size()];
    double last = 0;
    for (int i = 0; i < t.size(); i++) {
      if (!t.get(i).isNumber() || !r.get(i).isNumber()) {
        throw new Malformed("curve point " + i + " is not two numbers");
      }
      out[0][i] = t.get(i).asDouble();
      out[1][i] = r.get(i).asDouble();
      if (!(out[0][i] > last) || !Double.isFinite(out[0][i])) {
        throw new Malformed("curve.t_s must increase from above 0 (point " + i + ")");
      }
      if (!(out[1][i] >= 0) || !Double.isFinite(out[1][i])) {
        throw new Malformed("curve.MBps must be rates of 0 or more (point " + i + ")");
      }
      last = out[0][i];
    }
    return out;
  }

  private static String curveJson(double[][] curve) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    var t = o.putArray("t_s");
    var r = o.putArray("MBps");
    for (int i = 0; i < curve[0].length; i++) {
      t.add(curve[0][i]);
      r.add(curve[1][i]);
    }
    return o.toString();
  }

  private static void known(JsonNode n, String part) {
    Set<String> allowed = FIELDS.get(part);
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!allowed.contains(f)) {
        throw new Malformed(
            "unknown field "
                + (part.isEmpty() ? "" : part + ".")
                + clip(f)
                + ": a share holds only the fields Sustain sends");
      }
    }
  }

  private static String hex(JsonNode n, String f) {
    String v = n.path(f).asText("");
    if (!n.path(f).isTextual() || !HEX64.matcher(v).matches()) {
      throw new Malformed(f + " must be 64 lower-case hex digits (a SHA-256)");
    }
    return v;
  }

  private static String text(JsonNode n, String f, int maxChars, boolean nullable) {
    JsonNode v = n.get(f);
    if (v == null || v.isNull()) {
      if (nullable) {
        return null;
      }
      throw new Malformed(f + " is missing");
    }
    String s = v.asText();
    if (!v.isTextual()
        || s.isBlank()
        || s.length() > maxChars
        || s.codePoints().anyMatch(c -> c < ' ' || c == 0x7f)) {
      throw new Malformed(f + " must be text of 1 to " + maxChars + " printable characters");
    }
    return s.strip();
  }

  private static String word(JsonNode n, String f, boolean nullable) {
    String s = text(n, f, 40, nullable);
    if (s != null && !WORD.matcher(s.toLowerCase(Locale.ROOT)).matches()) {
      throw new Malformed(f + " must be one word");
    }
    return s == null ? null : s.toLowerCase(Locale.ROOT);
  }

  private static long integer(JsonNode n, String f, long min, long max, boolean nullable) {
    JsonNode v = n.get(f);
    if (v == null
        || !v.canConvertToExactIntegral()
        || !v.canConvertToLong()
        || v.asLong() < min
        || v.asLong() > max) {
      throw new Malformed(f + " must be a whole number from " + min + " to " + max);
    }
    return v.asLong();
  }

  private static Long nullableInteger(JsonNode n, String f, long min, long max) {
    JsonNode v = n.get(f);
    return v == null || v.isNull() ? null : integer(n, f, min, max, true);
  }

  private static double number(JsonNode n, String f, boolean nullable) {
    JsonNode v = n.get(f);
    if (v == null || !v.isNumber() || !Double.isFinite(v.asDouble()) || v.asDouble() < 0) {
      throw new Malformed(f + " must be a number of 0 or more");
    }
    return v.asDouble();
  }

  private static Double nullableNumber(JsonNode n, String f) {
    JsonNode v = n.get(f);
    return v == null || v.isNull() ? null : number(n, f, true);
  }

  private static String orUnknown(String s) {
    return s == null ? "unknown" : s;
  }

  private static String bad(String message) {
    throw new Malformed(message);
  }

  static String clip(String s) {
    if (s == null) {
      return "";
    }
    String one = s.replaceAll("[\\r\\n\\t]+", " ");
    return one.length() > 120 ? one.substring(0, 117) + "..." : one;
  }
}
