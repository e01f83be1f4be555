package dev.sustain.store;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jdbi.v3.core.statement.ParsedSql;
import org.jdbi.v3.core.statement.SqlParser;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * The SQL parser of every Jdbi over the history: {@code :name} parameters found by a scan of the
 * text, as Jdbi's own {@code ColonPrefixSqlParser} finds them in Sustain's statements (text in
 * single or double quotes and {@code ::} casts are left as they are; {@code ?} is a positional
 * parameter), and each statement parsed once a process, whichever store opened it.
 *
 * <p>Why not Jdbi's: it runs an ANTLR lexer, whose tables are built anew in every process and whose
 * first statements ran interpreted (1-8 ms each, 45-68 ms for the first); and its cache belongs to
 * one Jdbi, while a run opens the history several times (the warm-up, the idle question, the live
 * recording, the end's record), each a Jdbi of its own that parsed the same statements again.
 * Thread-safe.
 */
final class NamedSql implements SqlParser {

  static final NamedSql PARSER = new NamedSql();

  /**
   * Sustain's statements are a fixed set of texts; a text made anew for every call (none today)
   * must not grow the cache without end: past this many, texts are parsed and not kept.
   */
  private static final int MAX_CACHED = 1_000;

  private final Map<String, ParsedSql> parsed = new ConcurrentHashMap<>();

  private NamedSql() {}

  @Override
  public ParsedSql parse(String sql, StatementContext ctx) {
    ParsedSql known = parsed.get(sql);
    if (known != null) {
      return known;
    }
    ParsedSql made = parse(sql);
    if (parsed.size() < MAX_CACHED) {
      parsed.putIfAbsent(sql, made);
    }
    return made;
  }

  @Override
  public String nameParameter(String rawName, StatementContext ctx) {
    return ":" + rawName;
  }

  /** The statement {@code sql} with its parameters as JDBC's {@code ?} and their names in order. */
  static ParsedSql parse(String sql) {
    ParsedSql.Builder built = ParsedSql.builder();
    int n = sql.length();
    int from = 0; // the start of the literal text not yet appended
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"') {
        int close = sql.indexOf(c, i + 1);
        // A doubled quote inside is two quoted runs: the same text. One never closed is no quote.
        i = close < 0 ? i + 1 : close + 1;
      } else if (c == ':' && i + 1 < n && sql.charAt(i + 1) == ':') {
        i += 2; // a PostgreSQL cast, never a parameter
      } else if (c == ':' && i + 1 < n && nameChar(sql.charAt(i + 1))) {
        int end = i + 1;
        while (end < n && nameChar(sql.charAt(end))) {
          end++;
        }
        built.append(sql.substring(from, i)).appendNamedParameter(sql.substring(i + 1, end));
        i = end;
        from = end;
      } else if (c == '?') {
        built.append(sql.substring(from, i)).appendPositionalParameter();
        i++;
        from = i;
      } else {
        i++;
      }
    }
    return built.append(sql.substring(from)).build();
  }

  /** The characters of a parameter's name, as Jdbi's colon parser takes them. */
  private static boolean nameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '.';
  }
}
