package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import io.javalin.Javalin;
import org.junit.jupiter.api.Test;

/**
 * One {@link JettyErrors} answers for the server and for the servlet context: an error the servlet
 * side raises itself ({@code sendError}, which no dashboard route does today) is the same one-line
 * JSON as a request Jetty could not parse, never Jetty's HTML page.
 */
class JettyErrorsTest {

  @Test
  void errorsOfTheServletContextAreOneLineJson() throws Exception {
    JettyErrors errors = new JettyErrors();
    Javalin app =
        Javalin.create(
            config -> {
              config.startup.showJavalinBanner = false;
              config.jetty.modifyServer(s -> s.setErrorHandler(errors));
              config.jetty.modifyServletContextHandler(h -> h.setErrorHandler(errors));
              config.routes.get("/teapot", ctx -> ctx.res().sendError(418, "<b>tea</b>"));
              config.routes.get("/unavailable", ctx -> ctx.res().sendError(503));
            });
    app.start("127.0.0.1", 0);
    try {
      for (int code : new int[] {418, 503}) {
        SecurityTest.Raw r =
            SecurityTest.rawAt(app.port(), code == 418 ? "/teapot" : "/unavailable", "127.0.0.1");
        assertThat(r.status()).as("status of %d", code).isEqualTo(code);
        assertThat(r.body().strip())
            .as("body of %d", code)
            .isEqualTo(new String(JettyErrors.json(code), java.nio.charset.StandardCharsets.UTF_8));
      }
      SecurityTest.Raw bad = SecurityTest.rawAt(app.port(), "/%zz", "127.0.0.1");
      assertThat(bad.status()).isEqualTo(400);
      assertThat(bad.body().strip()).isEqualTo("{\"error\":\"bad request\",\"status\":400}");
    } finally {
      app.stop();
    }
  }
}
