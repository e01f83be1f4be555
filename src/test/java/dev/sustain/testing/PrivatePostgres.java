package dev.sustain.testing;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A PostgreSQL server of a test's own, which the test may stop and start at will: initdb into a
 * fresh folder under /tmp, its own port on 127.0.0.1 and its own socket folder, run as the postgres
 * user, trust authentication for user postgres. Never the shared test cluster that other tests use
 * at the same time. Stopped and removed on close. Root only (to run as postgres); skips the test
 * with the reason where it cannot be made.
 */
public final class PrivatePostgres implements AutoCloseable {

  private final Path bin;
  private final Path home;
  private final int port;
  private boolean running;

  private PrivatePostgres(Path bin, Path home, int port) {
    this.bin = bin;
    this.home = home;
    this.port = port;
  }

  /** Makes and starts the server, or skips the test saying why it cannot. */
  public static PrivatePostgres start() throws IOException, InterruptedException {
    Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "needs root to run a private PostgreSQL server as the postgres user");
    Path bin = binaries();
    Assumptions.assumeTrue(bin != null, "no PostgreSQL server binaries in /usr/lib/postgresql");
    Path home = Files.createTempDirectory(Path.of("/tmp"), "sustain-pg-");
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    PrivatePostgres pg = new PrivatePostgres(bin, home, port);
    String owned = run("chown", "postgres:postgres", home.toString());
    String made =
        owned != null
            ? owned
            : pg.asPostgres(
                "initdb",
                "-D",
                pg.data(),
                "-A",
                "trust",
                "-U",
                "postgres",
                "--no-sync",
                "-E",
                "UTF8");
    if (made != null) {
      pg.close();
      Assumptions.abort("cannot make a private PostgreSQL server: " + made);
    }
    pg.up();
    return pg;
  }

  /** The newest version's bin folder, or null. */
  private static Path binaries() throws IOException {
    Path root = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(root)) {
      return null;
    }
    try (Stream<Path> versions = Files.list(root)) {
      return versions
          .map(v -> v.resolve("bin"))
          .filter(
              b ->
                  Files.isExecutable(b.resolve("pg_ctl"))
                      && Files.isExecutable(b.resolve("initdb")))
          .max(Comparator.comparing(b -> b.getParent().getFileName().toString()))
          .orElse(null);
    }
  }

  private String data() {
    return home.resolve("data").toString();
  }

  /** The --db value: user postgres, database postgres, a short connect timeout. */
  public String url() {
    return "postgresql://127.0.0.1:" + port + "/postgres?user=postgres&connectTimeout=3";
  }

  /** Starts the server (again) and waits until it takes connections. */
  public void up() throws IOException, InterruptedException {
    String started =
        asPostgres(
            "pg_ctl",
            "-D",
            data(),
            "-l",
            home.resolve("log").toString(),
            "-w",
            "-t",
            "60",
            "-o",
            "-p " + port + " -k " + home + " -c listen_addresses=127.0.0.1 -c fsync=off",
            "start");
    if (started != null) {
      throw new IOException("the private PostgreSQL server did not start: " + started);
    }
    running = true;
  }

  /** Stops the server at once, as a crash or a pulled cable would (no clean shutdown). */
  public void down() throws IOException, InterruptedException {
    String stopped = asPostgres("pg_ctl", "-D", data(), "-m", "immediate", "-w", "stop");
    if (stopped != null) {
      throw new IOException("the private PostgreSQL server did not stop: " + stopped);
    }
    running = false;
  }

  /** The first column of the first row of {@code sql}, through psql. */
  public String query(String sql) throws IOException, InterruptedException {
    List<String> cmd =
        List.of(
            "runuser",
            "-u",
            "postgres",
            "--",
            bin.resolve("psql").toString(),
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(port),
            "-U",
            "postgres",
            "-At",
            "-c",
            sql);
    // From /: the postgres user may not enter the checkout's folder (a clone in a mktemp -d folder
    // is root's alone), and psql's "could not change directory" would come first in its output.
    Process p = new ProcessBuilder(cmd).directory(new File("/")).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    Await.ended(p, "psql");
    if (p.exitValue() != 0) {
      throw new IOException("psql: " + out);
    }
    return out.lines().findFirst().orElse("");
  }

  private String asPostgres(String tool, String... args) throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(List.of("runuser", "-u", "postgres", "--", bin.resolve(tool).toString()));
    cmd.addAll(List.of(args));
    return run(cmd.toArray(String[]::new));
  }

  /** Runs a command; null when it succeeded, else what it printed. */
  private static String run(String... command) throws IOException, InterruptedException {
    return Commands.failureOf(90, command);
  }

  @Override
  public void close() throws IOException, InterruptedException {
    if (running) {
      asPostgres("pg_ctl", "-D", data(), "-m", "immediate", "-w", "stop");
      running = false;
    }
    try (Stream<Path> all = Files.walk(home)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
