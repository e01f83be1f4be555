package dev.sustain.engine;

import java.lang.foreign.Arena;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** A read that never completes: one request to an engine that waits on a fifo nobody writes. */
final class Fifos {

  private Fifos() {}

  /** A new fifo {@code fifo} in {@code dir}; skips the test where mkfifo is not there. */
  static Path make(Path dir) throws Exception {
    Path fifo = dir.resolve("fifo");
    Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
    Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo unavailable");
    return fifo;
  }

  /**
   * Opens {@code fifo} in {@code engine} for reading, at depth 1, and submits one 4 KiB read into a
   * buffer of {@code arena}: it stays pending while the fifo is held open and nobody writes it.
   */
  static IoSlot submitAStuckRead(IoEngine engine, Path fifo, Arena arena) throws Exception {
    engine.open(fifo, new IoEngine.OpenOptions(false, false, false), 1);
    IoSlot slot = new IoSlot(0);
    slot.write = false;
    slot.buffer = arena.allocate(4096, 4096);
    slot.lengthBytes = 4096;
    engine.submit(slot);
    engine.commit();
    return slot;
  }
}
