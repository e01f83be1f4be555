package dev.sustain.store;

import dev.sustain.store.TestDatabases.Backend;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A fresh history for a test, dropped after it (a PostgreSQL schema of its own, or a SQLite file in
 * the test's folder): {@code @RegisterExtension final FreshDb db = new FreshDb();}, then {@link
 * #make} in the test.
 */
public final class FreshDb implements AfterEachCallback {

  private String value;

  /** Makes the history on {@code backend} (SQLite under {@code tempDir}); its --db value. */
  public String make(Backend backend, Path tempDir) {
    value = TestDatabases.freshDbValue(backend, tempDir);
    return value;
  }

  /** The --db value of the history {@link #make} made. */
  public String value() {
    if (value == null) {
      throw new IllegalStateException("no history made yet");
    }
    return value;
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (value != null) {
      TestDatabases.drop(value);
      value = null;
    }
  }
}
