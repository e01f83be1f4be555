package dev.sustain.hub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The hub's served script (and the static export's copy of it) carries the shared size labels
 * (report/sizes.js) ahead of the hub's own script, which uses them for a drive's capacity.
 */
class HubScriptTest {

  @Test
  void theServedScriptCarriesTheSharedSizeLabelsFirst() throws Exception {
    String served = new String(new HubPages().scriptBytes(), StandardCharsets.UTF_8);
    String sizes;
    try (InputStream in = HubScriptTest.class.getResourceAsStream("/dev/sustain/report/sizes.js")) {
      sizes = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(served).startsWith(sizes);
    int own = served.indexOf("The hub's pages", sizes.length());
    assertThat(own).as("the hub's own script after the labels").isPositive();
    assertThat(served.substring(own)).contains("SustainSizes.gb");
  }
}
