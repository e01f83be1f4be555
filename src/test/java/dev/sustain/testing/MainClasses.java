package dev.sustain.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * Sustain's main classes (src/main, no tests) as the architecture rules read them: imported once
 * for every rule of a test JVM, rather than once in each rule's class.
 */
public final class MainClasses {

  /** Every class below dev.sustain in the main code. */
  public static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.sustain");

  private MainClasses() {}
}
