package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class NetworkFileSystemsTest {

  private static final String MOUNTS =
      """
      /dev/nvme0n1p2 / ext4 rw,relatime 0 0
      nas:/export/lab /mnt/lab nfs4 rw,relatime 0 0
      /dev/sdb1 /mnt/lab/local\\040disk ext4 rw 0 0
      //nas/share /mnt/share cifs rw 0 0
      tmpfs /tmp tmpfs rw 0 0
      """;

  @Test
  void findsTheMountAFileIsOn() {
    assertThat(NetworkFileSystems.networkType(Path.of("/mnt/lab/history.db"), MOUNTS))
        .isEqualTo("nfs4");
    assertThat(NetworkFileSystems.networkType(Path.of("/mnt/share/x/history.db"), MOUNTS))
        .isEqualTo("cifs");
    // A local disk mounted inside the NFS tree is local: the longest mount point wins.
    assertThat(NetworkFileSystems.networkType(Path.of("/mnt/lab/local disk/h.db"), MOUNTS))
        .isNull();
    assertThat(
            NetworkFileSystems.networkType(
                Path.of("/home/u/.local/share/sustain/history.db"), MOUNTS))
        .isNull();
    // A mount point that is only a string prefix is not a parent.
    assertThat(NetworkFileSystems.networkType(Path.of("/mnt/labx/h.db"), MOUNTS)).isNull();
  }
}
