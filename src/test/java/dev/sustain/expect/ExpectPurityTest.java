package dev.sustain.expect;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The expect package stays pure: a prediction and a check, no files, no database, no clock (an
 * Analysis may be read: it is pure too).
 */
class ExpectPurityTest {

  @Test
  void expectDependsOnlyOnTheJdkCoreAndUnits() {
    classes()
        .that()
        .resideInAPackage("dev.sustain.expect..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "java.lang..",
            "java.util..",
            "java.time..",
            "java.math..",
            "dev.sustain.expect..",
            "dev.sustain.unit..",
            "dev.sustain.analysis..")
        .check(
            new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.sustain.expect"));
  }
}
