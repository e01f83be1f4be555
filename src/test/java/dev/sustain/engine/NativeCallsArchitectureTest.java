package dev.sustain.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import org.junit.jupiter.api.Test;

/**
 * Native calls (the linker, symbol lookups) stay in the engine and device packages, where they are
 * tested on the real kernel; everything else sees plain Java and memory segments.
 */
class NativeCallsArchitectureTest {

  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.sustain");

  @Test
  void onlyTheEngineAndDevicePackagesCallNativeCode() {
    noClasses()
        .that()
        .resideOutsideOfPackages("dev.sustain.engine..", "dev.sustain.device..")
        .should()
        .dependOnClassesThat()
        .belongToAnyOf(Linker.class, SymbolLookup.class, FunctionDescriptor.class)
        .check(MAIN);
  }
}
