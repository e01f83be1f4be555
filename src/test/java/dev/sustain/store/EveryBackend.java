package dev.sustain.store;

import dev.sustain.store.TestDatabases.Backend;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A test run once for each history {@link Backend}, which it takes as its parameter: the one place
 * that says every store test runs on SQLite and on PostgreSQL (skipped where none is given).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest
@EnumSource(Backend.class)
public @interface EveryBackend {}
