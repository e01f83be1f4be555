package dev.sustain.blind;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * The blind family judges the analysis from outside: none of its classes may use the analysis's
 * types (the generators would then lean on what they are meant to test); it reaches the analysis
 * only through the command line.
 */
class BlindIndependenceTest {

  private static final JavaClasses BLIND =
      new ClassFileImporter().importPackages("dev.sustain.blind");

  @Test
  void nothingInTheFamilyUsesTheAnalysisTypes() {
    noClasses()
        .that()
        .resideInAPackage("dev.sustain.blind..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.sustain.analysis..")
        .check(BLIND);
  }
}
