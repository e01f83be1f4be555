package dev.sustain.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.share.HubClient;
import dev.sustain.share.HubModels;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sustain models [MODEL] --hub URL}: a hub's figures for a model, or its models; {@code
 * --update} keeps them in the data folder. Without --hub it reads that copy.
 */
@Command(name = "models", mixinStandardHelpOptions = true)
public final class ModelsCommand extends BaseCommand {

  @Parameters(paramLabel = "MODEL", arity = "0..1")
  String model;

  @Option(names = "--hub", paramLabel = "URL")
  String hubUrl;

  @Option(names = "--update")
  boolean update;

  @Option(names = "--token-file", paramLabel = "FILE")
  Path tokenFile;

  @Override
  protected int execute() throws Exception {
    HubClient hub = null;
    if (hubUrl != null) {
      try {
        hub =
            new HubClient(
                hubUrl, tokenFile == null ? null : Listening.readToken(tokenFile, "--token-file"));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--hub: " + e.getMessage());
      }
    }
    Path file = HubModels.cacheFile();
    if (update) {
      if (hub == null) {
        throw new UsageException("--update needs --hub URL");
      }
      int n;
      try {
        n = HubModels.update(hub, file);
      } catch (IOException e) {
        throw new UsageException(
            "cannot read the hub " + hub.address() + ": " + ShareCommand.why(e));
      }
      Lines.println(
          out(), "Kept %d %s from %s in %s", n, n == 1 ? "model" : "models", hub.address(), file);
      if (model == null) {
        out().flush();
        return ExitCodes.OK;
      }
    }
    JsonNode figures = hub != null && !update ? fromHub(hub) : fromCache(file);
    if (figures == null) {
      return ExitCodes.OK;
    }
    out().print(ModelsText.format(figures));
    out().flush();
    return ExitCodes.OK;
  }

  private JsonNode fromHub(HubClient hub) throws InterruptedException {
    try {
      if (model == null) {
        HubClient.Answer a = hub.get("/api/models");
        check(hub, a);
        out().print(ModelsText.list(a.body()));
        out().flush();
        return null;
      }
      HubClient.Answer a = hub.get(HubModels.path(model));
      if (a.status() == 404) {
        HubClient.Answer found =
            hub.get(
                "/api/models?q="
                    + java.net.URLEncoder.encode(model, java.nio.charset.StandardCharsets.UTF_8));
        check(hub, found);
        if (found.body().path("models").size() == 1) {
          a = hub.get(HubModels.path(found.body().path("models").get(0).path("model").asText()));
        } else {
          throw new UsageException(
              "the hub knows no model '"
                  + model
                  + "'"
                  + (found.body().path("models").isEmpty()
                      ? ""
                      : "; it knows " + ModelsText.names(found.body(), 5)));
        }
      }
      check(hub, a);
      return a.body();
    } catch (IOException e) {
      throw new UsageException("cannot read the hub " + hub.address() + ": " + ShareCommand.why(e));
    }
  }

  private static void check(HubClient hub, HubClient.Answer a) {
    if (a.status() != 200) {
      throw new UsageException(hub.address() + " answered " + a.status() + ": " + a.error());
    }
  }

  private JsonNode fromCache(Path file) {
    Optional<JsonNode> cache = HubModels.read(file);
    if (cache.isEmpty()) {
      throw new UsageException(
          "no copy of a hub's figures in "
              + file
              + ": give --hub URL, or keep one with models --update --hub URL");
    }
    if (model == null) {
      out().print(ModelsText.cachedList(cache.get()));
      out().flush();
      return null;
    }
    return HubModels.model(cache.get(), model)
        .orElseThrow(
            () -> new UsageException("the copy in " + file + " knows no model '" + model + "'"));
  }
}
