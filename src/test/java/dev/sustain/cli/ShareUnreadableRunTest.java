package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.hub.HubRuns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run folder whose run.json or analysis.json is there but is no document (a JSON array, JSON
 * null, bytes that are not UTF-8) is bad input to {@code share}, as to every command: exit 2 and
 * one line naming the file, never "internal error" or a charset decoder's "Input length = 1".
 */
class ShareUnreadableRunTest {

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"run.json", "analysis.json"})
  void aDocumentThatIsNoObjectIsOneLineAndExit2(String file) throws IOException {
    for (String text : new String[] {"[]", "null", "42"}) {
      Path run = folderWith(file, text.getBytes(StandardCharsets.UTF_8));
      Cli.Result r = Cli.run("share", run.toString(), "--to", "http://127.0.0.1:1", "--dry-run");
      Cli.assertBadInput(file + " = " + text, r);
      assertThat(r.err()).contains(run.resolve(file).toString(), "holds no JSON object");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"run.json", "analysis.json"})
  void bytesThatAreNotUtf8AreOneLineAndExit2(String file) throws IOException {
    Path run = folderWith(file, new byte[] {'{', (byte) 0xff, (byte) 0xfe, '}'});
    Cli.Result r = Cli.run("share", run.toString(), "--to", "http://127.0.0.1:1", "--dry-run");
    Cli.assertBadInput(r);
    assertThat(r.err()).contains(run.resolve(file).toString(), "is not UTF-8 text");
  }

  /** A complete run HubRuns writes (a dry run shares it), then {@code file} replaced by bytes. */
  private Path folderWith(String file, byte[] bytes) throws IOException {
    Path run = dir.resolve("run-" + System.nanoTime());
    HubRuns.write(run, HubRuns.MODEL, 3, 1, 2400, 60, 120, 200);
    Cli.ok("share", run, "--to", "http://127.0.0.1:1", "--dry-run");
    Files.write(run.resolve(file), bytes);
    return run;
  }
}
