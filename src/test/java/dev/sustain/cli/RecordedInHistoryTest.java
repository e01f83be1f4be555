package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
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
    Cli.Folders rig = Cli.in(dir, "drive", "write");
    ok(rig.run("write TARGET --size 8MiB --keep --out OUT --db {}", db));
    ok(rig.run("verify OUT --out {} --db {}", dir.resolve("verify"), db));
    ok(
        rig.run(
            "sweep TARGET --bs 1MiB --qd 1 --size-per-point 4MiB --write-only --out {} --db {}",
            dir.resolve("sweep"),
            db));
    ok(
        rig.run(
            "fill TARGET --file-size 4MiB --limit 8MiB --out {} --db {}", dir.resolve("fill"), db));
    Path src = dir.resolve("src");
    ok(Cli.run("dataset", "videos", src.toString(), "--size", "8MB", "--seed", "1"));
    ok(rig.run("copy {} {} --out {} --db {}", src, dir.resolve("dst"), dir.resolve("copy"), db));

    Cli.Result h = Cli.run("history", "--db", db, "--json");
    ok(h);
    List<String> commands = new ArrayList<>();
    for (JsonNode run : RunFolder.JSON.readTree(h.out()).path("runs")) {
      commands.add(run.path("command").asText());
    }
    assertThat(commands).contains("write", "verify", "sweep", "fill", "copy");
  }
}
