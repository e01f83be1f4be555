package dev.sustain.analysis;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import dev.sustain.testing.MainClasses;
import org.junit.jupiter.api.Test;

/** The analysis stays pure: java.*, dev.sustain.unit and itself, nothing that measures or reads. */
class AnalysisArchitectureTest {

  @Test
  void analysisDependsOnlyOnJavaUnitAndItself() {
    classes()
        .that()
        .resideInAPackage("dev.sustain.analysis..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage("java..", "dev.sustain.unit..", "dev.sustain.analysis..")
        .check(MainClasses.MAIN);
  }
}
