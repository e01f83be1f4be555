package dev.sustain.serve;

import dev.sustain.run.RunStatus;
import dev.sustain.store.RunLiveness;
import dev.sustain.store.RunQuery;
import io.javalin.http.Context;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks what a request asks for before anything reads the store: known query parameters only, each
 * given once, ids of a sane shape, numbers in range. Anything else is a 400 naming the problem.
 * Stateless.
 */
final class Params {

  /** Run ids: a UUID or a run folder's id such as {@code 20261130-101502-3fa9}. */
  private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,127}");

  /** Commands and shapes are short lower-case words. */
  private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9-]{0,31}");

  /** RunStatus's words, and stale: the statuses the API shows (see RunLiveness). */
  static final Set<String> STATUSES =
      Stream.concat(
              Arrays.stream(RunStatus.values()).map(RunStatus::word), Stream.of(RunLiveness.STALE))
          .collect(Collectors.toUnmodifiableSet());

  /** Free text (drive ids, host names): printable, not too long. */
  private static final int MAX_TEXT = 512;

  static final int DEFAULT_LIMIT = 100;

  private Params() {}

  /** Refuses parameters other than {@code allowed}, and any given twice. */
  static void only(Context ctx, Set<String> allowed) {
    for (Map.Entry<String, List<String>> e : ctx.queryParamMap().entrySet()) {
      if (!allowed.contains(e.getKey())) {
        throw ApiError.badRequest(
            "unknown parameter '"
                + clip(e.getKey())
                + "'"
                + (allowed.isEmpty()
                    ? ": this address takes none"
                    : "; known: " + String.join(", ", allowed.stream().sorted().toList())));
      }
      if (e.getValue().size() > 1) {
        throw ApiError.badRequest("parameter '" + e.getKey() + "' given more than once");
      }
    }
  }

  /** A run id from the path: 400 when it cannot be one. */
  static String runId(String raw) {
    if (raw == null || !RUN_ID.matcher(raw).matches()) {
      throw ApiError.badRequest("not a run id: '" + clip(raw) + "'");
    }
    return raw;
  }

  /** Free text: null when absent or empty, 400 when too long or holding control characters. */
  static String text(Context ctx, String name) {
    return text(ctx.queryParam(name), name);
  }

  static String text(String v, String name) {
    if (v == null || v.isEmpty()) {
      return null;
    }
    if (v.length() > MAX_TEXT) {
      throw ApiError.badRequest(name + " is longer than " + MAX_TEXT + " characters");
    }
    for (int i = 0; i < v.length(); i++) {
      if (Character.isISOControl(v.charAt(i))) {
        throw ApiError.badRequest(name + " holds a control character");
      }
    }
    return v;
  }

  /** A short lower-case word (a command, a shape), or null. */
  static String word(Context ctx, String name) {
    String v = ctx.queryParam(name);
    if (v == null || v.isEmpty()) {
      return null;
    }
    if (!WORD.matcher(v).matches()) {
      throw ApiError.badRequest(name + " must be a lower-case word such as write or cache-cliff");
    }
    return v;
  }

  static String status(Context ctx) {
    String v = ctx.queryParam("status");
    if (v == null || v.isEmpty()) {
      return null;
    }
    if (!STATUSES.contains(v)) {
      throw ApiError.badRequest(
          "status must be one of " + String.join(", ", STATUSES.stream().sorted().toList()));
    }
    return v;
  }

  /** {@code limit}: 1 to {@link RunQuery#MAX_LIMIT}, default {@link #DEFAULT_LIMIT}. */
  static int limit(Context ctx) {
    String v = ctx.queryParam("limit");
    if (v == null || v.isEmpty()) {
      return DEFAULT_LIMIT;
    }
    try {
      int n = Integer.parseInt(v);
      if (n >= 1 && n <= RunQuery.MAX_LIMIT) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw ApiError.badRequest("limit must be a whole number from 1 to " + RunQuery.MAX_LIMIT);
  }

  /** {@code since}: an ISO-8601 instant ({@code 2026-11-30T10:00:00Z}) or a date (UTC). */
  static Instant since(Context ctx) {
    String v = ctx.queryParam("since");
    if (v == null || v.isEmpty()) {
      return null;
    }
    try {
      if (v.length() == 10) {
        return LocalDate.parse(v).atStartOfDay().toInstant(ZoneOffset.UTC);
      }
      return OffsetDateTime.parse(v).toInstant();
    } catch (DateTimeParseException e) {
      throw ApiError.badRequest(
          "since must be a date (2026-11-30) or a time (2026-11-30T10:00:00Z), not '"
              + clip(v)
              + "'");
    }
  }

  /** {@code before}: a cursor from a page's {@code next}. */
  static RunQuery.Cursor before(Context ctx) {
    String v = ctx.queryParam("before");
    if (v == null || v.isEmpty()) {
      return null;
    }
    if (v.length() > 400) {
      throw ApiError.badRequest("before: not a cursor from a 'next' field");
    }
    try {
      return RunQuery.Cursor.decode(v);
    } catch (IllegalArgumentException e) {
      throw ApiError.badRequest("before: " + e.getMessage());
    }
  }

  /** Text for an error message: at most 80 characters, control characters replaced. */
  static String clip(String s) {
    if (s == null) {
      return "";
    }
    String t = s.length() > 80 ? s.substring(0, 80) + "..." : s;
    StringBuilder b = new StringBuilder(t.length());
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      b.append(Character.isISOControl(c) ? '?' : c);
    }
    return b.toString();
  }
}
