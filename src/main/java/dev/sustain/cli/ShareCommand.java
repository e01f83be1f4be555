package dev.sustain.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.MalformedDocumentException;
import dev.sustain.share.HubClient;
import dev.sustain.share.ShareDocument;
import dev.sustain.unit.UsageException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sustain share RUN... --to URL}: shows the documents that would go to a hub, then sends
 * them after a yes. Builds them with {@link ShareDocument}; sends with {@link HubClient}.
 */
@Command(name = "share", mixinStandardHelpOptions = true)
public final class ShareCommand extends BaseCommand {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @Parameters(paramLabel = "RUN", arity = "1..*")
  List<Path> runs;

  @Option(names = "--to", paramLabel = "URL", required = true)
  String to;

  @Option(names = "--yes")
  boolean yes;

  @Option(names = "--dry-run")
  boolean dryRun;

  @Option(names = "--share-token-file", paramLabel = "FILE")
  Path shareTokenFile;

  @Override
  protected int execute() throws Exception {
    String token =
        shareTokenFile == null ? null : Listening.readToken(shareTokenFile, "--share-token-file");
    HubClient hub;
    try {
      hub = new HubClient(to, token);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--to: " + e.getMessage());
    }
    // A dry run asks the hub nothing, not even its challenge: it may be run with no network.
    String salt = dryRun ? null : reach(hub);
    List<ObjectNode> docs = new ArrayList<>();
    for (Path run : runs) {
      try {
        docs.add(ShareDocument.build(run, salt));
      } catch (IllegalArgumentException | MalformedDocumentException e) {
        throw new UsageException(e.getMessage());
      } catch (IOException e) {
        // The folder the user named could not be read whole: one line, as for any bad input.
        throw new UsageException("cannot read " + run + ": " + why(e));
      }
    }
    if (dryRun) {
      out().println(JSON.writeValueAsString(docs.size() == 1 ? docs.getFirst() : docs));
      out().flush();
      return ExitCodes.OK;
    }
    for (int i = 0; i < docs.size(); i++) {
      out().print(ShareText.preview(runs.get(i), docs.get(i)));
    }
    out()
        .println(
            "Never sent: the serial (a hash salted by this hub stands for the drive), host and user"
                + " names, paths, file names, notes. --dry-run prints the whole documents.");
    if (!yes && !confirm(docs.size(), hub.address())) {
      out().println("Nothing sent.");
      out().flush();
      return ExitCodes.OK;
    }
    return send(hub, docs);
  }

  /** Sends each document, one line per run; exit 1 when the hub refused any. */
  private int send(HubClient hub, List<ObjectNode> docs) throws InterruptedException {
    int failed = 0;
    for (int i = 0; i < docs.size(); i++) {
      HubClient.Answer a;
      try {
        a = hub.share(docs.get(i).toString());
      } catch (IOException e) {
        throw new UsageException("cannot reach the hub " + hub.address() + ": " + why(e));
      }
      String id = a.body().path("id").asText("?");
      if (a.status() == 201 || a.status() == 200) {
        Lines.println(
            out(),
            "%s: %s as run %s",
            runs.get(i),
            a.status() == 201 ? "shared" : "already shared",
            id);
      } else {
        failed++;
        Lines.println(out(), "%s: refused (HTTP %d): %s", runs.get(i), a.status(), a.error());
      }
    }
    out().flush();
    return failed == 0 ? ExitCodes.OK : ExitCodes.RUN_FAILED;
  }

  private String reach(HubClient hub) throws InterruptedException {
    try {
      return hub.salt();
    } catch (IOException e) {
      throw new UsageException("cannot reach the hub " + hub.address() + ": " + why(e));
    }
  }

  static String why(IOException e) {
    if (e instanceof NoSuchFileException n) {
      return "no such file " + n.getFile();
    }
    if (e instanceof ConnectException) {
      return "connection refused";
    }
    if (e instanceof HttpTimeoutException) {
      return "no answer in time";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private boolean confirm(int count, String address) throws IOException {
    out()
        .print(
            "Send "
                + (count == 1 ? "this run" : "these " + count + " runs")
                + " to "
                + address
                + "? [y/N] ");
    out().flush();
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String answer = in.readLine();
    out().println();
    return answer != null
        && (answer.strip().equalsIgnoreCase("y") || answer.strip().equalsIgnoreCase("yes"));
  }
}
