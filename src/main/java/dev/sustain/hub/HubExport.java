package dev.sustain.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.share.ShareDocument;
import dev.sustain.store.DbLocation;
import dev.sustain.store.StoreException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code sustain hub --export DIR}: the read side of a hub as plain files for a CDN or any static
 * server, no hub process needed: {@code api/models.json}, {@code api/models/KEY.json} and {@code
 * api/models/KEY/runs.json} (what the live API answers), {@code index.html} and {@code
 * models/KEY/index.html} (the same pages, each with its data inside it, so they open from file://
 * too, where a browser fetches nothing), and {@code assets/hub.js}. KEY is the model's name with
 * every byte outside {@code [A-Za-z0-9.-]} written {@code _XX}: a file name on any system and a URL
 * path without escaping. Each file is written beside its place and moved in, so a sync that copies
 * the folder meanwhile never takes half a file. Stateless.
 */
public final class HubExport {

  /** The latest runs of a model a page draws, as the live page asks for them. */
  static final int PAGE_RUNS = 40;

  /** Enough for every model a hub can hold: the export leaves none out. */
  private static final int ALL_MODELS = 10_000_000;

  /** Where the export went: its models, its files and their bytes. */
  public record Written(int models, int files, long bytes) {}

  private HubExport() {}

  /**
   * Writes the export of the hub at {@code location} into {@code dir} (made when missing).
   *
   * @throws StoreException when the store cannot be read (no secret in it)
   * @throws IOException when a file cannot be written
   */
  public static Written write(DbLocation location, Path dir) throws IOException {
    try (HubStore store = HubStore.open(location, 2)) {
      return write(store, dir);
    }
  }

  static Written write(HubStore store, Path dir) throws IOException {
    Counter c = new Counter();
    HubPages pages = new HubPages();
    ObjectNode models = HubApi.modelsJson(store, "", ALL_MODELS);
    for (JsonNode m : models.path("models")) {
      ((ObjectNode) m).put("file", fileKey(m.path("model").asText()));
    }
    for (JsonNode m : models.path("models")) {
      String model = m.path("model").asText();
      String key = m.path("file").asText();
      ObjectNode figures = HubApi.modelJson(store, model);
      ObjectNode runs = HubApi.runsJson(store, model, HubApi.DEFAULT_RUNS);
      c.put(dir.resolve("api/models/" + key + ".json"), figures.toString());
      c.put(dir.resolve("api/models/" + key + "/runs.json"), runs.toString());
      ObjectNode data = figures.objectNode();
      data.set("model", figures);
      ArrayNode latest = data.putObject("runs").putArray("runs");
      for (int i = 0; i < Math.min(PAGE_RUNS, runs.path("runs").size()); i++) {
        latest.add(runs.path("runs").get(i));
      }
      c.put(dir.resolve("models/" + key + "/index.html"), page(pages, "../../", data));
    }
    c.put(dir.resolve("api/models.json"), models.toString());
    ObjectNode list = models.objectNode();
    list.set("models", models);
    c.put(dir.resolve("index.html"), page(pages, "", list));
    c.put(dir.resolve("assets/hub.js"), HubPages.text(pages.scriptBytes()));
    return new Written(models.path("models").size(), c.files, c.bytes);
  }

  /** A model's name as one file name and URL path segment: injective, and at most 120 chars. */
  static String fileKey(String model) {
    StringBuilder b = new StringBuilder();
    for (byte x : model.getBytes(StandardCharsets.UTF_8)) {
      int u = x & 0xff;
      boolean plain =
          u >= 'A' && u <= 'Z' || u >= 'a' && u <= 'z' || u >= '0' && u <= '9' || u == '-';
      // A dot is plain inside a name, never first ("." and ".." are folders, ".x" is hidden).
      if (plain || u == '.' && !b.isEmpty()) {
        b.append((char) u);
      } else {
        b.append('_').append(String.format("%02X", u));
      }
    }
    if (b.length() > 120) {
      // A long name of many escaped bytes: its start to read, and a hash to keep names apart.
      return b.substring(0, 100).replaceAll("_[0-9A-F]?$", "")
          + "~"
          + ShareDocument.sha256(model).substring(0, 16);
    }
    return b.toString();
  }

  /**
   * The shell with its data in a block the script reads (no fetch, so file:// works), its links and
   * script relative to {@code root}, and its policy in a meta element (a CDN sends no headers of
   * ours).
   */
  static String page(HubPages pages, String root, ObjectNode data) {
    String shell = HubPages.text(pages.shell());
    // Inside a script element only "</" could end it early; '<' appears in strings only.
    String json = data.toString().replace("<", "\\u003c");
    String policy =
        "<meta http-equiv=\"Content-Security-Policy\" content=\""
            + HubPages.STATIC_POLICY
            + "\">\n";
    String html =
        replaceOnce(shell, "<html lang=\"en\">", "<html lang=\"en\" data-static=\"true\">");
    html = replaceOnce(html, "<meta charset=\"utf-8\">\n", "<meta charset=\"utf-8\">\n" + policy);
    html = replaceOnce(html, "<a href=\"/\">", "<a href=\"" + root + "index.html\">");
    return replaceOnce(
        html,
        "<script src=\"/assets/hub.js\"></script>",
        "<script type=\"application/json\" id=\"hub-data\">"
            + json
            + "</script>\n<script src=\""
            + root
            + "assets/hub.js\"></script>");
  }

  private static String replaceOnce(String text, String from, String to) {
    int at = text.indexOf(from);
    if (at < 0) {
      throw new IllegalStateException("the hub's page shell has no " + from.strip());
    }
    return text.substring(0, at) + to + text.substring(at + from.length());
  }

  /** Writes files and counts them. */
  private static final class Counter {
    int files;
    long bytes;

    void put(Path file, String text) throws IOException {
      byte[] b = text.getBytes(StandardCharsets.UTF_8);
      Files.createDirectories(file.getParent());
      Path part = file.resolveSibling(file.getFileName() + ".part");
      Files.write(part, b);
      try {
        Files.move(part, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
      }
      files++;
      bytes += b.length;
    }
  }
}
