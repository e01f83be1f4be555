package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.run.RunProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clean} marks a run killed only where it can know: another host's running run is refused
 * (its process cannot be seen from here), this host's run whose pid is gone is marked killed.
 */
class CleanHostTest {

  @TempDir Path dir;

  private Path runFolder(String name, String host, long pid) throws Exception {
    Path folder = Files.createDirectories(dir.resolve(name));
    Files.writeString(
        folder.resolve("run.json"),
        """
        {"version":1,"command":"write","run_id":"%s","host":"%s","pid":%d,"started":"%s",
         "target":{"path":"%s","kind":"file"},"result":{"status":"running","error":null}}
        """
            .formatted(name, host, pid, Instant.now(), dir.resolve("target")));
    return folder;
  }

  @Test
  void anotherHostsRunningRunIsRefusedAndThisHostsDeadOneIsMarked() throws Exception {
    Path elsewhere = runFolder("elsewhere", RunProcess.thisHost() + "-elsewhere", Long.MAX_VALUE);
    Cli.Result refused = Cli.run("clean", elsewhere.toString(), "--db", "none");
    Cli.assertBadInput(refused.out(), refused);
    assertThat(refused.err()).contains("run sustain clean there");
    assertThat(Files.readString(elsewhere.resolve("run.json"))).contains("\"running\"");

    Path gone = runFolder("gone", RunProcess.thisHost(), Long.MAX_VALUE);
    Cli.Result marked = Cli.ok("clean", gone, "--db", "none");
    assertThat(marked.out()).contains("as killed");
    assertThat(Files.readString(gone.resolve("run.json"))).contains("\"killed\"");
  }
}
