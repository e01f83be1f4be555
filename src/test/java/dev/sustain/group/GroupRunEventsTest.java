package dev.sustain.group;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.document.RunDocumentCodec;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.testing.EveryEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target's run tells the group every event of {@link RunObserver}, each with the target's name: a
 * real two-target group whose runs tell every event there is (found by reflection, so an event
 * added later is covered too).
 */
class GroupRunEventsTest {

  @TempDir Path dir;

  /** Each target's run: its folder made, then every event told, in a run's order. */
  private static GroupMember member(String name) {
    GroupMember.Run run =
        (folder, observer, stop) -> {
          Files.createDirectories(folder);
          EveryEvent.tellEvery(observer, folder);
          return new MemberResult(folder, RunStatus.COMPLETE, null, 1 << 20, 1);
        };
    return new GroupMember(name, name, () -> {}, run, run);
  }

  private GroupRun.Result run(double soloSeconds, GroupObserver observer) throws Exception {
    GroupParams params =
        new GroupParams("write", dir.resolve("group"), 1_000_000_000L, 0, soloSeconds, Map.of());
    return new GroupRun(
            params,
            List.of(member("a"), member("b")),
            null,
            SoloHistory.NONE,
            observer,
            new AtomicBoolean())
        .run();
  }

  /** The events each target's observer heard, by target. */
  private static final class Heard implements GroupObserver {
    final Map<String, List<String>> events = new ConcurrentHashMap<>();

    @Override
    public RunObserver member(String name) {
      return EveryEvent.logging(events.computeIfAbsent(name, n -> EveryEvent.log()));
    }
  }

  @Test
  void everyEventOfATargetsRunReachesTheGroupsObserverOfThatTarget() throws Exception {
    Heard heard = new Heard();
    GroupRun.Result r = run(0, heard);
    assertThat(r.status()).isEqualTo(RunStatus.COMPLETE);
    assertThat(EveryEvent.names()).contains("note", "phase", "kept", "analysed", "finished");
    assertThat(heard.events.keySet()).containsExactlyInAnyOrder("a", "b");
    for (String name : List.of("a", "b")) {
      assertThat(heard.events.get(name))
          .as("what target %s's run told, as the group's observer of %s heard it", name, name)
          .containsExactlyElementsOf(EveryEvent.names());
    }
  }

  @Test
  void aSoloPassTellsEveryEventToo() throws Exception {
    Heard heard = new Heard();
    run(0.5, heard);
    for (String name : List.of("a", "b")) {
      List<String> twice = new ArrayList<>(EveryEvent.names());
      twice.addAll(EveryEvent.names()); // the solo pass, then the run together
      assertThat(heard.events.get(name)).containsExactlyElementsOf(twice);
    }
  }

  @Test
  void aTargetsRunJsonIsMarkedFromWhatItsRunToldAndToldAgainAsMarked() throws Exception {
    // Each run tells its run.json's text, then its file is spoiled: the group marks the text the
    // run told, not the file, and tells the target's observer the folder as marked.
    String told = "{\"version\":1,\"command\":\"write\",\"run_id\":\"r1\",\"params\":{\"qd\":4}}";
    GroupMember.Run run =
        (folder, observer, stop) -> {
          Files.createDirectories(folder);
          observer.kept(new RunObserver.Kept(folder, told, "{\"shape\":\"flat\"}"));
          Files.writeString(folder.resolve("run.json"), "{not what the run told");
          return new MemberResult(folder, RunStatus.COMPLETE, null, 1 << 20, 1);
        };
    Map<String, List<RunObserver.Kept>> kept = new ConcurrentHashMap<>();
    GroupObserver observer =
        new GroupObserver() {
          @Override
          public RunObserver member(String name) {
            return new RunObserver() {
              @Override
              public void kept(Kept k) {
                kept.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>()).add(k);
              }
            };
          }
        };
    GroupParams params =
        new GroupParams("write", dir.resolve("group"), 1_000_000_000L, 0, 0, Map.of());
    GroupRun.Result r =
        new GroupRun(
                params,
                List.of(
                    new GroupMember("a", "a", () -> {}, run, null),
                    new GroupMember("b", "b", () -> {}, run, null)),
                null,
                SoloHistory.NONE,
                observer,
                new AtomicBoolean())
            .run();
    for (String name : List.of("a", "b")) {
      Path folder = r.folder().resolve(name);
      String marked = Files.readString(folder.resolve("run.json"));
      assertThat(RunDocumentCodec.read(folder).params().group())
          .as("%s's run.json, marked from the text its run told", name)
          .hasValueSatisfying(
              g -> {
                assertThat(g.groupId()).isEqualTo(r.groupId());
                assertThat(g.role()).isEqualTo("member");
              });
      assertThat(kept.get(name)).as("told as the run left it, then as marked").hasSize(2);
      RunObserver.Kept last = kept.get(name).getLast();
      assertThat(last.runJson()).isEqualTo(marked);
      assertThat(last.analysisJson()).isEqualTo("{\"shape\":\"flat\"}");
      assertThat(last.runFolder()).isEqualTo(folder);
    }
  }
}
