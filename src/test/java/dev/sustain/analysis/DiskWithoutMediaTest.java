package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.DiskCurves.Disk;
import dev.sustain.analysis.DriveCurves.Made;
import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Spinning disks read from the curve alone (a fio log, another tool's CSV, a USB bridge that hides
 * the media) and told they are disks, over seeded random parameters across their whole range
 * ({@link DiskCurves}); and the SSD shapes nearest a disk's, told nothing of the media, never taken
 * for one.
 */
class DiskWithoutMediaTest {

  /** Each curve seed, told nothing of the media and told it is a disk. */
  static Stream<Arguments> seedsToldNothingOrDisk() {
    return CurveSeeded.Provider.seeds()
        .boxed()
        .flatMap(
            seed -> Stream.of(Arguments.of(seed, Media.UNKNOWN), Arguments.of(seed, Media.HDD)));
  }

  /**
   * A zoned disk told nothing is read from its line; told it is one, it is zoned however little of
   * it was filled.
   */
  @ParameterizedTest(name = "seed {0}, told {1}")
  @MethodSource("seedsToldNothingOrDisk")
  void aZonedDiskIsReadFromItsLine(long seed, Media told) {
    readAs(seed, r -> DiskCurves.zoned(r, told), Shape.HDD_ZONED, DiskWithoutMediaTest::zoneEnds);
  }

  /** A shingled disk told nothing is read from its empty stalls; told it is one, as before. */
  @ParameterizedTest(name = "seed {0}, told {1}")
  @MethodSource("seedsToldNothingOrDisk")
  void aShingledDiskIsReadFromItsEmptyStalls(long seed, Media told) {
    readAs(seed, r -> DiskCurves.smr(r, told), Shape.SMR_STALLS, DiskWithoutMediaTest::firstStall);
  }

  @CurveSeeded
  void aZonedDiskToldItIsFlashIsNoDisk(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          Disk d = DiskCurves.zoned(r, Media.SSD);
          Shape shape = Analyzer.analyze(d.series()).shape();
          assertThat(shape).as(d.what()).isNotIn(Shape.HDD_ZONED, Shape.SMR_STALLS);
        });
  }

  @CurveSeeded
  void anSsdHeatingAtADisksRateIsNoDisk(long seed) {
    noDisk(seed, DiskCurves::heatingSsd);
  }

  @CurveSeeded
  void anSsdFallingInALineTooFastOrTooHighForADiskIsNoDisk(long seed) {
    noDisk(seed, DiskCurves::decliningSsd);
  }

  @CurveSeeded
  void aStarvedSsdAtADisksRateIsNoShingledDisk(long seed) {
    noDisk(seed, DiskCurves::starvedSsd);
  }

  /**
   * Every SSD class of the project's generators, told nothing of the media, reads as it does told
   * it is flash: the curve alone names a disk only where no SSD shape fits.
   */
  @CurveSeeded
  void everySsdClassToldNothingReadsAsToldFlash(long seed) {
    List<Function<SplittableRandom, Made>> makers =
        List.of(
            r -> DriveClasses.cliff(r, 0),
            r -> DriveClasses.cliff(r, 1),
            r -> DriveClasses.cliff(r, 2),
            DriveClasses::recoveringThrottle,
            r -> DriveClasses.sawtooth(r, true),
            r -> DriveClasses.sawtooth(r, false),
            r -> DriveClasses.temperatureStep(r, DriveClasses.After.CREEP),
            r -> DriveClasses.temperatureStep(r, DriveClasses.After.WANDER),
            r -> DriveClasses.temperatureStep(r, DriveClasses.After.FALL),
            r -> DriveClasses.cliffWhileHeating(r, false),
            r -> DriveClasses.cliffWhileHeating(r, true),
            DriveClasses::irregular,
            DriveClasses::slowStart,
            DriveClasses::flat);
    Seeds.withSeed(
        seed,
        r -> {
          for (Function<SplittableRandom, Made> maker : makers) {
            Made m = maker.apply(r);
            Shape told = Analyzer.analyze(m.series().withMedia(Media.SSD)).shape();
            Shape untold = Analyzer.analyze(m.series().withMedia(Media.UNKNOWN)).shape();
            assertThat(untold).as(m.what()).isEqualTo(told);
          }
        });
  }

  /** What a disk read as its {@code shape} must show besides ({@code why} a failure says). */
  @FunctionalInterface
  private interface Reading {
    void check(Disk disk, Analysis read, String why);
  }

  /** A disk {@code maker} draws from {@code seed} is read as {@code shape}, and as {@code more}. */
  private static void readAs(
      long seed, Function<SplittableRandom, Disk> maker, Shape shape, Reading more) {
    Seeds.withSeed(
        seed,
        r -> {
          Disk d = maker.apply(r);
          Analysis a = Analyzer.analyze(d.series());
          String why = d.what() + "\n  read as " + ReadEveryCurveTest.describe(a);
          assertThat(a.shape()).as(why).isEqualTo(shape);
          more.check(d, a, why);
        });
  }

  /**
   * A zoned disk's line read to its ends, the outer and the last zone: within half a zone's step
   * (at most 2.5% at 12 zones) and the noise of a fifth of the run's blocks; no cliff.
   */
  private static void zoneEnds(Disk d, Analysis a, String why) {
    assertThat(rel(a.burstMBps(), d.burstMBps())).as("burst: " + why).isLessThan(0.05);
    assertThat(rel(a.floorMBps(), d.endMBps())).as("floor: " + why).isLessThan(0.06);
    assertThat(a.cliffSeconds()).as("cliff: " + why).isNull();
  }

  /**
   * A shingled disk's burst, and its onset at the first stall another low interval follows within
   * two (an isolated first stall is stepped over, so the onset may be as late as the second).
   */
  private static void firstStall(Disk d, Analysis a, String why) {
    double interval = Curve.typicalInterval(d.series());
    assertThat(rel(a.burstMBps(), d.burstMBps())).as("burst: " + why).isLessThan(0.06);
    assertThat(a.cliffSeconds())
        .as("onset: " + why)
        .isBetween(d.onsetSeconds() - 3 * interval, d.settledSeconds() + 3 * interval);
  }

  private static void noDisk(long seed, Function<SplittableRandom, Disk> maker) {
    Seeds.withSeed(
        seed,
        r -> {
          Disk d = maker.apply(r);
          Analysis a = Analyzer.analyze(d.series());
          assertThat(a.shape())
              .as(String.format(Locale.ROOT, "%s%n  read as %s", d.what(), a.shape().word()))
              .isNotIn(Shape.HDD_ZONED, Shape.SMR_STALLS);
        });
  }

  private static double rel(double measured, double truth) {
    return Math.abs(measured - truth) / Math.abs(truth);
  }
}
