package dev.sustain.unit;

import static dev.sustain.testing.MainClasses.MAIN;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import dev.sustain.analysis.RunChanges;
import dev.sustain.analysis.Shape;
import dev.sustain.expect.ExpectationCheck;
import dev.sustain.sweep.SweepPoint;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every enum that takes its words from its names writes each constant as one lower-case token,
 * distinct within the enum, and the words JSON and text carry stay what they were.
 */
class WordedTest {

  /** Every enum in Sustain's main code that implements Worded, found from the classes. */
  static Stream<Class<?>> wordedEnums() {
    return MAIN.stream()
        .filter(c -> c.isEnum() && c.isAssignableTo(Worded.class))
        .map(JavaClass::reflect)
        .map(c -> (Class<?>) c);
  }

  @ParameterizedTest
  @MethodSource("wordedEnums")
  void everyConstantIsOneLowerCaseTokenOfItsOwn(Class<?> type) {
    List<Worded> constants =
        Arrays.stream(type.getEnumConstants()).map(Worded.class::cast).toList();
    assertThat(constants).as(type.getName()).isNotEmpty();
    for (Worded c : constants) {
      String what = type.getSimpleName() + "." + c.name();
      assertThat(c.word()).as(what).matches("[a-z0-9]+(-[a-z0-9]+)*");
      assertThat(c.words()).as(what).isEqualTo(c.word().replace('-', ' '));
    }
    assertThat(constants.stream().map(Worded::word)).as(type.getName()).doesNotHaveDuplicates();
  }

  @Test
  void theEnumsWithWordsAreAllFound() {
    assertThat(wordedEnums())
        .contains(
            Shape.class,
            RunChanges.Cause.class,
            ExpectationCheck.Point.class,
            ExpectationCheck.Verdict.class,
            SweepPoint.Direction.class);
  }

  @Test
  void theWordsInJsonAndTextAreTheOnesTheyWere() {
    assertThat(Arrays.stream(Shape.values()).map(Shape::word))
        .containsExactly(
            "flat",
            "cache-cliff",
            "thermal-throttle",
            "gc-erratic",
            "smr-stalls",
            "hdd-zoned",
            "undetermined");
    assertThat(Arrays.stream(RunChanges.Cause.values()).map(Worded::word))
        .containsExactly(
            "clogging", "heat", "less-free-space", "not-recovered", "none", "unexplained");
    assertThat(Arrays.stream(ExpectationCheck.Point.values()).map(Worded::words))
        .containsExactly("burst", "cache", "floor", "total time");
    assertThat(Arrays.stream(ExpectationCheck.Verdict.values()).map(Worded::words))
        .containsExactly("confirmed", "wrong", "not stated", "not measured");
    assertThat(Arrays.stream(SweepPoint.Direction.values()).map(Worded::word))
        .containsExactly("write", "read");
  }
}
