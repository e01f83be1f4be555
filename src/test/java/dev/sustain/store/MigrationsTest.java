package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * Released migrations never change: Flyway refuses to open a database whose applied script differs
 * from the one shipped, so an edit to V1 would lock every existing history out. Change the schema
 * with a new V2__... script instead, and add its checksum here.
 */
class MigrationsTest {

  @Test
  void releasedMigrationsAreUnchanged() throws Exception {
    assertThat(crc32("/db/migration/V1__runs.sql")).isEqualTo(3_687_833_368L);
    assertThat(crc32("/db/migration/V2__live_samples.sql")).isEqualTo(3_901_675_938L);
    assertThat(crc32("/db/migration/V3__history_grouping.sql")).isEqualTo(4_081_368_587L);
    assertThat(crc32("/db/migration/V4__run_process.sql")).isEqualTo(3_950_902_522L);
  }

  private static long crc32(String resource) throws Exception {
    try (InputStream in = MigrationsTest.class.getResourceAsStream(resource)) {
      assertThat(in).as(resource).isNotNull();
      CRC32 crc = new CRC32();
      crc.update(in.readAllBytes());
      return crc.getValue();
    }
  }
}
