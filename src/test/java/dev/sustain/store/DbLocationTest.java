package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DbLocationTest {

  private static final String PW = "p@ss w0rd&x=1";
  private static final String PW_ENCODED = "p%40ss+w0rd%26x%3D1";

  @Test
  void defaultIsXdgDataHomeThenHome() {
    assertThat(
            DbLocation.resolve(null, Map.of("XDG_DATA_HOME", "/data", "HOME", "/home/u"))
                .sqliteFile())
        .isEqualTo(Path.of("/data/sustain/history.db"));
    assertThat(DbLocation.resolve(null, Map.of("HOME", "/home/u")).sqliteFile())
        .isEqualTo(Path.of("/home/u/.local/share/sustain/history.db"));
    // A relative XDG_DATA_HOME is invalid by the spec and ignored.
    assertThat(
            DbLocation.resolve("", Map.of("XDG_DATA_HOME", "rel", "HOME", "/home/u")).sqliteFile())
        .isEqualTo(Path.of("/home/u/.local/share/sustain/history.db"));
  }

  @Test
  void optionBeatsEnvironmentWhichBeatsDefault() {
    Map<String, String> env = Map.of("SUSTAIN_DB", "/env/h.db", "HOME", "/home/u");
    assertThat(DbLocation.resolve("/opt/h.db", env).sqliteFile()).isEqualTo(Path.of("/opt/h.db"));
    assertThat(DbLocation.resolve(null, env).sqliteFile()).isEqualTo(Path.of("/env/h.db"));
    assertThat(DbLocation.resolve(null, env).kind()).isEqualTo(DbLocation.Kind.SQLITE);
    assertThat(DbLocation.parse("jdbc:sqlite:/x/y.db", Map.of()).sqliteFile())
        .isEqualTo(Path.of("/x/y.db"));
  }

  @Test
  void postgresUrlKeepsSecretsOutOfUrlAndText() {
    DbLocation loc =
        DbLocation.parse(
            "jdbc:postgresql://db.lab:5433/sustain?user=lab&password="
                + PW_ENCODED
                + "&currentSchema=s1&sslpassword=KeyPass99",
            Map.of());
    assertThat(loc.kind()).isEqualTo(DbLocation.Kind.POSTGRESQL);
    assertThat(loc.jdbcUrl()).isEqualTo("jdbc:postgresql://db.lab:5433/sustain?currentSchema=s1");
    assertThat(loc.user()).isEqualTo("lab");
    assertThat(loc.param("currentSchema")).isEqualTo("s1");
    assertThat(loc.connectionProperties())
        .containsEntry("user", "lab")
        .containsEntry("password", PW)
        .containsEntry("sslpassword", "KeyPass99");
    assertThat(loc.redacted())
        .isEqualTo(
            "jdbc:postgresql://db.lab:5433/sustain?currentSchema=s1&user=lab&password=***&sslpassword=***");
    assertThat(loc.toString()).isEqualTo(loc.redacted());
    for (String shown : new String[] {loc.redacted(), loc.toString(), loc.jdbcUrl()}) {
      assertThat(shown).doesNotContain(PW).doesNotContain(PW_ENCODED).doesNotContain("KeyPass99");
    }
  }

  @Test
  void libpqStyleUrlIsAccepted() {
    DbLocation loc = DbLocation.parse("postgresql://lab:Hunter2x@db.lab/sustain", Map.of());
    assertThat(loc.jdbcUrl()).isEqualTo("jdbc:postgresql://db.lab/sustain");
    assertThat(loc.user()).isEqualTo("lab");
    assertThat(loc.connectionProperties()).containsEntry("password", "Hunter2x");
    assertThat(loc.redacted()).doesNotContain("Hunter2x").contains("password=***");
  }

  @Test
  void passwordCanComeFromPgpassword() {
    DbLocation loc =
        DbLocation.parse("jdbc:postgresql://db/s?user=lab", Map.of("PGPASSWORD", "FromEnv42"));
    assertThat(loc.connectionProperties()).containsEntry("password", "FromEnv42");
    assertThat(loc.redacted()).doesNotContain("FromEnv42");
  }

  @Test
  void scrubRemovesThePasswordFromAnyText() {
    DbLocation loc =
        DbLocation.parse("jdbc:postgresql://db/s?user=lab&password=" + PW_ENCODED, Map.of());
    String driverMessage =
        "FATAL: bad login for lab with " + PW + " (url ...password=" + PW_ENCODED + ")";
    assertThat(loc.scrub(driverMessage))
        .doesNotContain(PW)
        .doesNotContain(PW_ENCODED)
        .contains("***");
    assertThat(loc.scrub(null)).isNull();
  }

  @Test
  void badValuesAreRefusedWithoutEchoingSecrets() {
    assertThatThrownBy(() -> DbLocation.parse("jdbc:mysql://h/d?password=Zz9Secret", Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("jdbc:mysql:")
        .hasMessageNotContaining("Zz9Secret");
    assertThatThrownBy(() -> DbLocation.parse("mysql://u:Zz9Secret@h/d", Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining("Zz9Secret");
    assertThatThrownBy(
            () -> DbLocation.parse("jdbc:postgresql://hostonly?password=Zz9Secret", Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining("Zz9Secret");
    assertThatThrownBy(() -> DbLocation.parse("jdbc:sqlite::memory:", Map.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> DbLocation.parse("  ", Map.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
