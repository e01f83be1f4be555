package dev.sustain.store;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * Where the run history lives: a SQLite file or a PostgreSQL server, parsed from a {@code --db}
 * value, {@code SUSTAIN_DB} or the default file. The password is kept apart from the URL: {@link
 * #toString()} and {@link #redacted()} never contain it, and {@link #scrub(String)} removes it from
 * any text (such as a driver's error message) before that text is shown. Immutable, thread-safe.
 */
public final class DbLocation {

  /** The two kinds of database the store speaks to. */
  public enum Kind {
    SQLITE,
    POSTGRESQL
  }

  /** Environment variable that names the database when {@code --db} is not given. */
  public static final String ENV_DB = "SUSTAIN_DB";

  private static final String REDACTED = "***";

  private final Kind kind;
  private final Path sqliteFile;
  // JDBC URL without user, password or any other secret query parameter.
  private final String jdbcUrlWithoutSecrets;
  private final String user;
  private final String password;
  private final Map<String, String> secretParams;
  private final Map<String, String> plainParams;

  private DbLocation(
      Kind kind,
      Path sqliteFile,
      String jdbcUrlWithoutSecrets,
      String user,
      String password,
      Map<String, String> plainParams,
      Map<String, String> secretParams) {
    this.kind = kind;
    this.sqliteFile = sqliteFile;
    this.jdbcUrlWithoutSecrets = jdbcUrlWithoutSecrets;
    this.user = user;
    this.password = password;
    this.plainParams = Map.copyOf(plainParams);
    this.secretParams = Map.copyOf(secretParams);
  }

  /** A SQLite database in {@code file} (created with its folder on first use). */
  public static DbLocation sqlite(Path file) {
    Path f = file.toAbsolutePath().normalize();
    return new DbLocation(Kind.SQLITE, f, "jdbc:sqlite:" + f, null, null, Map.of(), Map.of());
  }

  /**
   * The database to use: {@code option} (the {@code --db} value) if given, else {@code SUSTAIN_DB},
   * else {@code $XDG_DATA_HOME/sustain/history.db}, else {@code ~/.local/share/sustain/history.db}.
   *
   * @param env the process environment ({@code System.getenv()}), passed in so tests choose it
   * @throws IllegalArgumentException with a redacted message when the value is not understood
   */
  public static DbLocation resolve(String option, Map<String, String> env) {
    if (option != null && !option.isBlank()) {
      return parse(option, env);
    }
    String fromEnv = env.get(ENV_DB);
    if (fromEnv != null && !fromEnv.isBlank()) {
      return parse(fromEnv, env);
    }
    return sqlite(defaultFile(env));
  }

  /** {@code $XDG_DATA_HOME/sustain/history.db} or {@code ~/.local/share/sustain/history.db}. */
  public static Path defaultFile(Map<String, String> env) {
    String xdg = env.get("XDG_DATA_HOME");
    // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
      return Path.of(xdg, "sustain", "history.db");
    }
    String home = env.getOrDefault("HOME", System.getProperty("user.home"));
    return Path.of(home, ".local", "share", "sustain", "history.db");
  }

  /**
   * Parses a {@code --db} value: a file path, {@code jdbc:sqlite:PATH}, {@code
   * jdbc:postgresql://HOST[:PORT]/DB?user=U&password=P} or {@code postgresql://U:P@HOST[:PORT]/DB}.
   * Without a password in the value, {@code PGPASSWORD} from {@code env} is used, which keeps the
   * password off the command line (where other users can read it in the process list).
   */
  public static DbLocation parse(String value, Map<String, String> env) {
    Objects.requireNonNull(value, "value");
    String v = value.strip();
    if (v.isEmpty()) {
      throw new IllegalArgumentException("--db needs a file path or a jdbc:postgresql:// URL");
    }
    if (v.startsWith("jdbc:sqlite:")) {
      String path = v.substring("jdbc:sqlite:".length());
      if (path.isEmpty() || path.startsWith(":memory:") || path.contains("?")) {
        throw new IllegalArgumentException(
            "--db jdbc:sqlite: needs a plain file path (in-memory databases keep no history)");
      }
      return sqlite(Path.of(path));
    }
    if (v.startsWith("jdbc:postgresql:")) {
      return parsePostgres(v.substring("jdbc:postgresql:".length()), null, null, env);
    }
    if (v.startsWith("postgresql://") || v.startsWith("postgres://")) {
      String rest = v.substring(v.indexOf("://") + 1);
      // libpq style: user and password before the host.
      String authority = rest.substring(2);
      int slash = authority.indexOf('/');
      String hostPart = slash < 0 ? authority : authority.substring(0, slash);
      int at = hostPart.lastIndexOf('@');
      String u = null;
      String p = null;
      if (at >= 0) {
        String userInfo = hostPart.substring(0, at);
        int colon = userInfo.indexOf(':');
        u = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
        p = colon < 0 ? null : decode(userInfo.substring(colon + 1));
        rest = "//" + authority.substring(at + 1);
      }
      return parsePostgres(rest, u, p, env);
    }
    if (v.startsWith("jdbc:")) {
      throw new IllegalArgumentException(
          "--db supports SQLite files and jdbc:postgresql:// URLs, not "
              + v.substring(0, Math.min(v.length(), v.indexOf(':', 5) + 1)));
    }
    if (v.contains("://")) {
      throw new IllegalArgumentException(
          "--db: not a file path nor a jdbc:postgresql:// URL: " + redactAny(v));
    }
    return sqlite(Path.of(v));
  }

  private static DbLocation parsePostgres(
      String afterScheme, String userInfoUser, String userInfoPassword, Map<String, String> env) {
    if (!afterScheme.startsWith("//")) {
      throw new IllegalArgumentException(
          "--db: a PostgreSQL URL looks like jdbc:postgresql://HOST[:PORT]/DB?user=..&password=..");
    }
    int q = afterScheme.indexOf('?');
    String hostAndDb = q < 0 ? afterScheme : afterScheme.substring(0, q);
    if (hostAndDb.contains("@")) {
      throw new IllegalArgumentException(
          "--db: put the user and password in ?user=..&password=.. (got a '@' in the host part)");
    }
    String hostPart = hostAndDb.substring(2);
    int slash = hostPart.indexOf('/');
    if (slash <= 0 || slash == hostPart.length() - 1) {
      throw new IllegalArgumentException(
          "--db: a PostgreSQL URL needs a host and a database: jdbc:postgresql://HOST[:PORT]/DB");
    }
    String u = userInfoUser;
    String p = userInfoPassword;
    Map<String, String> plain = new LinkedHashMap<>();
    Map<String, String> secret = new LinkedHashMap<>();
    if (q >= 0) {
      for (String pair : afterScheme.substring(q + 1).split("&")) {
        if (pair.isEmpty()) {
          continue;
        }
        int eq = pair.indexOf('=');
        String name = decode(eq < 0 ? pair : pair.substring(0, eq));
        String val = eq < 0 ? "" : decode(pair.substring(eq + 1));
        if (name.equals("user")) {
          u = val;
        } else if (name.equals("password")) {
          p = val;
        } else if (isSecretName(name)) {
          secret.put(name, val);
        } else {
          plain.put(name, val);
        }
      }
    }
    if (p == null) {
      String envPassword = env.get("PGPASSWORD");
      if (envPassword != null && !envPassword.isEmpty()) {
        p = envPassword;
      }
    }
    StringBuilder url = new StringBuilder("jdbc:postgresql:").append(hostAndDb);
    char sep = '?';
    for (Map.Entry<String, String> e : plain.entrySet()) {
      url.append(sep).append(encode(e.getKey())).append('=').append(encode(e.getValue()));
      sep = '&';
    }
    return new DbLocation(Kind.POSTGRESQL, null, url.toString(), u, p, plain, secret);
  }

  private static boolean isSecretName(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return n.contains("password") || n.contains("secret") || n.contains("token");
  }

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      // A lone '%' in a password: take it literally rather than echo the value in an error.
      return s;
    }
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** Best effort redaction of a value that could not be parsed: hides anything after '='/':'. */
  private static String redactAny(String v) {
    return v.replaceAll("(?i)(password|secret|token)=[^&]*", "$1=" + REDACTED)
        .replaceAll("//([^/@:]*):[^/@]*@", "//$1:" + REDACTED + "@");
  }

  public Kind kind() {
    return kind;
  }

  /** The SQLite file; only for {@link Kind#SQLITE}. */
  public Path sqliteFile() {
    if (kind != Kind.SQLITE) {
      throw new IllegalStateException("not a SQLite location");
    }
    return sqliteFile;
  }

  /** The JDBC URL to connect with; it holds no user, password or other secret. */
  public String jdbcUrl() {
    return jdbcUrlWithoutSecrets;
  }

  /** The user name, or null when the driver's default applies. */
  public String user() {
    return user;
  }

  /** The value of a non-secret URL parameter such as {@code currentSchema}, or null. */
  public String param(String name) {
    return plainParams.get(name);
  }

  /** Driver properties: user, password and secret parameters. Never print these. */
  Properties connectionProperties() {
    Properties props = new Properties();
    if (user != null) {
      props.setProperty("user", user);
    }
    if (password != null) {
      props.setProperty("password", password);
    }
    secretParams.forEach(props::setProperty);
    return props;
  }

  /**
   * For people and logs: the file path, or the URL with the user and {@code password=***}. It never
   * contains a secret.
   */
  public String redacted() {
    if (kind == Kind.SQLITE) {
      return sqliteFile.toString();
    }
    StringBuilder s = new StringBuilder(jdbcUrlWithoutSecrets);
    char sep = jdbcUrlWithoutSecrets.contains("?") ? '&' : '?';
    if (user != null) {
      s.append(sep).append("user=").append(encode(user));
      sep = '&';
    }
    if (password != null) {
      s.append(sep).append("password=").append(REDACTED);
      sep = '&';
    }
    for (String name : secretParams.keySet()) {
      s.append(sep).append(encode(name)).append('=').append(REDACTED);
      sep = '&';
    }
    return s.toString();
  }

  /**
   * {@code text} with every secret of this location (raw and URL-encoded) replaced by {@code ***}:
   * run it over any message that came from a driver or library before showing it.
   */
  public String scrub(String text) {
    if (text == null) {
      return null;
    }
    String out = text;
    for (String secret : secrets()) {
      out = out.replace(secret, REDACTED);
      String enc = encode(secret);
      if (!enc.equals(secret)) {
        out = out.replace(enc, REDACTED);
      }
    }
    return out;
  }

  private List<String> secrets() {
    List<String> list = new ArrayList<>();
    // A one-character password would blank out every such character: too short to be a real one,
    // and too short to hide.
    if (password != null && password.length() >= 2) {
      list.add(password);
    }
    for (String v : secretParams.values()) {
      if (v.length() >= 2) {
        list.add(v);
      }
    }
    return list;
  }

  @Override
  public String toString() {
    return redacted();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DbLocation other
        && kind == other.kind
        && Objects.equals(sqliteFile, other.sqliteFile)
        && jdbcUrlWithoutSecrets.equals(other.jdbcUrlWithoutSecrets)
        && Objects.equals(user, other.user)
        && Objects.equals(password, other.password)
        && secretParams.equals(other.secretParams);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, sqliteFile, jdbcUrlWithoutSecrets, user);
  }
}
