package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.engine.IoUringEngine;
import dev.sustain.run.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the kernel refuses to register the request buffers (a process that may lock only 64 KiB of
 * memory and lacks CAP_IPC_LOCK), {@code write} still writes every byte through the plain path and
 * says which path it took; unrestricted, the same run uses fixed buffers.
 */
class FixedBuffersRefusedTest {

  @TempDir Path dir;

  private JsonNode write(Path out, String... prefix) throws Exception {
    Path target = Files.createDirectories(dir.resolve("t-" + out.getFileName()));
    List<String> cmd = new ArrayList<>(List.of(prefix));
    cmd.addAll(
        Cli.command(
            "write",
            target.toString(),
            "--size",
            "64MiB",
            "--engine",
            "uring",
            "--keep",
            "--out",
            out.toString()));
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve(out.getFileName() + ".log").toFile())
            .start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("finished in 2 minutes").isTrue();
    String log = Files.readString(dir.resolve(out.getFileName() + ".log"));
    assertThat(p.exitValue()).as(log).isZero();
    return RunFolder.JSON.readTree(out.resolve("run.json").toFile()).get("result");
  }

  @Test
  void refusedBuffersFallBackToPlainRequestsWithEveryByteWritten() throws Exception {
    Assumptions.assumeTrue(IoUringEngine.isAvailable(), "io_uring: " + IoUringEngine.probe());
    Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "needs root to drop CAP_IPC_LOCK for a child (setpriv)");
    Assumptions.assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/setpriv"))
            && Files.isExecutable(Path.of("/usr/bin/prlimit")),
        "needs setpriv and prlimit (util-linux)");
    Path limited = dir.resolve("limited");
    JsonNode refused =
        write(limited, "setpriv", "--bounding-set=-ipc_lock", "prlimit", "--memlock=65536:65536");
    assertThat(refused.path("status").asText()).isEqualTo("complete");
    assertThat(refused.path("fixed_buffers").asBoolean()).isFalse();
    assertThat(refused.path("fixed_file").asBoolean()).isTrue();
    assertThat(refused.path("bytes").asLong()).isEqualTo(64L << 20);
    Cli.Result verify = Cli.run("verify", limited.toString(), "--out", dir.resolve("v").toString());
    assertThat(verify.exitCode()).as(verify.out() + verify.err()).isZero();

    JsonNode fixed = write(dir.resolve("unlimited"));
    assertThat(fixed.path("fixed_buffers").asBoolean()).isTrue();
    assertThat(fixed.path("bytes").asLong()).isEqualTo(64L << 20);
  }
}
