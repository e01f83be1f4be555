package dev.sustain.hub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.share.HubClient;
import dev.sustain.share.HubModels;
import dev.sustain.share.ShareDocument;
import dev.sustain.store.DbLocation;
import dev.sustain.store.StoreException;
import dev.sustain.testing.PrivatePostgres;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hub over a database that already holds someone else's tables in its public schema (a lab's run
 * history, anything): it keeps its own tables in a schema of its own and leaves theirs alone. A
 * private server, so that the database's public schema is the test's to fill.
 */
class HubSchemaTest {

  @TempDir Path dir;

  @Test
  void aPublicSchemaWithOtherTablesIsNoObstacleAndIsLeftAsItWas() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      pg.query("CREATE TABLE public.lab_runs (id integer PRIMARY KEY, note text)");
      pg.query("INSERT INTO public.lab_runs VALUES (1, 'theirs')");
      DbLocation location = DbLocation.parse(pg.url(), Map.of());
      try (Hub hub = Hub.start(location, HubTest.settings(1000))) {
        share(hub, 0);
      }
      // A second start finds its own history there and migrates nothing again.
      try (Hub hub = Hub.start(location, HubTest.settings(1000))) {
        share(hub, 1);
        HubClient.Answer m =
            new HubClient("http://127.0.0.1:" + hub.port(), null)
                .get(HubModels.path(HubRuns.MODEL));
        assertThat(m.body().path("drives").asInt()).isEqualTo(2);
      }
      assertThat(
              pg.query(
                  "SELECT string_agg(table_name, ',' ORDER BY table_name)"
                      + " FROM information_schema.tables WHERE table_schema = 'public'"))
          .isEqualTo("lab_runs");
      assertThat(pg.query("SELECT note FROM public.lab_runs WHERE id = 1")).isEqualTo("theirs");
      assertThat(
              pg.query(
                  "SELECT count(*) FROM information_schema.tables"
                      + " WHERE table_schema = '"
                      + HubStore.DEFAULT_SCHEMA
                      + "'"
                      + " AND table_name IN ('hub_shares', 'hub_schema_history')"))
          .isEqualTo("2");
      assertThat(pg.query("SELECT count(*) FROM " + HubStore.DEFAULT_SCHEMA + ".hub_shares"))
          .isEqualTo("2");
      // Pointed at their schema by name, it says what to do in one line, and touches nothing.
      DbLocation theirs = DbLocation.parse(pg.url() + "&currentSchema=public", Map.of());
      assertThatThrownBy(() -> Hub.start(theirs, HubTest.settings(1000)))
          .isInstanceOf(StoreException.class)
          .hasMessageContaining("already holds tables that are not the hub's")
          .hasMessageNotContaining("\n");
      assertThat(
              pg.query(
                  "SELECT count(*) FROM information_schema.tables"
                      + " WHERE table_schema = 'public'"))
          .isEqualTo("1");
    }
  }

  private void share(Hub hub, int drive) throws Exception {
    HubClient client = new HubClient("http://127.0.0.1:" + hub.port(), null);
    Path run =
        HubRuns.write(dir.resolve("run-" + drive), HubRuns.MODEL, drive, 1, 2400, 60, 120, 200);
    assertThat(client.share(ShareDocument.build(run, client.salt()).toString()).status())
        .isEqualTo(201);
  }
}
