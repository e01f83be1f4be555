package dev.sustain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The clone's launcher (bin/java.sh, used by bin/sustain and bin/test) probes for a JDK once and
 * remembers it: later starts run no probe, and a change of SUSTAIN_JAVA, or a remembered java that
 * is gone, makes it probe again. Fake JDKs without a release file count their probes.
 */
class LauncherTest {

  @TempDir Path dir;
  private Path javaSh;

  @BeforeEach
  void findTheScript() {
    javaSh = Path.of(System.getProperty("sustain.projectDir", "."), "bin", "java.sh");
    assumeTrue(Files.isRegularFile(javaSh), "bin/java.sh not found from " + javaSh);
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "no bash");
  }

  /** A "JDK" whose java says it is version 25 and logs each time it is asked. */
  private Path fakeJdk(String name) throws Exception {
    Path bin = Files.createDirectories(dir.resolve(name).resolve("bin"));
    Path java = bin.resolve("java");
    Files.writeString(
        java,
        "#!/bin/sh\necho probed >> '"
            + dir.resolve(name + ".log")
            + "'\necho '    java.specification.version = 25' >&2\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    return java;
  }

  private int probes(String name) throws Exception {
    Path log = dir.resolve(name + ".log");
    return Files.exists(log) ? Files.readAllLines(log).size() : 0;
  }

  /** Runs require_java as the launcher does and returns the java it chose. */
  private String requireJava(Path sustainJava) throws Exception {
    String[] result = run(sustainJava);
    assertThat(result[0]).as(result[1]).isEqualTo("0");
    return result[1];
  }

  /** Exit code and output of require_java. */
  private String[] run(Path sustainJava) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
            "/bin/bash",
            "-c",
            "here='" + dir + "'; . '" + javaSh + "'; require_java; echo \"$java_bin\"");
    pb.environment().put("SUSTAIN_JAVA", sustainJava.toString());
    pb.environment().put("SUSTAIN_JAVA_CACHE", dir.resolve("java.path").toString());
    pb.environment().remove("JAVA_HOME");
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes()).strip();
    return new String[] {Integer.toString(p.waitFor()), out};
  }

  @Test
  void theJdkIsProbedOnceAndRemembered() throws Exception {
    Path a = fakeJdk("a");
    for (int start = 0; start < 3; start++) {
      assertThat(requireJava(a)).isEqualTo(a.toString());
    }
    assertThat(probes("a")).as("three starts, one probe").isEqualTo(1);
    assertThat(Files.readAllLines(dir.resolve("java.path")))
        .isEqualTo(List.of("SUSTAIN_JAVA=" + a + " JAVA_HOME=", a.toString()));

    // Another SUSTAIN_JAVA is noticed: probed, then remembered in its turn.
    Path b = fakeJdk("b");
    assertThat(requireJava(b)).isEqualTo(b.toString());
    assertThat(requireJava(b)).isEqualTo(b.toString());
    assertThat(probes("b")).isEqualTo(1);

    // The remembered java is gone: the launcher does not run it, it probes again and finds another
    // JDK 25 on this machine, or says that there is none.
    Files.delete(b);
    String[] gone = run(b);
    assertThat(gone[1]).isNotEqualTo(b.toString());
    if (gone[0].equals("0")) {
      assertThat(Files.readAllLines(dir.resolve("java.path")).get(1)).isEqualTo(gone[1]);
    } else {
      assertThat(gone[1]).contains("no JDK 25 or newer found");
    }
  }

  /**
   * bin/sustain makes the start-up cache once per jar with a training run and starts every later
   * run with it; a newer jar makes it again, and SUSTAIN_AOT=0 starts without one. The "java" here
   * logs its arguments and writes the cache file a real JDK would.
   */
  @Test
  void theStartUpCacheIsMadeOncePerJarAndUsed() throws Exception {
    Path log = dir.resolve("args.log");
    Path bin = fakeProject(log);
    Path project = bin.getParent();
    Path jar = project.resolve("target/sustain.jar");
    Path java = dir.resolve("jdk/bin/java");

    launch(bin, java, "1", "write");
    List<String> first = starts(log);
    assertThat(first).hasSize(3);
    // The training writes into a history an untrained write made first: a run's classes, not
    // those of the one-time schema migration.
    assertThat(first.get(0)).doesNotContain("AOTCache").contains(" write ").contains("--db ");
    String history = first.get(0).replaceAll(".*--db (\\S+).*", "$1");
    assertThat(first.get(1)).contains("-XX:AOTCacheOutput=").contains(" write ");
    assertThat(first.get(1)).contains("--db " + history);
    assertThat(first.get(2)).contains("-XX:AOTCache=" + project.resolve("target/sustain.aot"));
    assertThat(first.get(2)).endsWith(" write");
    // picocli's old class files are raised once per jar, before the training reads them.
    assertThat(raises(log)).as("raised before the training").isEqualTo(1);
    List<String> all = Files.readAllLines(log);
    int raised =
        all.indexOf(
            all.stream().filter(l -> l.contains("RaiseClassVersions")).findFirst().orElseThrow());
    int trained =
        all.indexOf(all.stream().filter(l -> l.contains(" write ")).findFirst().orElseThrow());
    assertThat(raised).as("raised before the first write reads the jar").isLessThan(trained);

    launch(bin, java, "1", "write");
    List<String> second = starts(log);
    assertThat(second).as("no second training").hasSize(4);
    assertThat(second.get(3)).contains("-XX:AOTCache=");

    assertThat(jar.toFile().setLastModified(System.currentTimeMillis() + 60_000)).isTrue();
    launch(bin, java, "1", "write");
    assertThat(starts(log).get(5)).as("a newer jar").contains("-XX:AOTCacheOutput=");
    assertThat(raises(log)).as("a newer jar is raised again, an unchanged one never").isEqualTo(2);

    launch(bin, java, "0", "write");
    assertThat(starts(log).getLast()).doesNotContain("AOTCache");
  }

  /**
   * {@code --version} and {@code analyze} start with a cache of their own, trained on an analyze: a
   * cache loads all its classes at every start, and the write's holds more than twice the classes a
   * curve's analysis needs. The jar is raised once for both caches.
   */
  @Test
  void theCommandsThatReadACurveHaveASmallCacheOfTheirOwn() throws Exception {
    Path log = dir.resolve("args.log");
    Path bin = fakeProject(log);
    Path java = dir.resolve("jdk/bin/java");
    Path target = bin.getParent().resolve("target");

    launch(bin, java, "1", "--version");
    List<String> first = starts(log);
    assertThat(first).hasSize(2);
    assertThat(first.get(0)).contains("-XX:AOTCacheOutput=").contains(" analyze ");
    assertThat(first.get(0)).doesNotContain(" write ");
    assertThat(first.get(1))
        .contains("-XX:AOTCache=" + target.resolve("sustain-light.aot"))
        .contains("-XX:TieredStopAtLevel=1")
        .endsWith("--version");
    assertThat(first.get(0)).as("trained as it runs").contains("-XX:TieredStopAtLevel=1");

    launch(bin, java, "1", "analyze", "curve.csv");
    List<String> second = starts(log);
    assertThat(second).as("no second training").hasSize(3);
    assertThat(second.get(2)).contains("-XX:AOTCache=" + target.resolve("sustain-light.aot"));

    launch(bin, java, "1", "write");
    List<String> third = starts(log);
    assertThat(third).as("the write's own training, then the write").hasSize(6);
    assertThat(third.get(5))
        .contains("-XX:AOTCache=" + target.resolve("sustain.aot"))
        .as("a run that drives requests keeps C2")
        .doesNotContain("TieredStopAtLevel");
    assertThat(raises(log)).as("one jar, raised once").isEqualTo(1);
  }

  /**
   * A write that --size alone bounds to 64 MiB starts with C1 alone (it ends before C2's code would
   * run much); a larger one, one of a time, --until or --repeat keeps C2, and the write's cache is
   * trained with C2 whichever write made it.
   */
  @Test
  void aSmallWriteStartsWithC1AndEveryLongerOneKeepsC2() throws Exception {
    Path log = dir.resolve("args.log");
    Path bin = fakeProject(log);
    Path java = dir.resolve("jdk/bin/java");

    launch(bin, java, "1", "write", "t", "--size", "4KiB");
    List<String> first = starts(log);
    assertThat(first).as("the training, then the write").hasSize(3);
    assertThat(first.get(1)).contains("-XX:AOTCacheOutput=").doesNotContain("TieredStopAtLevel");
    assertThat(first.get(2)).contains("-XX:TieredStopAtLevel=1").endsWith("write t --size 4KiB");

    for (String size : List.of("--size=64MiB", "--size 67108864", "--size 16MB")) {
      launch(bin, java, "1", ("write t " + size).split(" "));
      assertThat(starts(log).getLast()).as(size).contains("-XX:TieredStopAtLevel=1");
    }
    for (String longer :
        List.of(
            "--size 65MiB",
            "--size 1GiB",
            "--size 4KiB --time 10s",
            "--size 4KiB --until floor",
            "--size 4KiB --repeat 2",
            "--size 1.5MB",
            "--size 10000000000",
            "--size 99999999999GB",
            "--time 5s")) {
      launch(bin, java, "1", ("write t " + longer).split(" "));
      assertThat(starts(log).getLast()).as(longer).doesNotContain("TieredStopAtLevel");
    }
    launch(bin, java, "1", "fill", "t", "--size", "4KiB");
    assertThat(starts(log).getLast()).as("only write").doesNotContain("TieredStopAtLevel");
  }

  /** A clone with the real launcher, a stand-in jar and a "java" that logs to {@code log}. */
  private Path fakeProject(Path log) throws Exception {
    Path project = Files.createDirectories(dir.resolve("project"));
    Path bin = Files.createDirectories(project.resolve("bin"));
    Path launcher = Path.of(javaSh.getParent().toString(), "sustain");
    Files.copy(launcher, bin.resolve("sustain"));
    Files.copy(javaSh, bin.resolve("java.sh"));
    Path jar = Files.createDirectories(project.resolve("target")).resolve("sustain.jar");
    Files.writeString(jar, "not a real jar");
    Path java = Files.createDirectories(dir.resolve("jdk").resolve("bin")).resolve("java");
    Files.writeString(
        java,
        "#!/bin/bash\necho \"$*\" >> '"
            + log
            + "'\nfor a in \"$@\"; do case \"$a\" in -XX:AOTCacheOutput=*) : > \"${a#*=}\";;"
            + " esac; done\necho '    java.specification.version = 25' >&2\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));

    return bin;
  }

  private void launch(Path bin, Path java, String aot, String... args) throws Exception {
    List<String> command =
        new java.util.ArrayList<>(List.of("/bin/bash", bin.resolve("sustain").toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("SUSTAIN_JAVA", java.toString());
    pb.environment().put("SUSTAIN_JAVA_CACHE", dir.resolve("java.path").toString());
    pb.environment().put("SUSTAIN_AOT", aot);
    pb.environment().remove("JAVA_HOME");
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor()).as(out).isZero();
  }

  /**
   * The options every start of Sustain gets (bin/java.sh) tell Jdbi that Flight Recorder is not
   * there, so the history's first statement does not register Jdbi's event with it (the recorder's
   * whole type library built at a run's start); without them, on this JDK, it is there.
   */
  @Test
  void theLaunchersOptionsKeepJdbiFromFlightRecorder() throws Exception {
    Path check = dir.resolve("JdbiJfr.java");
    Files.writeString(
        check,
        "public class JdbiJfr { public static void main(String[] a) { System.out.print("
            + "org.jdbi.v3.core.statement.internal.JfrSupport.isFlightRecorderAvailable()); } }");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String cp = System.getProperty("java.class.path");
    String withOptions =
        bashOutput(
            ". '"
                + javaSh
                + "'; exec '"
                + java
                + "' \"${sustain_jvm_options[@]}\" -cp '"
                + cp
                + "' '"
                + check
                + "'");
    String without = bashOutput("exec '" + java + "' -cp '" + cp + "' '" + check + "'");
    assertThat(without).as("Flight Recorder is there without the options").isEqualTo("true");
    assertThat(withOptions).as("with the launcher's options").isEqualTo("false");
  }

  private static String bashOutput(String script) throws Exception {
    Process p = new ProcessBuilder("/bin/bash", "-c", script).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes()).strip();
    assertThat(p.waitFor()).as(out).isZero();
    return out;
  }

  /** The logged starts, less the launcher's version probe and its raising of old class files. */
  private static List<String> starts(Path log) throws Exception {
    return Files.readAllLines(log).stream()
        .filter(l -> !l.contains("-XshowSettings") && !l.contains("RaiseClassVersions.java"))
        .toList();
  }

  /** How often the launcher raised the jar's old class files (bin/RaiseClassVersions.java). */
  private static long raises(Path log) throws Exception {
    return Files.readAllLines(log).stream()
        .filter(l -> l.contains("RaiseClassVersions.java"))
        .count();
  }
}
