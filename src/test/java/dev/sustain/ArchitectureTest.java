package dev.sustain;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static dev.sustain.testing.MainClasses.MAIN;

import com.fasterxml.jackson.databind.JsonNode;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunById;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The architecture follows the data; these rules keep it so. */
class ArchitectureTest {

  /**
   * The classes directly in {@code pkg} ({@code what} they are) but those {@code allowed} names.
   */
  private static DescribedPredicate<JavaClass> inPackageBut(
      String pkg, String what, Predicate<String> allowed) {
    return DescribedPredicate.describe(
        what, c -> c.getPackageName().equals(pkg) && !allowed.test(c.getName()));
  }

  @Test
  void analysisIsPureAndMeasuresNothing() {
    classes()
        .that()
        .resideInAPackage("dev.sustain.analysis..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "java.lang..",
            "java.util..",
            "java.math..",
            "java.time..",
            "dev.sustain.analysis..",
            "dev.sustain.unit..")
        .allowEmptyShould(true)
        .check(MAIN);
  }

  @Test
  void analysisReadsNoClockAndNoFiles() {
    noClasses()
        .that()
        .resideInAPackage("dev.sustain.analysis..")
        .should()
        .callMethod(System.class, "nanoTime")
        .orShould()
        .callMethod(System.class, "currentTimeMillis")
        .allowEmptyShould(true)
        .check(MAIN);
  }

  /**
   * Report and store read results, never the engine or the sampler; samples.csv's format (its
   * reader, {@code SamplesCsv}) is a result, which the store reads a finished run's rows through.
   */
  @Test
  void reportAndStoreOnlyReadResults() {
    noClasses()
        .that()
        .resideInAnyPackage("dev.sustain.report..", "dev.sustain.store..")
        .should()
        .dependOnClassesThat(
            JavaClass.Predicates.resideInAnyPackage(
                    "dev.sustain.engine..", "dev.sustain.sampling..")
                .and(
                    DescribedPredicate.not(
                        JavaClass.Predicates.simpleNameStartingWith("SamplesCsv")
                            .or(
                                JavaClass.Predicates.belongTo(
                                    JavaClass.Predicates.simpleNameStartingWith("SamplesCsv"))))))
        .allowEmptyShould(true)
        .check(MAIN);
  }

  @Test
  void domainPackagesDoNotDependOnTheCommandLine() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.sustain.cli..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.sustain.cli..")
        .check(MAIN);
  }

  @Test
  void theCommandLineReachesTheAnalysisOnlyThroughItsResults() {
    // cli parses, delegates and maps errors: it may hold an analysis's result (Analysis, the
    // Media it was read as) but never runs a detector or builds a series itself (RunAnalysis does).
    noClasses()
        .that()
        .resideInAPackage("dev.sustain.cli..")
        .should()
        .dependOnClassesThat(
            inPackageBut(
                "dev.sustain.analysis",
                "analysis internals",
                name ->
                    name.startsWith("dev.sustain.analysis.Analysis")
                        || name.startsWith("dev.sustain.analysis.Media")))
        .check(MAIN);
  }

  @Test
  void theRunFolderDocumentsSitBelowEveryReaderAndWriter() {
    // run.json's records and codec depend on nothing of the program but units, so every package
    // that reads or writes a run folder can use them (docs/ARCHITECTURE.md, "document").
    classes()
        .that()
        .resideInAPackage("dev.sustain.document..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "java..", "com.fasterxml.jackson..", "dev.sustain.document..", "dev.sustain.unit..")
        .check(MAIN);
  }

  @Test
  void runJsonIsWrittenThroughTheRunsHeaderOnly() {
    // The writer of run.json's keys is reached from the run package (RunHeader, RunJson), which
    // turns a run's parts into its records; no reader, report or store writes run.json.
    noClasses()
        .that()
        .resideOutsideOfPackages("dev.sustain.document..", "dev.sustain.run..")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("dev.sustain.document.RunJsonWriter")
        .check(MAIN);
  }

  @Test
  void theCommandLineDeletesNothing() {
    // cli parses, delegates, prints and maps errors: clean's removals are workload.CleanRun's.
    noClasses()
        .that()
        .resideInAPackage("dev.sustain.cli..")
        .should()
        .callMethod(java.nio.file.Files.class, "delete", java.nio.file.Path.class)
        .orShould()
        .callMethod(java.nio.file.Files.class, "deleteIfExists", java.nio.file.Path.class)
        .check(MAIN);
  }

  @Test
  void theCommandLineLeavesFindingARunByIdToTheStore() {
    // clean RUN: which of a path, the history and the runs folder names the run is decided by
    // store.RunById.folderOf; cli parses, delegates and maps its NotFound to a usage error.
    noClasses()
        .that()
        .resideInAPackage("dev.sustain.cli..")
        .should()
        .callMethod(RunById.class, "inHistory", String.class, DbLocation.class)
        .orShould()
        .callMethod(RunById.class, "underRunsFolder", String.class, java.nio.file.Path.class)
        .orShould()
        .callMethod(RunById.class, "looksLikeId", String.class)
        .check(MAIN);
  }

  @Test
  void theRunNeverReachesTheReports() {
    // Data flows down: a run measures, analyses and leaves its folder; the words and JSON of its
    // analysis are the report's, given to it by the command that starts it (AnalysisForms).
    noClasses()
        .that()
        .resideInAPackage("dev.sustain.run..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.sustain.report..")
        .check(MAIN);
  }

  @Test
  void theStoreReachesTheRunOnlyForItsProcessAndItsStatus() {
    // The store records what a run gives it and never edits a run folder (issue 28: the idle
    // before a run is asked by the run at its start and written by it); it reaches up into run
    // only for RunProcess (is a run's process still there) and RunStatus (the words of a status).
    noClasses()
        .that()
        .resideInAPackage("dev.sustain.store..")
        .should()
        .dependOnClassesThat(
            inPackageBut(
                "dev.sustain.run",
                "run classes other than RunProcess and RunStatus",
                name -> name.matches("dev\\.sustain\\.run\\.(RunProcess|RunStatus)(\\$.*)?")))
        .check(MAIN);
  }

  @Test
  void theStoreNeverEditsARunFolder() {
    // The history records what a run gives it and writes only its own database: no file is
    // written, moved or removed by the store (IdleBefore once edited run.json after the analysis),
    // and none of the run folder's writers is reached. StoreMigrations' lock file sits beside the
    // history file, not in a run folder.
    DescribedPredicate<JavaClass> store =
        inPackageBut(
            "dev.sustain.store",
            "the store's classes",
            name -> name.startsWith("dev.sustain.store.StoreMigrations"));
    Class<java.nio.file.Files> files = java.nio.file.Files.class;
    noClasses()
        .that(store)
        .should()
        .callMethodWhere(
            DescribedPredicate.describe(
                "a write, move or removal of a file",
                call ->
                    call.getTargetOwner().isEquivalentTo(files)
                        && call.getName()
                            .matches(
                                "write|writeString|newOutputStream|newBufferedWriter|move|copy"
                                    + "|delete|deleteIfExists|createFile")))
        .orShould()
        .callConstructor(java.io.FileOutputStream.class, java.io.File.class)
        .orShould()
        .callConstructor(java.io.FileOutputStream.class, String.class)
        .orShould()
        .callConstructor(java.io.FileWriter.class, java.io.File.class)
        .orShould()
        .dependOnClassesThat()
        .haveNameMatching(
            "dev\\.sustain\\.(document\\..*Writer|run\\.RunFolder|run\\.RunJson)(\\$.*)?")
        .check(MAIN);
  }

  @Test
  void theCommandLinePrintsInTheRootLocale() {
    // Lines' templates and every String.format in cli name Locale.ROOT: a decimal comma from the
    // user's locale would change what scripts read.
    noClasses()
        .that()
        .resideInAPackage("dev.sustain.cli..")
        .should()
        .callMethod(String.class, "format", String.class, Object[].class)
        .orShould()
        .callMethod(String.class, "formatted", Object[].class)
        .check(MAIN);
  }

  @Test
  void theDashboardOpensTheHistoryReadOnly() {
    // serve reads the history through ReadOnlyHistory only: nothing created, migrated or recorded.
    noClasses()
        .that()
        .resideInAPackage("dev.sustain.serve..")
        .should()
        .dependOnClassesThat()
        .haveNameMatching(
            "dev\\.sustain\\.store\\.(RunStore|RunHistory|StoreMigrations|RunImporter)(\\$.*)?")
        .orShould()
        .dependOnClassesThat()
        .resideInAPackage("org.flywaydb..")
        .orShould()
        .callMethodWhere(
            DescribedPredicate.describe(
                "a JdbiStores opening",
                call ->
                    call.getTargetOwner().getName().equals("dev.sustain.store.JdbiStores")
                        && !call.getTarget().getName().equals("close")))
        .check(MAIN);
  }

  @Test
  void aRunsStandingIsReadFromTheLocalCopyOnly() {
    // HubStanding answers from the models file HubModels keeps, never from the network.
    noClasses()
        .that()
        .haveNameMatching("dev\\.sustain\\.share\\.HubStanding(\\$.*)?")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("java.net..")
        .orShould()
        .dependOnClassesThat()
        .haveNameMatching("dev\\.sustain\\.share\\.HubClient(\\$.*)?")
        .check(MAIN);
  }

  /**
   * JsonNode's reads of a key or an element: what reading a document's fields through a tree is.
   */
  private static final Set<String> TREE_READS =
      Set.of("path", "get", "has", "hasNonNull", "at", "findValue", "findPath", "required");

  /**
   * The classes outside document/, hub/, device/ and input/ that read a JSON tree, each with why:
   * none of them reads a run folder's document (issue 28), and the list only shrinks.
   */
  private static final Set<String> TREE_READERS =
      Set.of(
          // The hub's API answers (its models, its share receipts), not a run folder's.
          "dev.sustain.share.HubClient",
          "dev.sustain.share.HubModels",
          "dev.sustain.cli.ModelsCommand",
          "dev.sustain.cli.ModelsText",
          "dev.sustain.cli.ShareCommand",
          "dev.sustain.cli.ShareText",
          // Copy fields between trees built in memory: the repeat's findings into each pass's
          // --json document, each target's headline into the group's analysis.json.
          "dev.sustain.cli.WriteCommand",
          "dev.sustain.report.GroupReport",
          // Prints the one document of the array it built, unwrapped.
          "dev.sustain.cli.AnalyzeCommand",
          // A samples.csv row it made into an object (RunData.row) for the live feed.
          "dev.sustain.serve.LiveFeeds");

  @Test
  void noRunFolderDocumentIsReadOutsideItsCodec() {
    // run.json, analysis.json, group.json and passes.json are read by their codecs in document/
    // into records, so a field that goes missing fails a test that asserts on the record instead
    // of reading as a Jackson default. hub/, device/ and input/ read other formats (the hub's
    // stored shares, smartctl's JSON, fio's and other tools' logs) and may read trees. The keys a
    // call names are constants ArchUnit cannot see: RunJsonKeysTest reads the sources for them.
    noClasses()
        .that()
        .resideOutsideOfPackages(
            "dev.sustain.document..",
            "dev.sustain.hub..",
            "dev.sustain.device..",
            "dev.sustain.input..")
        .and(
            DescribedPredicate.describe(
                "are not listed readers of another format",
                c -> !TREE_READERS.contains(c.getName().replaceAll("\\$.*", ""))))
        .should()
        .callMethodWhere(
            DescribedPredicate.describe(
                "a JsonNode read by key or index",
                call ->
                    call.getTargetOwner().isAssignableTo(JsonNode.class)
                        && TREE_READS.contains(call.getTarget().getName())))
        .check(MAIN);
  }

  @Test
  void unitsDependOnNothingOfTheProgram() {
    classes()
        .that()
        .resideInAPackage("dev.sustain.unit..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage("java..", "dev.sustain.unit..")
        .check(MAIN);
  }
}
