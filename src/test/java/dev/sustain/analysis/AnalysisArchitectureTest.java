package dev.sustain.analysis;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The analysis stays pure: java.*, dev.sustain.unit and itself, nothing that measures or reads. */
class AnalysisArchitectureTest {

  @Test
  void analysisDependsOnlyOnJavaUnitAndItself() {
    JavaClasses classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.sustain.analysis");
    classes()
        .that()
        .resideInAPackage("dev.sustain.analysis..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage("java..", "dev.sustain.unit..", "dev.sustain.analysis..")
        .check(classes);
  }
}
