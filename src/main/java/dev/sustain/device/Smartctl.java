package dev.sustain.device;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs {@code smartctl -j} (smartmontools) and parses its output. Read-only commands only ({@code
 * -i}, {@code -A}); a run that times out is killed. Thread-safe.
 */
public final class Smartctl {

  /** How long one smartctl call may take before it is killed: USB bridges can be slow. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);

  private final Path executable;
  private final Duration timeout;

  Smartctl(Path executable, Duration timeout) {
    this.executable = executable;
    this.timeout = timeout;
  }

  /** The installed smartctl, if any, searched on PATH, then in /usr/sbin and /sbin. */
  public static Optional<Smartctl> find() {
    List<String> dirs = new ArrayList<>();
    String path = System.getenv("PATH");
    if (path != null) {
      dirs.addAll(List.of(path.split(":")));
    }
    dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/local/sbin"));
    for (String d : dirs) {
      if (d.isEmpty()) {
        continue;
      }
      Path p = Path.of(d, "smartctl");
      if (Files.isExecutable(p)) {
        return Optional.of(new Smartctl(p, DEFAULT_TIMEOUT));
      }
    }
    return Optional.empty();
  }

  /**
   * Identity, device type and temperature ({@code -i -A}), retried as {@code -d sat} when smartctl
   * does not know the USB bridge. Null when smartctl could not run or printed no JSON.
   */
  public SmartctlReport identify(String devicePath) {
    SmartctlReport r = run(List.of("-j", "-i", "-A", devicePath));
    if (r != null && !r.identified() && mentionsUnknownBridge(r)) {
      SmartctlReport sat = run(List.of("-j", "-i", "-A", "-d", "sat", devicePath));
      if (sat != null && sat.identified()) {
        return sat;
      }
    }
    return r;
  }

  /**
   * The temperature only ({@code -A}), through the device type found before; {@code -n standby} so
   * that a disk that spun down is not woken for a reading.
   */
  public SmartctlReport attributes(String devicePath, String deviceType) {
    List<String> args = new ArrayList<>(List.of("-j", "-A", "-n", "standby"));
    if (deviceType != null) {
      args.add("-d");
      args.add(deviceType);
    }
    args.add(devicePath);
    return run(args);
  }

  static boolean mentionsUnknownBridge(SmartctlReport r) {
    return r.messages().stream()
        .anyMatch(m -> m.contains("Unknown USB bridge") || m.contains("specify device type"));
  }

  /** Runs smartctl with {@code args}; null on timeout, failure to start, or output not JSON. */
  SmartctlReport run(List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(executable.toString());
    cmd.addAll(args);
    Process p;
    try {
      p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
    } catch (IOException e) {
      return null;
    }
    try (InputStream out = p.getInputStream()) {
      p.getOutputStream().close();
      p.getErrorStream().close();
      CompletableFuture<byte[]> stdout =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return out.readAllBytes();
                } catch (IOException e) {
                  return new byte[0];
                }
              },
              Thread::startVirtualThread);
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        return null;
      }
      String json =
          new String(stdout.get(timeout.toMillis(), TimeUnit.MILLISECONDS), StandardCharsets.UTF_8);
      return json.isBlank() ? null : SmartctlReport.parse(json);
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      return null;
    } catch (IOException | ExecutionException | TimeoutException | IllegalArgumentException e) {
      p.destroyForcibly();
      return null;
    }
  }
}
