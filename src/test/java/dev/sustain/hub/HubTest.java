package dev.sustain.hub;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.share.HubClient;
import dev.sustain.share.HubModels;
import dev.sustain.share.ShareDocument;
import dev.sustain.store.DbLocation;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hub against a real PostgreSQL (its own schema, dropped after): shares read back, nothing
 * identifying kept or shown, a duplicate is one run, one drive's many shares move its model's
 * median by no more than that drive's one vote, and refused shares get their status and a JSON
 * error.
 */
class HubTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @RegisterExtension static final TestHub LIVE = new TestHub(100_000);

  @TempDir static Path dir;
  private static String salt;

  @BeforeAll
  static void salt() throws Exception {
    salt = LIVE.client().salt();
  }

  static Hub.Settings settings(int perMinute) {
    return new Hub.Settings(
        InetAddress.getLoopbackAddress(), 0, null, null, perMinute, null, false);
  }

  private static ObjectNode doc(String model, int drive, int run, double floor) throws Exception {
    Path f =
        HubRuns.write(
            dir.resolve(model.replace(' ', '_') + "-" + drive + "-" + run),
            model,
            drive,
            run,
            2500,
            60,
            floor,
            200);
    return ShareDocument.build(f, salt);
  }

  private static JsonNode model(String model) throws Exception {
    HubClient.Answer a = LIVE.client().get(HubModels.path(model));
    assertThat(a.status()).as(a.body().toString()).isEqualTo(200);
    return a.body();
  }

  @Test
  void sharesAreReadBackPerModelWithEachDriveOnce() throws Exception {
    String m = "ACME READBACK";
    double[] floors = {110, 120, 130};
    for (int d = 0; d < 3; d++) {
      assertThat(LIVE.client().share(doc(m, d, 1, floors[d]).toString()).status()).isEqualTo(201);
    }
    JsonNode g = model(m).path("groups").get(0);
    assertThat(model(m).path("drives").asInt()).isEqualTo(3);
    assertThat(g.path("runs").asInt()).isEqualTo(3);
    assertThat(g.path("floor_MBps").path("median").asDouble())
        .isCloseTo(120, org.assertj.core.data.Offset.offset(2.0));
    assertThat(g.path("fresh_drives").asInt())
        .as("97% free and no recovery cause: as new")
        .isEqualTo(3);
    assertThat(g.path("as_new").path("floor_MBps").asDouble())
        .isCloseTo(120, org.assertj.core.data.Offset.offset(2.0));
    assertThat(g.path("job_key").asText()).isEqualTo("write|1048576|32|direct|random|uring|file");
  }

  @Test
  void aDuplicateIsOneRunAnsweredWithItsId() throws Exception {
    String m = "ACME DUPLICATE";
    String d = doc(m, 1, 1, 100).toString();
    HubClient.Answer first = LIVE.client().share(d);
    HubClient.Answer again = LIVE.client().share(d);
    assertThat(first.status()).isEqualTo(201);
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.body().path("id").asLong()).isEqualTo(first.body().path("id").asLong());
    assertThat(again.body().path("duplicate").asBoolean()).isTrue();
    assertThat(model(m).path("runs").asInt()).isEqualTo(1);
  }

  @Test
  void fiveHundredSharesOfOneDriveMoveTheMedianByNoMoreThanItsOneVote() throws Exception {
    String m = "ACME FLOOD";
    double[] floors = {100, 110, 120, 130, 140};
    for (int d = 0; d < floors.length; d++) {
      assertThat(LIVE.client().share(doc(m, d, 0, floors[d]).toString()).status()).isEqualTo(201);
    }
    double before = model(m).path("groups").get(0).path("floor_MBps").path("median").asDouble();
    // Drive 4 (the fastest) shares 500 runs far below every other drive: its own median falls
    // below all of them, so the model's median may move to the next drive's value, and no further.
    for (int r = 1; r <= 500; r++) {
      assertThat(LIVE.client().share(doc(m, 4, r, 20).toString()).status()).isEqualTo(201);
    }
    JsonNode g = model(m).path("groups").get(0);
    assertThat(g.path("drives").asInt()).isEqualTo(5);
    assertThat(g.path("runs").asInt()).isEqualTo(505);
    double after = g.path("floor_MBps").path("median").asDouble();
    assertThat(before).isCloseTo(120, org.assertj.core.data.Offset.offset(2.0));
    // Five drives: the median is the third. Drive 4 moving from 5th to 1st shifts it to the 2nd
    // drive's value (110), which is that one drive's weight; 500 runs did not pull it to 20.
    assertThat(after).isCloseTo(110, org.assertj.core.data.Offset.offset(2.0));
    assertThat(g.path("drive_medians").path("floor_MBps").size()).isEqualTo(5);
  }

  @Test
  void nothingIdentifyingIsStoredOrShown() throws Exception {
    String m = "ACME PRIVATE";
    assertThat(LIVE.client().share(doc(m, 7, 1, 100).toString()).status()).isEqualTo(201);
    StringBuilder seen = new StringBuilder();
    for (String t :
        new String[] {"hub_shares", "hub_drives", "hub_drive_medians", "hub_aggregates"}) {
      LIVE.hub()
          .rows(t)
          .forEach(row -> row.values().forEach(v -> seen.append(text(v)).append('\n')));
    }
    String base = LIVE.base();
    for (String p :
        new String[] {
          "/",
          "/models/ACME%20PRIVATE",
          "/api/models",
          "/api/models/ACME%20PRIVATE",
          "/api/models/ACME%20PRIVATE/runs",
          "/assets/hub.js"
        }) {
      seen.append(get(base + p).body());
    }
    String all = seen.toString();
    assertThat(all).contains(m); // the search below would find nothing in an empty dump, too
    assertThat(all).doesNotContain(HubRuns.IDENTIFYING);
    String here = InetAddress.getLocalHost().getHostName();
    if (here.length() >= 6) { // a name of two letters ("vm") is found in any binary column
      assertThat(all).doesNotContain(here);
    }
  }

  private static String text(Object v) {
    return v instanceof byte[] b
        ? new String(b, java.nio.charset.StandardCharsets.ISO_8859_1)
        : String.valueOf(v);
  }

  @Test
  void refusedSharesGetTheirStatusAndAJsonError() throws Exception {
    String base = LIVE.base();
    HttpResponse<String> big = post(base, "{\"pad\":\"" + "x".repeat(1_100_000) + "\"}");
    assertThat(big.statusCode()).isEqualTo(413);
    assertThat(JSON.readTree(big.body()).path("error").asText()).contains("at most");
    HttpResponse<String> bad = post(base, "{not json");
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(bad.body()).path("error").asText()).startsWith("malformed share");
    ObjectNode extra = doc("ACME REFUSED", 1, 1, 100);
    extra.put("host", "smuggled");
    assertThat(post(base, extra.toString()).statusCode()).as("an unknown field").isEqualTo(400);
  }

  @Test
  void implausibleSharesAreKeptAsRejectedAndCountedNowhere() throws Exception {
    String base = LIVE.base();
    ObjectNode lie = doc("ACME REFUSED", 2, 1, 100);
    ((ObjectNode) lie.get("analysis")).put("floor_MBps", 5000.0);
    HttpResponse<String> implausible = post(base, lie.toString());
    assertThat(implausible.statusCode()).isEqualTo(422);
    assertThat(JSON.readTree(implausible.body()).path("error").asText()).contains("floor");
    ObjectNode fast = doc("ACME REFUSED", 3, 1, 100);
    ((ObjectNode) fast.get("drive")).put("link_tier", "usb-480Mbps");
    HttpResponse<String> overLink = post(base, fast.toString());
    assertThat(overLink.statusCode()).isEqualTo(422);
    assertThat(JSON.readTree(overLink.body()).path("reason").asText()).contains("usb-480Mbps");
    assertThat(LIVE.client().get(HubModels.path("ACME REFUSED")).status())
        .as("rejected shares are in no aggregate")
        .isEqualTo(404);
    assertThat(
            LIVE.hub().rows("hub_shares").stream()
                .filter(r -> "rejected".equals(r.get("status")))
                .count())
        .isGreaterThanOrEqualTo(2);
  }

  @Test
  void aFloodFromOneAddressIsAnswered429WithRetryAfter() throws Exception {
    try (Hub slow = Hub.start(DbLocation.parse(LIVE.db(), Map.of()), settings(3))) {
      String base = "http://127.0.0.1:" + slow.port();
      int[] codes = new int[5];
      HttpResponse<String> last = null;
      for (int i = 0; i < codes.length; i++) {
        last = post(base, "{}");
        codes[i] = last.statusCode();
      }
      assertThat(codes).containsExactly(400, 400, 400, 429, 429);
      assertThat(last.headers().firstValue("Retry-After"))
          .hasValueSatisfying(v -> assertThat(Integer.parseInt(v)).isBetween(1, 60));
      assertThat(JSON.readTree(last.body()).path("error").asText()).contains("too many shares");
    }
  }

  @Test
  void theHostMustBeThisMachinesAndOnlyTheShareAddressTakesPost() throws Exception {
    String base = LIVE.base();
    // java.net.http refuses to set Host: a raw request, as a rebinding page's browser sends it.
    try (java.net.Socket sock = new java.net.Socket("127.0.0.1", LIVE.hub().port())) {
      sock.setSoTimeout(30_000);
      sock.getOutputStream()
          .write(
              ("GET /api/models HTTP/1.1\r\nHost: evil.example\r\n" + "Connection: close\r\n\r\n")
                  .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      String answer =
          new String(sock.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      assertThat(answer).startsWith("HTTP/1.1 421").contains("\"error\"");
    }
    HttpResponse<String> p =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(base + "/api/models"))
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(p.statusCode()).isEqualTo(405);
    assertThat(get(base + "/").headers().firstValue("Content-Security-Policy"))
        .hasValueSatisfying(v -> assertThat(v).contains("script-src 'self'"));
  }

  static HttpResponse<String> post(String base, String body) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(base + "/api/share"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  static HttpResponse<String> get(String url) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
  }
}
