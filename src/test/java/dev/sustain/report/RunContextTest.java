package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.report.RunContext.Stop;
import dev.sustain.report.RunContext.Target;
import org.junit.jupiter.api.Test;

/**
 * What a run.json tells the words: the target's kind (memory, a loop device over a file, a file
 * system another host caches, a drive) and what ended the run, for folders of today and of before
 * {@code target.stack} was kept.
 */
class RunContextTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A run.json with the given target, params and result objects (JSON texts). */
  static JsonNode run(String command, String target, String params, String result)
      throws Exception {
    return JSON.readTree(
        "{\"command\":\""
            + command
            + "\",\"target\":"
            + target
            + ",\"params\":"
            + params
            + ",\"result\":"
            + result
            + "}");
  }

  private static final String DRIVE =
      "{\"kind\":\"file\",\"device\":{\"name\":\"nvme0n1\",\"loop_backing_file\":null},"
          + "\"filesystem\":{\"type\":\"ext4\",\"source\":\"/dev/nvme0n1p2\",\"memory\":false}}";
  private static final String COMPLETE = "{\"status\":\"complete\",\"bytes\":1073741824}";

  @Test
  void aTmpfsTargetIsMemory() throws Exception {
    RunContext c =
        RunContext.of(
            run(
                "write",
                "{\"kind\":\"file\",\"device\":null,\"filesystem\":{\"type\":\"tmpfs\","
                    + "\"source\":\"tmpfs\",\"memory\":true}}",
                "{\"size_bytes\":1073741824}",
                COMPLETE));
    assertThat(c.target()).isEqualTo(Target.MEMORY);
    assertThat(c.targetWords()).isEqualTo("memory (tmpfs)");
    assertThat(c.notADrive()).isTrue();
  }

  @Test
  void aLoopDeviceOverAFileIsNamedWithItsFileFromTheStack() throws Exception {
    RunContext c =
        RunContext.of(
            run(
                "write",
                "{\"kind\":\"file\",\"device\":{\"name\":\"vda\"},\"stack\":[{\"name\":\"loop1\","
                    + "\"kind\":\"loop\",\"detail\":\"backing file /var/tmp/x.img\"},"
                    + "{\"name\":\"vda\",\"kind\":\"disk\",\"detail\":\"whole device\"}],"
                    + "\"filesystem\":{\"type\":\"ext4\",\"source\":\"/dev/loop1\","
                    + "\"memory\":false}}",
                "{\"size_bytes\":1073741824}",
                COMPLETE));
    assertThat(c.target()).isEqualTo(Target.LOOP_FILE);
    assertThat(c.targetWords())
        .isEqualTo("ext4 on /dev/loop1, a loop device over the file /var/tmp/x.img");
  }

  @Test
  void olderFoldersTellALoopDeviceByItsNameOrItsBackingFile() throws Exception {
    RunContext mounted =
        RunContext.of(
            run(
                "fill",
                "{\"kind\":\"file\",\"device\":{\"name\":\"vda\",\"loop_backing_file\":null},"
                    + "\"filesystem\":{\"type\":\"ext4\",\"source\":\"/dev/loop7\"}}",
                "{}",
                COMPLETE));
    assertThat(mounted.target()).isEqualTo(Target.LOOP_FILE);
    assertThat(mounted.targetWords()).isEqualTo("ext4 on /dev/loop7, a loop device over a file");
    RunContext raw =
        RunContext.of(
            run(
                "write",
                "{\"kind\":\"device\",\"path\":\"/dev/loop3\",\"device\":{\"name\":\"loop3\","
                    + "\"loop_backing_file\":\"/dev/shm/d.img\"}}",
                "{\"size_bytes\":1073741824}",
                COMPLETE));
    assertThat(raw.target()).isEqualTo(Target.LOOP_FILE);
    assertThat(raw.targetWords())
        .isEqualTo("/dev/loop3, a loop device over the file /dev/shm/d.img");
    assertThat(raw.rawDevice()).isTrue();
  }

  @Test
  void aNetworkFileSystemIsCachedByAnotherHostAndADriveIsADrive() throws Exception {
    RunContext nfs =
        RunContext.of(
            run(
                "write",
                "{\"kind\":\"file\",\"device\":null,\"filesystem\":{\"type\":\"nfs4\","
                    + "\"source\":\"srv:/x\",\"memory\":false}}",
                "{\"size_bytes\":1}",
                COMPLETE));
    assertThat(nfs.target()).isEqualTo(Target.HOST_CACHED);
    assertThat(nfs.targetWords()).startsWith("nfs4, ");
    RunContext drive = RunContext.of(run("write", DRIVE, "{\"size_bytes\":1}", COMPLETE));
    assertThat(drive.target()).isEqualTo(Target.DRIVE);
    assertThat(drive.notADrive()).isFalse();
    assertThat(RunContext.NONE.notADrive()).isFalse();
  }

  @Test
  void whatEndedTheRun() throws Exception {
    String floorSize = "{\"size_bytes\":1073741824,\"time_s\":null,\"until\":\"floor\"}";
    RunContext capped =
        RunContext.of(
            run("write", DRIVE, floorSize, COMPLETE.replace("}", ",\"floor_reached\":false}")));
    assertThat(capped.stop()).isEqualTo(Stop.SIZE);
    assertThat(capped.floorMissed()).isTrue();
    assertThat(capped.limitWords()).isEqualTo("the --size of 1.1 GB (1 GiB)");
    RunContext reached =
        RunContext.of(
            run("write", DRIVE, floorSize, COMPLETE.replace("}", ",\"floor_reached\":true}")));
    assertThat(reached.stop()).isEqualTo(Stop.FLOOR);
    assertThat(reached.floorMissed()).isFalse();
    assertThat(RunContext.of(run("write", DRIVE, "{\"until\":\"floor\"}", COMPLETE)).stop())
        .isEqualTo(Stop.SPACE);
    assertThat(
            RunContext.of(run("write", DRIVE, "{\"size_bytes\":1,\"time_s\":5.0}", COMPLETE))
                .stop())
        .isEqualTo(Stop.TIME);
    assertThat(
            RunContext.of(
                    run(
                        "fill",
                        DRIVE,
                        "{\"limit_bytes\":null}",
                        COMPLETE.replace("}", ",\"end\":\"full\"}")))
                .stop())
        .isEqualTo(Stop.FULL);
    assertThat(
            RunContext.of(
                    run(
                        "write",
                        DRIVE,
                        "{\"size_bytes\":1}",
                        "{\"status\":\"failed\",\"error\":\"the file system holding /m is full"
                            + " (No space left on device) after 3 GB\"}"))
                .stop())
        .isEqualTo(Stop.FULL);
    RunContext interrupted =
        RunContext.of(run("write", DRIVE, floorSize, "{\"status\":\"interrupted\"}"));
    assertThat(interrupted.stop()).isEqualTo(Stop.INTERRUPTED);
  }
}
