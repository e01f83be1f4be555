package dev.sustain.share;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/**
 * A hub as its clients reach it: its public challenge, one share, and the JSON of its read API.
 * Every call is bounded (10 s to connect, 30 s for an answer). Thread-safe.
 */
public final class HubClient {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI base;
  private final String token;
  private final HttpClient http;

  /** A hub's answer: the HTTP status and the JSON body (an empty object when none). */
  public record Answer(int status, JsonNode body) {
    /** The hub's own one-line error, or the status when it sent none. */
    public String error() {
      return body.path("error").asText("HTTP " + status);
    }
  }

  /**
   * @param url the hub's address, http or https ({@code http://127.0.0.1:8090})
   * @param token the bearer token for sharing (a private hub's), or null
   * @throws IllegalArgumentException for an address that is not an http(s) URL
   */
  public HubClient(String url, String token) {
    this.base = parse(url);
    this.token = token;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  static URI parse(String url) {
    URI u;
    try {
      u = new URI(url == null ? "" : url.strip());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a hub address: " + url);
    }
    String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https")) || u.getHost() == null) {
      throw new IllegalArgumentException(
          "a hub address is http://HOST[:PORT] or https://HOST[:PORT], not " + url);
    }
    if (u.getUserInfo() != null || u.getQuery() != null || u.getFragment() != null) {
      throw new IllegalArgumentException("a hub address holds no user, query or fragment: " + url);
    }
    String path = u.getPath() == null ? "" : u.getPath().replaceAll("/+$", "");
    return URI.create(scheme + "://" + u.getRawAuthority() + path);
  }

  /** The address as given, without a trailing slash. */
  public String address() {
    return base.toString();
  }

  /** The hub's public challenge, which salts the drive's hash so that hubs cannot match drives. */
  public String salt() throws IOException, InterruptedException {
    Answer a = get("/api/salt");
    String salt = a.body().path("salt").asText("");
    if (a.status() != 200 || !salt.matches("[0-9a-f]{32,128}")) {
      throw new IOException(
          base + " answered no hub challenge (" + a.error() + "): is it a Sustain hub?");
    }
    return salt;
  }

  /** Sends one document. */
  public Answer share(String json) throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(base.resolve(base.getPath() + "/api/share"))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return answer(http.send(b.build(), HttpResponse.BodyHandlers.ofString()));
  }

  /** A GET of the hub's API ({@code /api/models}). */
  public Answer get(String path) throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30)).GET();
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return answer(http.send(b.build(), HttpResponse.BodyHandlers.ofString()));
  }

  private static Answer answer(HttpResponse<String> r) {
    JsonNode body;
    try {
      body =
          r.body() == null || r.body().isBlank()
              ? JSON.createObjectNode()
              : JSON.readTree(r.body());
    } catch (IOException e) {
      body = JSON.createObjectNode();
    }
    return new Answer(r.statusCode(), body);
  }
}
