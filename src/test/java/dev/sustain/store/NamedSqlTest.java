package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.nio.file.Path;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.ColonPrefixSqlParser;
import org.jdbi.v3.core.statement.ParsedSql;
import org.jdbi.v3.core.statement.SqlStatements;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The history's SQL parser reads each statement as Jdbi's colon parser reads it (the same JDBC
 * text, the same parameter names in the same order), and every Jdbi over the history uses it.
 */
class NamedSqlTest {

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT COUNT(*) FROM runs",
        "SELECT r.run_id FROM runs r WHERE r.run_id = :run_id",
        "INSERT INTO samples (run_id, t_s, mbps) VALUES (:run_id, :t_s, :mbps)",
        "UPDATE runs SET status = :status WHERE run_id = :run_id AND status = 'running'",
        "SELECT ':not_a_param', \"col:umn\" FROM runs WHERE a = :a",
        "SELECT 'it''s :quoted' FROM runs WHERE b = :b",
        "SELECT started_ms::bigint FROM runs WHERE drive_id = :drive_id::text",
        "UPDATE runs SET job_key = ? WHERE run_id = ? AND job_key IS NULL",
        "SELECT * FROM runs WHERE x = :x AND y = :x AND z = :z_2",
        "SELECT :a,:b FROM t WHERE c=:c)",
        "SELECT 1 WHERE 'unclosed :x",
        "SELECT a : b, :"
      })
  void readsAStatementAsJdbisColonParserDoes(String sql) {
    ParsedSql jdbis = new ColonPrefixSqlParser().parse(sql, null);
    ParsedSql ours = NamedSql.parse(sql);
    assertThat(ours.getSql()).isEqualTo(jdbis.getSql());
    assertThat(ours.getParameters().getParameterNames())
        .isEqualTo(jdbis.getParameters().getParameterNames());
    assertThat(ours.getParameters().isPositional()).isEqualTo(jdbis.getParameters().isPositional());
  }

  @Test
  void aStatementIsParsedOnceAProcess() {
    String sql = "SELECT * FROM runs WHERE run_id = :once_" + System.nanoTime();
    assertThat(NamedSql.PARSER.parse(sql, null)).isSameAs(NamedSql.PARSER.parse(sql, null));
  }

  @Test
  void everyJdbiOverTheHistoryUsesIt() throws Exception {
    DbLocation location = DbLocation.sqlite(dir.resolve("h.db"));
    try (Handle h = JdbiStores.unpooled(location).open()) {
      assertThat(h.getConfig(SqlStatements.class).getSqlParser()).isSameAs(NamedSql.PARSER);
    }
    try (JdbiStores.Pool pool = ReadOnlyHistory.pool(location, 1);
        Handle h = pool.jdbi().open()) {
      assertThat(h.getConfig(SqlStatements.class).getSqlParser()).isSameAs(NamedSql.PARSER);
    }
    try (RunStore store = RunStore.open(location)) {
      assertThat(store.count()).isZero(); // a query: the store's handle is made
      Field field = RunStore.class.getDeclaredField("handle");
      field.setAccessible(true);
      Handle h = (Handle) field.get(store);
      assertThat(h.getConfig(SqlStatements.class).getSqlParser()).isSameAs(NamedSql.PARSER);
    }
  }
}
