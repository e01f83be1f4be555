package dev.sustain.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a new JVM on this test run's JDK and class path, for a test's child. */
public final class ChildJvm {

  private ChildJvm() {}

  /** {@code java jvmOption -cp CLASSPATH main args...}, the JDK and class path this JVM's own. */
  public static List<String> command(String jvmOption, Class<?> main, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add(jvmOption);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(main.getName());
    cmd.addAll(List.of(args));
    return cmd;
  }
}
