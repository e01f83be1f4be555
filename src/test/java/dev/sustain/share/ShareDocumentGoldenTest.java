package dev.sustain.share;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The document a hub receives stays byte for byte what it was for the run folders in
 * src/test/resources/share: an NVMe drive on PCIe whose analysis.json holds whole numbers, a
 * repeat's second pass on USB with a recovery cause and no analysis.json (analysed when shared),
 * named by its identity key, and a SATA drive with a blank firmware and figures that are no
 * numbers. The hub stores the bytes it is sent and hashes them into its receipts, so a change of a
 * number's form (120 to 120.0) is a change of the format. Only {@code sustain_version} is left out,
 * as it moves with every release.
 */
class ShareDocumentGoldenTest {

  private static final Path FOLDERS = Path.of("src/test/resources/share");

  /** A fixed challenge, so the two hashes are part of what is compared. */
  private static final String SALT = "golden-salt";

  private static String bytes(ObjectNode doc) {
    doc.put("sustain_version", "(version)");
    return doc.toString();
  }

  @ParameterizedTest
  @ValueSource(strings = {"nvme", "repeat/pass-2", "sata"})
  void theDocumentSentIsTheOneItWas(String folder) throws Exception {
    Path expected = FOLDERS.resolve(folder).resolve("share.json");
    assertThat(bytes(ShareDocument.build(FOLDERS.resolve(folder), SALT)))
        .isEqualTo(Files.readString(expected, StandardCharsets.UTF_8).strip());
  }

  @Test
  void aDryRunsDocumentDiffersOnlyInItsTwoHashes() throws Exception {
    Path expected = FOLDERS.resolve("nvme").resolve("share-dry-run.json");
    assertThat(bytes(ShareDocument.build(FOLDERS.resolve("nvme"), null)))
        .isEqualTo(Files.readString(expected, StandardCharsets.UTF_8).strip());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "stopped|is not a complete run (status stopped): only complete runs are shared",
        "memory|measured memory, not a drive: not shared",
        "no-model|names no drive model (a file system over no known drive): nothing to share",
        "no-serial|has no serial to tell this drive from others of its model: not shared",
        "absent|is not a run folder (no run.json)"
      })
  void aRunThatCannotBeSharedIsRefusedInOneLine(String folder, String words) {
    Path f = FOLDERS.resolve(folder);
    assertThatThrownBy(() -> ShareDocument.build(f, SALT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(f + " " + words);
  }
}
