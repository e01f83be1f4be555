package dev.sustain.device;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * What Sustain uses from one {@code smartctl -j} output ({@code -i}, {@code -A} or both): the
 * device type smartctl talked through (which says what the carrier passes), the drive's own
 * identity, its temperature and a few erase-related capabilities. Every field is null (or empty)
 * where the output did not have it. Immutable.
 *
 * @param exitStatus smartctl's exit status bit mask (bits 0-1: the device could not be opened or
 *     identified)
 * @param messages smartctl's messages, e.g. {@code Unable to detect device type}
 * @param deviceType smartctl's {@code -d} type: {@code nvme}, {@code sat}, {@code scsi}, {@code
 *     sntjmicron}, {@code sntasmedia}, {@code sntrealtek}, {@code usbjmicron}...
 * @param protocol {@code NVMe}, {@code ATA} or {@code SCSI}: what smartctl reached through it
 * @param rotationRateRpm 0 for a solid state device
 * @param temperatureCelsius the current temperature, or null
 * @param ataSecurityFrozen true when ATA Security is frozen (a SECURITY ERASE is refused until a
 *     power cycle), null when not reported
 * @param nvmeFormatNvm true when the NVMe controller supports Format NVM (secure erase settings),
 *     null when not reported (smartctl before 7.5 does not report it)
 * @param interfaceSpeedCurrent the SATA link now, e.g. {@code 6.0 Gb/s}
 */
public record SmartctlReport(
    int exitStatus,
    List<String> messages,
    String deviceType,
    String protocol,
    String model,
    String serial,
    String firmware,
    Long capacityBytes,
    Integer rotationRateRpm,
    String wwn,
    Double temperatureCelsius,
    Boolean ataSecurityFrozen,
    Boolean nvmeFormatNvm,
    String interfaceSpeedCurrent) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** True when smartctl opened the device and identified it (exit bits 0 and 1 clear). */
  public boolean identified() {
    return (exitStatus & 0b11) == 0 && deviceType != null;
  }

  /** The current temperature, empty when smartctl did not report one. */
  public OptionalDouble temperature() {
    return temperatureCelsius == null
        ? OptionalDouble.empty()
        : OptionalDouble.of(temperatureCelsius);
  }

  /**
   * Parses {@code smartctl -j} output.
   *
   * @throws IllegalArgumentException when the text is not JSON at all
   */
  public static SmartctlReport parse(String json) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("smartctl output is not JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("smartctl output is not a JSON object");
    }
    JsonNode smartctl = root.path("smartctl");
    int exit = smartctl.path("exit_status").asInt(0);
    List<String> messages = new ArrayList<>();
    for (JsonNode m : smartctl.path("messages")) {
      String s = m.path("string").asText("");
      if (!s.isEmpty()) {
        messages.add(s);
      }
    }
    JsonNode device = root.path("device");
    String model = text(root, "model_name");
    if (model == null) {
      model = text(root, "scsi_model_name");
    }
    Long capacity = null;
    if (root.path("user_capacity").path("bytes").canConvertToLong()) {
      capacity = root.path("user_capacity").path("bytes").asLong();
    } else if (root.path("nvme_total_capacity").canConvertToLong()) {
      capacity = root.path("nvme_total_capacity").asLong();
    }
    Integer rpm = root.path("rotation_rate").isInt() ? root.path("rotation_rate").asInt() : null;
    Double temp = null;
    JsonNode current = root.path("temperature").path("current");
    if (current.isNumber()) {
      temp = current.asDouble();
    } else if (root.path("nvme_smart_health_information_log").path("temperature").isNumber()) {
      temp = root.path("nvme_smart_health_information_log").path("temperature").asDouble();
    }
    JsonNode sec = root.path("ata_security");
    Boolean frozen = sec.path("frozen").isBoolean() ? sec.path("frozen").asBoolean() : null;
    JsonNode oacs = root.path("nvme_optional_admin_commands");
    Boolean formatNvm =
        oacs.path("format_nvm").isBoolean() ? oacs.path("format_nvm").asBoolean() : null;
    return new SmartctlReport(
        exit,
        List.copyOf(messages),
        text(device, "type"),
        text(device, "protocol"),
        model,
        text(root, "serial_number"),
        text(root, "firmware_version"),
        capacity,
        rpm,
        wwn(root.path("wwn")),
        temp,
        frozen,
        formatNvm,
        text(root.path("interface_speed").path("current"), "string"));
  }

  private static String wwn(JsonNode w) {
    if (!w.path("naa").canConvertToLong()) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "%x%06x%09x",
        w.path("naa").asLong(),
        w.path("oui").asLong(),
        w.path("id").asLong());
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.path(field);
    if (!v.isValueNode() || v.isNull()) {
      return null;
    }
    String s = v.asText().trim();
    return s.isEmpty() ? null : s;
  }
}
