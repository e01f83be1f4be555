package dev.sustain.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.junit.jupiter.params.support.ParameterDeclarations;

/**
 * A generated-curve test run once for each of the first {@code -Dsustain.curveSeeds} seeds (200
 * unless told), as {@link Seeded} runs its count: the one place that says how many curves each
 * analysis family draws, so a run of more (or fewer) curves changes every family at once.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest(name = "seed {0}")
@ArgumentsSource(CurveSeeded.Provider.class)
public @interface CurveSeeded {

  /** How many curves a family draws unless {@code -Dsustain.curveSeeds} says otherwise. */
  int DEFAULT_COUNT = 200;

  /** The seeds: {@link Seeds#first} of the curve count. */
  final class Provider implements ArgumentsProvider {
    @Override
    public Stream<? extends Arguments> provideArguments(
        ParameterDeclarations parameters, ExtensionContext context) {
      return seeds().mapToObj(Arguments::of);
    }

    /** The seeds of every curve test, for a source that combines them with other arguments. */
    public static LongStream seeds() {
      return Seeds.first(Integer.getInteger("sustain.curveSeeds", DEFAULT_COUNT));
    }
  }
}
