package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of run (write, fill, copy, verify, sweep) lands in the history of its drive. */
class RecordedInHistoryTest {

  @TempDir Path dir;

  private void ok(Cli.Result r) {
    assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
  }

  @Test
  void everyCommandThatRunsIsRemembered() throws Exception {
    String db = dir.resolve("history.db").toString();
    Path target = Files.createDirectories(dir.resolve("drive"));
    Path write = dir.resolve("write");
    ok(
        Cli.run(
            "write",
            target.toString(),
            "--size",
            "8MiB",
            "--keep",
            "--out",
            write.toString(),
            "--db",
            db));
    ok(Cli.run("verify", write.toString(), "--out", dir.resolve("verify").toString(), "--db", db));
    ok(
        Cli.run(
            "sweep",
            target.toString(),
            "--bs",
            "1MiB",
            "--qd",
            "1",
            "--size-per-point",
            "4MiB",
            "--write-only",
            "--out",
            dir.resolve("sweep").toString(),
            "--db",
            db));
    ok(
        Cli.run(
            "fill",
            target.toString(),
            "--file-size",
            "4MiB",
            "--limit",
            "8MiB",
            "--out",
            dir.resolve("fill").toString(),
            "--db",
            db));
    Path src = dir.resolve("src");
    ok(Cli.run("dataset", "videos", src.toString(), "--size", "8MB", "--seed", "1"));
    ok(
        Cli.run(
            "copy",
            src.toString(),
            dir.resolve("dst").toString(),
            "--out",
            dir.resolve("copy").toString(),
            "--db",
            db));

    Cli.Result h = Cli.run("history", "--db", db, "--json");
    ok(h);
    List<String> commands = new ArrayList<>();
    for (JsonNode run : RunFolder.JSON.readTree(h.out()).path("runs")) {
      commands.add(run.path("command").asText());
    }
    assertThat(commands).contains("write", "verify", "sweep", "fill", "copy");
  }
}
