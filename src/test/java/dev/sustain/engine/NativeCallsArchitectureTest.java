package dev.sustain.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static dev.sustain.testing.MainClasses.MAIN;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import org.junit.jupiter.api.Test;

/**
 * Native calls (the linker, symbol lookups) stay in the engine and device packages, where they are
 * tested on the real kernel; everything else sees plain Java and memory segments.
 */
class NativeCallsArchitectureTest {

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
