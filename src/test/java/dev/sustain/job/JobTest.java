package dev.sustain.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.document.RunDocumentCodec;
import org.junit.jupiter.api.Test;

class JobTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode run(String params, String kind) throws Exception {
    return JSON.readTree(
        "{\"command\":\"write\",\"target\":{\"kind\":\"" + kind + "\"},\"params\":" + params + "}");
  }

  private static final String BIG =
      "{\"bs_bytes\":1048576,\"qd\":32,\"direct\":true,\"buffered\":false,"
          + "\"engine\":\"uring\",\"pattern\":\"random\"}";

  @Test
  void readsEveryFieldOfTheJob() throws Exception {
    Job job = Job.of(run(BIG, "file"));
    assertThat(job.key()).isEqualTo("write|1048576|32|direct|random|uring|file");
    assertThat(job.label()).isEqualTo("write 1 MiB QD32 direct random (uring, file)");
  }

  @Test
  void aSmallShallowRunIsAnotherJobAndSaysHow() throws Exception {
    Job big = Job.of(run(BIG, "file"));
    Job small =
        Job.of(
            run(
                "{\"bs_bytes\":65536,\"qd\":1,\"buffered\":true,\"engine\":\"uring\","
                    + "\"pattern\":\"random\"}",
                "file"));
    assertThat(big.sameAs(small)).isFalse();
    assertThat(big.differences(small))
        .containsExactly(
            "request size 1 MiB vs 64 KiB", "depth QD32 vs QD1", "I/O direct vs buffered");
  }

  @Test
  void theSameJobHasNoDifferenceAndTheSameKey() throws Exception {
    Job a = Job.of(run(BIG, "device"));
    Job b = Job.of(run(BIG.replace("\"direct\":true,", ""), "device"));
    assertThat(a.differences(b)).isEmpty();
    assertThat(a.key()).isEqualTo(b.key());
  }

  @Test
  void anUnknownFieldIsNeverEqualToAKnownOne() throws Exception {
    Job known = Job.of(run(BIG, "file"));
    Job old =
        Job.of(
            run("{\"bs_bytes\":1048576,\"qd\":32,\"direct\":true,\"pattern\":\"random\"}", "file"));
    assertThat(known.differences(old)).containsExactly("engine uring vs unknown");
    assertThat(old.key()).isEqualTo("write|1048576|32|direct|random|-|file");
  }

  @Test
  void theDecodedDocumentGivesTheSameJobAsItsTree() throws Exception {
    for (String params :
        new String[] {
          BIG, BIG.replace("\"buffered\":false,", ""), "{\"bs_bytes\":4096,\"buffered\":true}", "{}"
        }) {
      JsonNode tree = run(params, "device");
      assertThat(Job.of(RunDocumentCodec.decode(tree, "run.json")).key())
          .as(params)
          .isEqualTo(Job.of(tree).key());
    }
  }

  @Test
  void oddSizesAreWrittenInBytes() {
    assertThat(Job.binaryBytes(1536)).isEqualTo("1536 B");
    assertThat(Job.binaryBytes(128 * 1024)).isEqualTo("128 KiB");
  }
}
