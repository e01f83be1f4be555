package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.group.GroupMember;
import dev.sustain.group.GroupObserver;
import dev.sustain.group.GroupParams;
import dev.sustain.group.GroupRun;
import dev.sustain.group.MemberResult;
import dev.sustain.group.SoloHistory;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.run.WriteRun;
import dev.sustain.testing.TestWriteParams;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A group that has just run takes what each target's run told (run.json as marked, analysis.json,
 * the rows its end read), not the targets' folders: here each target's samples.csv is deleted once
 * its run has ended, and the group still analyses every target's own curve, the solo rate's lookup
 * is given each target's texts, and {@code --json}'s document holds group.json as written.
 */
class GroupFromWhatItsTargetsToldTest {

  @TempDir Path dir;

  /**
   * A write by threads of 4 MiB into dir/NAME, a row each 100 ms, into the group's folder; its solo
   * pass rewrites the 4 MiB for half a second, for the intervals a solo rate needs.
   */
  private GroupMember member(String name) throws IOException {
    Path target = Files.createDirectories(dir.resolve(name));
    return new GroupMember(
        name,
        target.toString(),
        () -> {},
        write(target, null),
        write(target, Duration.ofMillis(500)));
  }

  /**
   * A group of targets a and b writing into dir/group, {@code soloSeconds} of solo pass each first
   * (0 for none), their solo rates looked up in {@code history}, each member's samples.csv deleted
   * at its end: both tests' group, so that what they read can only be what the runs told.
   */
  private GroupRun.Result runAB(double soloSeconds, SoloHistory history) throws Exception {
    List<GroupMember> ab = List.of(member("a"), member("b"));
    GroupParams params =
        new GroupParams("write", dir.resolve("group"), 100_000_000L, 0, soloSeconds, Map.of());
    return new GroupRun(
            params, ab, null, history, new DeleteTheSamplesAtTheEnd(), new AtomicBoolean())
        .run();
  }

  private static GroupMember.Run write(Path target, Duration time) {
    return (folder, observer, stop) ->
        MemberResult.of(
            new WriteRun(
                    TestWriteParams.of(
                        target.toString(),
                        4 << 20,
                        folder,
                        f -> {
                          f.engine = "threads";
                          f.intervalNanos = 100_000_000L;
                          f.duration = time;
                        }),
                    observer,
                    stop,
                    AnalysisWords.FORMS)
                .run());
  }

  /** Deletes a target's samples.csv once its run has ended. */
  private static final class DeleteTheSamplesAtTheEnd implements GroupObserver {
    @Override
    public RunObserver member(String name) {
      return new RunObserver() {
        private Path folder;

        @Override
        public void started(RunInfo info) {
          folder = info.runFolder();
        }

        @Override
        public void finished(Ended ended) {
          try {
            Files.delete(folder.resolve(RunFolder.SAMPLES_CSV));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      };
    }
  }

  @Test
  void theGroupIsAnalysedAndLookedUpFromWhatItsTargetsTold() throws Exception {
    Map<String, Optional<RunObserver.Kept>> looked = new ConcurrentHashMap<>();
    SoloHistory history =
        (folder, told) -> {
          looked.put(folder.getFileName().toString(), Optional.ofNullable(told));
          return null;
        };
    GroupRun.Result r = runAB(0, history);

    assertThat(r.status()).isEqualTo(RunStatus.COMPLETE);
    assertThat(r.folder().resolve("a").resolve(RunFolder.SAMPLES_CSV)).doesNotExist();
    assertThat(r.report()).isNotNull();
    assertThat(r.report().notes()).noneMatch(n -> n.contains("no curve of its own"));
    assertThat(r.report().members()).hasSize(2).doesNotContainNull();
    JsonNode analysis = RunFolder.JSON.readTree(r.folder().resolve("analysis.json").toFile());
    for (JsonNode t : analysis.get("targets")) {
      assertThat(t.path("analysis").path("shape").isTextual()).as(t.toString()).isTrue();
    }
    for (String name : List.of("a", "b")) {
      RunObserver.Kept told = looked.get(name).orElse(null);
      assertThat(told).as("%s's texts given to the solo rate's lookup", name).isNotNull();
      assertThat(told.runJson()).contains("\"member\"");
      assertThat(told.analysisJson()).contains("\"shape\"");
    }

    // write A B --json: group.json as the group wrote it, the file gone.
    String groupJson = Files.readString(r.folder().resolve("group.json"));
    Files.delete(r.folder().resolve("group.json"));
    JsonNode doc = GroupLaunch.jsonOf(r, List.of("a", "b"));
    assertThat(doc.get("group")).isEqualTo(RunFolder.JSON.readTree(groupJson));
  }

  @Test
  void aSoloPassesRateIsTakenFromWhatItsRunTold() throws Exception {
    // --solo-first: each target's solo pass, its samples.csv deleted at its end, still gives the
    // target's rate alone from the rows its run kept.
    GroupRun.Result r = runAB(0.5, SoloHistory.NONE);

    assertThat(r.folder().resolve("solo/a").resolve(RunFolder.RUN_JSON)).isRegularFile();
    assertThat(r.folder().resolve("solo/a").resolve(RunFolder.SAMPLES_CSV)).doesNotExist();
    JsonNode group = RunFolder.JSON.readTree(r.groupJson());
    for (JsonNode t : group.get("targets")) {
      assertThat(t.path("solo_source").asText()).as(t.toString()).isEqualTo("solo-first");
      assertThat(t.path("solo_MBps").asDouble()).as(t.toString()).isPositive();
    }
  }
}
