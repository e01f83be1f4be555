package dev.sustain.run;

import dev.sustain.target.RawDevice;
import dev.sustain.target.TestFile;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The single-target safety rules of a write run that need nothing written: a raw device only with
 * --destroy-data and never while anything uses it; a folder that exists and can be written; a job
 * that fits. {@link WriteRun} applies them as it starts; a group of targets applies them to every
 * target before any of them starts. Stateless.
 */
public final class TargetChecks {

  private TargetChecks() {}

  /**
   * Refuses, with a {@link UsageException}, what {@link WriteRun#run()} would refuse before writing
   * anything. Creates nothing.
   */
  public static void preflight(WriteParams p) throws IOException {
    WriteRun.validate(p);
    Path given = Path.of(p.target()).toAbsolutePath().normalize();
    if (TestFile.isBlockDevice(given)) {
      RawDevice device = checkDevice(p, given);
      if (p.sizeBytes() > device.sizeBytes()) {
        throw new UsageException(
            "--size "
                + Units.decimalBytes(p.sizeBytes())
                + " is more than the device holds ("
                + device.describe()
                + ")");
      }
      return;
    }
    if ("full".equals(p.until())) {
      throw new UsageException(
          "--until full writes a raw device's whole capacity; to fill a file system use"
              + " 'sustain fill'");
    }
    TestFile file = TestFile.resolve(p.target(), "preflight");
    if (p.sizeBytes() > 0) {
      file.checkFreeSpace(p.sizeBytes());
    }
  }

  /**
   * A raw block device: only with --destroy-data, never when it or a partition is mounted, swap,
   * holds the root file system or is held by LVM, RAID or device-mapper; never with --keep.
   */
  static RawDevice checkDevice(WriteParams p, Path given) throws IOException {
    RawDevice.requireConsent(given, p.destroyData(), "writing to it");
    RawDevice device;
    try {
      device = RawDevice.inspect(given, Path.of("/sys"));
    } catch (IOException e) {
      throw new UsageException("cannot read the facts of " + given + ": " + e.getMessage());
    }
    device.refuseWhileInUse("write", given);
    if (p.keep()) {
      throw new UsageException("--keep means nothing on a raw device: its data stays written");
    }
    return device;
  }
}
