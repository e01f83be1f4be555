package dev.sustain.engine;

/** Prints what {@code auto} picks and why, for tests that start a JVM with other native rules. */
public final class ProbeMain {

  private ProbeMain() {}

  public static void main(String[] args) throws Exception {
    String why = IoUringEngine.probe();
    try (IoEngine engine = Engines.create("auto")) {
      System.out.println(engine.name() + "|" + why);
    }
  }
}
