package dev.sustain.engine;

import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes one request to /dev/full through the threads engine and prints {@code errno|message}, for
 * a test that starts a JVM in another locale.
 */
public final class FullDeviceMain {

  private FullDeviceMain() {}

  public static void main(String[] args) throws Exception {
    try (Arena arena = Arena.ofShared();
        IoEngine engine = new ThreadsEngine()) {
      engine.open(Path.of("/dev/full"), new IoEngine.OpenOptions(false, true, false), 1);
      IoSlot slot = new IoSlot(0);
      slot.buffer = arena.allocate(4096, 4096);
      slot.lengthBytes = 4096;
      engine.submit(slot);
      engine.commit();
      List<IoSlot> done = new ArrayList<>();
      engine.reap(1, 60_000_000_000L, done::add);
      IoSlot reaped = done.getFirst();
      System.out.println(
          Errno.of(reaped) + "|" + (reaped.failure == null ? "" : reaped.failure.getMessage()));
    }
  }
}
