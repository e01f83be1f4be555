package dev.sustain.store;

/** Lets tests in other packages drop the PostgreSQL schema they made. */
public final class RunStoreAccess {

  private RunStoreAccess() {}

  public static void dropSchema(String dbValue) {
    TestDatabases.drop(dbValue);
  }
}
