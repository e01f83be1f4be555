package dev.sustain.hub;

import dev.sustain.share.HubClient;
import dev.sustain.store.DbLocation;
import dev.sustain.store.TestDatabases;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One hub for a test class, on a PostgreSQL schema of its own, with a client that talks to it:
 * {@code @RegisterExtension static final TestHub LIVE = new TestHub(perMinute)}. Started before the
 * class's {@code @BeforeAll} (which may share runs into it), stopped and its schema dropped after
 * its {@code @AfterAll}; the class is skipped where there is no PostgreSQL.
 */
final class TestHub implements BeforeAllCallback, AfterAllCallback {

  private final int sharesPerMinute;
  private String db;
  private Hub hub;
  private HubClient client;

  TestHub(int sharesPerMinute) {
    this.sharesPerMinute = sharesPerMinute;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    db = TestDatabases.freshPostgresDbValue();
    hub = Hub.start(DbLocation.parse(db, Map.of()), HubTest.settings(sharesPerMinute));
    client = new HubClient(base(), null);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (hub != null) {
      hub.close();
    }
    if (db != null) {
      TestDatabases.drop(db);
    }
  }

  /** The hub's --db value: its schema in the test server. */
  String db() {
    return db;
  }

  Hub hub() {
    return hub;
  }

  HubClient client() {
    return client;
  }

  /** The hub's address, http://127.0.0.1:port. */
  String base() {
    return "http://127.0.0.1:" + hub.port();
  }
}
