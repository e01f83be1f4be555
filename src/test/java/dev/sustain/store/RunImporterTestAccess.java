package dev.sustain.store;

/** Lets CLI tests reuse the importer tests' synthetic curve. */
public final class RunImporterTestAccess {

  private RunImporterTestAccess() {}

  /** 920 MB/s for 300 s, then 127 MB/s for 300 s, as {@code time_s,write_MBps}. */
  public static String cliffCsv() {
    return RunImporterTest.cliffCsv(false);
  }
}
