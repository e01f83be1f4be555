package dev.sustain;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The architecture follows the data; these rules keep it so. */
class ArchitectureTest {

  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.sustain");

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

  @Test
  void reportAndStoreOnlyReadResults() {
    noClasses()
        .that()
        .resideInAnyPackage("dev.sustain.report..", "dev.sustain.store..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.sustain.engine..", "dev.sustain.sampling..")
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
            com.tngtech.archunit.base.DescribedPredicate.describe(
                "analysis internals",
                c ->
                    c.getPackageName().equals("dev.sustain.analysis")
                        && !c.getName().startsWith("dev.sustain.analysis.Analysis")
                        && !c.getName().startsWith("dev.sustain.analysis.Media")))
        .check(MAIN);
  }
}
