package dev.sustain.store;

import java.sql.Connection;

/** A connection to a test's history as the runs open it, for tests that change it underneath. */
public final class TestConnections {

  private TestConnections() {}

  public static Connection connect(DbLocation location) {
    return RunStore.connect(location);
  }
}
