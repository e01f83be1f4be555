package dev.sustain;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static dev.sustain.testing.MainClasses.MAIN;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The steps docs/ARCHITECTURE.md walks through ("the one lifecycle", "where to add"): who calls
 * whom, which runs go through which pieces and which do not. Each line of {@link #CALLS} is a
 * sentence of that page; a rename or a step that moved fails here, naming the line.
 */
class ArchitectureLifecycleTest {

  /**
   * "caller -> Target.member": the caller (a class below dev.sustain, with its nested classes and
   * lambdas) calls that method, reads that field or, for {@code new}, calls that constructor.
   */
  static final List<String> CALLS =
      List.of(
          // 1. WriteCommand parses and calls WriteRun.run, giving it the forms of its analysis.
          "cli.WriteCommand -> run.WriteRun.run",
          "cli.WriteCommand -> cli.AnalysisWords.FORMS",
          "run.WriteRun -> run.RunLifecycle.new",
          // The lifecycle makes the run folder and takes the mark beside the test files.
          "run.WriteRun -> run.RunLifecycle.newFolder",
          "run.WriteRun -> run.RunLifecycle.mark",
          "run.RunLifecycle -> run.RunFolder.create",
          "run.RunLifecycle -> target.RunMark.take",
          // 2. The target, the engine, the sensors and run.json's header.
          "run.WriteRun -> engine.Engines.create",
          "run.WriteRun -> run.RunJson.start",
          "run.RunJson -> run.RunHeader.begin",
          "run.RunJson -> run.RunHeader.running",
          "run.WriteRun -> run.RunLifecycle.describe",
          // 3. Buffers registered and the loop rehearsed before the clock.
          "run.Runner -> engine.IoEngine.rehearse",
          // 4. samples.csv and the sampler's clock.
          "run.SamplingSession -> sampling.SamplesCsv.new",
          // 5. The runner drives the loop.
          "run.Runner -> run.IoLoop.new",
          // 6. The last row whatever happened, the result into run.json.
          "run.RunLifecycle -> run.SamplingSession.finish",
          "run.RunLifecycle -> run.RunEnd.write",
          "run.WriteRun -> run.RunJson.finish",
          // 7. The finished folder read back and analysed, the end to the observer, the history.
          "run.RunLifecycle -> run.RunAnalysis.write",
          "run.RunAnalysis -> input.CurveReader.readRunFolder",
          "run.RunAnalysis -> analysis.Analyzer.analyze",
          "input.CurveReader -> sampling.SamplesCsv$Reader.of",
          "run.RunLifecycle -> run.RunObserver.kept",
          "run.RunLifecycle -> run.RunObserver.finished",
          "cli.DbOption -> store.RunHistory.recordRun",
          "store.RunHistory -> store.RunStore.recordEnd",
          "store.SampleStore -> sampling.SamplesCsv$Reader.of",
          "cli.DbOption -> store.RunHistory.recordRunFolder",
          "cli.BaseCommand -> cli.ExitCodes.of",
          // The other runs take the same steps with the same classes.
          "workload.FillRun -> run.RunLifecycle.new",
          "workload.FillRun -> run.SamplingSession.startOnDrive",
          "workload.FillRun -> run.RunLifecycle.newFolder",
          "workload.FillRun -> run.RunLifecycle.mark",
          "workload.CopyRun -> run.RunLifecycle.newFolder",
          "workload.WriteRepeat -> run.RunLifecycle.newFolder",
          "verify.ReadBackRun -> run.RunLifecycle.newFolder",
          "sweep.SweepRun -> run.RunLifecycle.newFolder",
          "sweep.SweepRun -> run.RunLifecycle.mark",
          "group.GroupRun -> run.RunLifecycle.newFolder",
          "workload.CopyRun -> run.SamplingSession.startOnDrive",
          "workload.CopyWork -> workload.TreeCopier.new",
          "verify.ReadBackRun -> run.SamplingSession.open",
          "sweep.SweepWork -> run.Runner.new",
          "sweep.SweepWork -> verify.ReadBack.new",
          // Where to add: an engine is named in Engines.create.
          "engine.Engines -> engine.IoUringEngine.new",
          "engine.Engines -> engine.ThreadsEngine.new",
          "engine.Engines -> engine.NullEngine.new");

  @Test
  void eachStepOfTheLifecycleIsACallTheCodeMakes() {
    List<String> missing = new ArrayList<>();
    for (String line : CALLS) {
      if (!calls(line)) {
        missing.add(line);
      }
    }
    assertThat(missing)
        .as("steps docs/ARCHITECTURE.md names that the code does not take")
        .isEmpty();
  }

  @Test
  void theCheckSeesACallThatIsNotMade() {
    assertThat(calls("run.WriteRun -> run.RunLifecycle.new")).isTrue();
    assertThat(calls("analysis.Analyzer -> run.WriteRun.run")).isFalse();
    assertThat(calls("run.WriteRun -> run.RunLifecycle.noSuchStep")).isFalse();
  }

  @Test
  void onlyTheLifecycleMakesARunFolderOrTakesAMark() {
    // A command that made its folder or took its mark itself again would skip the lifecycle's
    // refusal of a folder that is not empty, or leave a test file without the mark that says it
    // is live.
    noClasses()
        .that()
        .doNotHaveFullyQualifiedName("dev.sustain.run.RunLifecycle")
        .and()
        .doNotHaveFullyQualifiedName("dev.sustain.run.RunFolder")
        .should()
        .callMethod(
            "dev.sustain.run.RunFolder",
            "create",
            "java.nio.file.Path",
            "java.lang.String",
            "java.lang.String")
        .orShould()
        .callMethod(
            "dev.sustain.target.RunMark",
            "take",
            "java.nio.file.Path",
            "java.lang.String",
            "java.nio.file.Path")
        .check(MAIN);
  }

  @Test
  void writeAndFillGiveTheLifecycleTheirWork() {
    JavaClass work = MAIN.get("dev.sustain.run.RunLifecycle$Work");
    assertThat(MAIN.get("dev.sustain.run.WriteWork").isAssignableTo(work.getName())).isTrue();
    assertThat(MAIN.get("dev.sustain.workload.FillWork").isAssignableTo(work.getName())).isTrue();
  }

  @Test
  void theRunnerAndReadBackAreTheLoopsSourceAndHandler() {
    for (String owner : List.of("dev.sustain.run.Runner", "dev.sustain.verify.ReadBack")) {
      for (String role : List.of("Source", "Handler")) {
        assertThat(
                MAIN.stream()
                    .filter(c -> c.getName().startsWith(owner + "$"))
                    .anyMatch(c -> c.isAssignableTo("dev.sustain.run.IoLoop$" + role)))
            .as("%s holds the loop's %s", owner, role)
            .isTrue();
      }
    }
  }

  @Test
  void copyHasNoIoLoopAndSweepNoSamples() {
    // copy copies as a user's copy does, through file channels; a sweep point is a figure, not a
    // curve, so a sweep writes no samples.csv.
    noClasses()
        .that()
        .haveNameMatching("dev\\.sustain\\.workload\\.(CopyRun|CopyWork|TreeCopier)(\\$.*)?")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("dev.sustain.run.IoLoop")
        .check(MAIN);
    // SweepWork is a RunLifecycle.Work, whose drive(...) is handed a session it never opens:
    // RunLifecycle.unsampled gives it none.
    noClasses()
        .that()
        .resideInAPackage("dev.sustain.sweep..")
        .should()
        .callMethodWhere(
            DescribedPredicate.describe(
                "a SamplingSession is opened or samples.csv touched",
                call ->
                    call.getTargetOwner().getFullName().equals("dev.sustain.sampling.SamplesCsv")
                        || call.getTargetOwner()
                            .getFullName()
                            .startsWith("dev.sustain.sampling.SamplesCsv$")
                        || (call.getTargetOwner()
                                .getFullName()
                                .equals("dev.sustain.run.SamplingSession")
                            && call.getName().equals("open"))))
        .orShould()
        .callConstructorWhere(
            DescribedPredicate.describe(
                "a SamplingSession or a samples.csv writer is made",
                call ->
                    call.getTargetOwner()
                            .getFullName()
                            .startsWith("dev.sustain.sampling.SamplesCsv")
                        || call.getTargetOwner()
                            .getFullName()
                            .equals("dev.sustain.run.SamplingSession")))
        .check(MAIN);
  }

  @Test
  void aGroupIsGivenItsRunsByTheCommand() {
    // GroupRun runs one GroupMember.Run per target; which run (write's or fill's) is the command's.
    noClasses()
        .that()
        .resideInAPackage("dev.sustain.group..")
        .should()
        .dependOnClassesThat()
        .haveNameMatching("dev\\.sustain\\.(run\\.WriteRun|workload\\..*)(\\$.*)?")
        .check(MAIN);
    assertThat(calls("group.GroupRun -> group.GroupMember$Run.run")).isTrue();
  }

  @Test
  void everyCommandIsRegisteredInSustainCommand() throws ReflectiveOperationException {
    java.lang.reflect.Field field =
        Class.forName("dev.sustain.cli.SustainCommand").getDeclaredField("SUBCOMMANDS");
    field.setAccessible(true);
    List<?> registered = (List<?>) field.get(null);
    List<String> commands =
        MAIN.stream()
            .filter(c -> c.getPackageName().equals("dev.sustain.cli"))
            .filter(c -> c.isAnnotatedWith(picocli.CommandLine.Command.class))
            .filter(
                c ->
                    !c.getModifiers()
                        .contains(com.tngtech.archunit.core.domain.JavaModifier.ABSTRACT))
            .map(JavaClass::getName)
            .filter(name -> !name.equals("dev.sustain.cli.SustainCommand"))
            .toList();
    assertThat(commands).hasSizeGreaterThan(10);
    assertThat(registered.stream().map(c -> ((Class<?>) c).getName()).toList())
        .containsAll(commands);
  }

  @Test
  void everyEngineIsInTheEnginePackageAndNamedInEnginesCreate() {
    Set<String> engines = new TreeSet<>();
    for (JavaClass c : MAIN) {
      if (!c.isInterface()
          && c.isAssignableTo("dev.sustain.engine.IoEngine")
          && !c.getName().equals("dev.sustain.engine.IoEngine")) {
        engines.add(c.getName());
      }
    }
    assertThat(engines).isNotEmpty().allMatch(e -> e.startsWith("dev.sustain.engine."));
    for (String engine : engines) {
      assertThat(calls("engine.Engines -> " + engine.substring("dev.sustain.".length()) + ".new"))
          .as("%s is named in Engines.create", engine)
          .isTrue();
    }
  }

  @Test
  void theEngineKnowsNothingOfTheLoopOrTheRun() {
    // An engine submits, commits and reaps; the depth, the time and the sampling are the loop's.
    // (com.sun.nio.file is the JDK's O_DIRECT open option.)
    com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes()
        .that()
        .resideInAPackage("dev.sustain.engine..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "java..", "com.sun.nio.file..", "dev.sustain.engine..", "dev.sustain.unit..")
        .check(MAIN);
  }

  /** Whether the line's caller (or a class nested in it) calls its target. */
  static boolean calls(String line) {
    String[] sides = line.split(" -> ");
    String caller = "dev.sustain." + sides[0];
    String target = "dev.sustain." + sides[1];
    String owner = target.substring(0, target.lastIndexOf('.'));
    String method = target.substring(target.lastIndexOf('.') + 1);
    String name = method.equals("new") ? "<init>" : method;
    return MAIN.stream()
        .filter(c -> c.getName().equals(caller) || c.getName().startsWith(caller + "$"))
        .flatMap(c -> Stream.concat(c.getCodeUnitCallsFromSelf().stream(), fields(c)))
        .anyMatch(
            call ->
                call.getTargetOwner().isAssignableTo(owner)
                    && call.getTarget().getName().equals(name));
  }

  private static Stream<? extends JavaAccess<?>> fields(JavaClass c) {
    return c.getFieldAccessesFromSelf().stream();
  }
}
