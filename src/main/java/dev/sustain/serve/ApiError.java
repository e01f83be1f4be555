package dev.sustain.serve;

/**
 * A request the dashboard refuses, with the HTTP status and a one-line message for the JSON error
 * body. The message names what was wrong with the request; it never holds a stack trace or a
 * secret.
 */
final class ApiError extends RuntimeException {

  private final int status;

  ApiError(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  static ApiError badRequest(String message) {
    return new ApiError(400, message);
  }

  static ApiError notFound(String message) {
    return new ApiError(404, message);
  }

  int status() {
    return status;
  }
}
