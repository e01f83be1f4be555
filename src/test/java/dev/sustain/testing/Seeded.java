package dev.sustain.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.junit.jupiter.params.support.AnnotationConsumer;
import org.junit.jupiter.params.support.ParameterDeclarations;

/**
 * A randomized test run once for each of the first {@link #value} seeds ({@link Seeds#first}),
 * which it takes as its {@code long} parameter and hands to {@link Seeds#withSeed}: the one place
 * that says how a seeded test gets its seeds.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest(name = "seed {0}")
@ArgumentsSource(Seeded.Provider.class)
public @interface Seeded {

  /** How many seeds. */
  int value();

  /** The seeds of the annotated test. */
  final class Provider implements ArgumentsProvider, AnnotationConsumer<Seeded> {
    private int count;

    @Override
    public void accept(Seeded seeded) {
      count = seeded.value();
    }

    @Override
    public Stream<? extends Arguments> provideArguments(
        ParameterDeclarations parameters, ExtensionContext context) {
      return Seeds.first(count).mapToObj(Arguments::of);
    }
  }
}
