package dev.sustain.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.cli.Cli;
import dev.sustain.pattern.BlockFormat;
import dev.sustain.pattern.BlockVerdict;
import dev.sustain.pattern.Patterns;
import dev.sustain.pattern.VerifiablePattern;
import dev.sustain.run.RunFolder;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files kept by earlier versions (block format 1, content copied from a pool per request) stay
 * readable: the resources are 64 KiB written by the format-1 writer (commit 84b8223) for the run id
 * of "20261130-101500-abcd", random and compress:50.
 */
class OldBlockFormatTest {

  private static final int BLOCK = BlockFormat.BLOCK_BYTES;
  private static final long RUN_ID = Patterns.idFor("20261130-101500-abcd");

  @TempDir Path dir;

  private static byte[] resource(String name) throws IOException {
    try (InputStream in = OldBlockFormatTest.class.getResourceAsStream("/verify/" + name)) {
      return in.readAllBytes();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"v1-random-64KiB.dat", "v1-compress-50-64KiB.dat"})
  void everyFormat1BlockChecksAndDamageIsToldApart(String name) throws IOException {
    byte[] bytes = resource(name);
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment data = arena.allocate(bytes.length, BLOCK);
      MemorySegment.copy(bytes, 0, data, ValueLayout.JAVA_BYTE, 0, bytes.length);
      BlockFormat.Header h = BlockFormat.readHeader(data, 0);
      assertThat(h.version()).isEqualTo(1);
      assertThat(h.runId()).isEqualTo(RUN_ID);
      VerifiablePattern checker = VerifiablePattern.forHeader(h);
      assertThat(checker.compressPercent()).isEqualTo(name.contains("compress") ? 50 : 0);
      for (long at = 0; at < bytes.length; at += BLOCK) {
        assertThat(checker.check(at, data, at)).as("%s at %d", name, at).isEqualTo(BlockVerdict.OK);
      }
      // a block read back from the wrong place, and a flipped bit in another
      MemorySegment.copy(data, 5 * BLOCK, data, 2 * BLOCK, BLOCK);
      assertThat(checker.check(2 * BLOCK, data, 2 * BLOCK))
          .isEqualTo(BlockVerdict.misplaced(5 * BLOCK));
      data.set(
          ValueLayout.JAVA_BYTE,
          7 * BLOCK + 100,
          (byte) ~data.get(ValueLayout.JAVA_BYTE, 7 * BLOCK + 100));
      assertThat(checker.check(7 * BLOCK, data, 7 * BLOCK)).isEqualTo(BlockVerdict.CORRUPTED);
      // The checker a run folder of that run gives (its pattern and id) reads it too.
      assertThat(Patterns.parse(checker.name()).checker(RUN_ID).check(0, data, 0))
          .isEqualTo(BlockVerdict.OK);
    }
  }

  @Test
  void verifyReadsAKeptFormat1FileAndNamesItsDamage() throws IOException {
    Path file = dir.resolve("old.dat");
    Files.write(file, resource("v1-random-64KiB.dat"));
    Cli.Result good =
        Cli.run("verify", file.toString(), "--json", "--out", dir.resolve("a").toString());
    assertThat(good.exitCode()).as(good.err()).isZero();
    assertThat(RunFolder.JSON.readTree(good.out()).get("verdict").asText()).isEqualTo("good");

    DamageForTests.zero(file, 3 * BLOCK, BLOCK);
    Cli.Result bad =
        Cli.run("verify", file.toString(), "--json", "--out", dir.resolve("b").toString());
    assertThat(bad.exitCode()).as(bad.err()).isEqualTo(3);
    JsonNode extent = RunFolder.JSON.readTree(bad.out()).get("bad").get(0);
    assertThat(extent.get("offset").asLong()).isEqualTo(3 * BLOCK);
    assertThat(extent.get("length").asLong()).isEqualTo(BLOCK);
    assertThat(extent.get("kind").asText()).isEqualTo("blank");
  }
}
