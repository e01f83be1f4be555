package dev.sustain.analysis;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.sustain.testing.MainClasses;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link Detector}: its limits are a record with a reason for each number, every
 * detector is in the rule list, and a limit varied through the record moves the finding and the
 * words with it (the detector reads no constant of its own beside its limits).
 */
class DetectorTest {

  /** The prepared curve of {@code s} as the rule list hands it to a detector. */
  static Reading reading(SampleSeries s, Shape shape) {
    Curve c = new Curve(s);
    return new Reading(c, Analyzer.detect(c).stalls().intervals(), shape);
  }

  /** Five minutes flat at {@code rateMBps}, behind a link of {@code linkMBps}, CPU at cpuPct. */
  private static SampleSeries flat(double rateMBps, double linkMBps, double cpuPct) {
    SampleSeries.Builder b = SampleSeries.builder(300).linkCeilingMBps(linkMBps).cpuCores(4);
    SplittableRandom r = new SplittableRandom(9);
    for (int i = 1; i <= 300; i++) {
      b.add(i, rateMBps * (1 + 0.005 * r.nextGaussian()), -1, Double.NaN, cpuPct);
    }
    return b.build();
  }

  /** Every limits record: each detector's, and the group's (read from curves of several). */
  private static List<Record> limitsRecords() {
    List<Record> all = new ArrayList<>();
    Detectors.ALL.forEach(d -> all.add(d.limits()));
    all.add(SharedCeilingDetector.Limits.DEFAULT);
    all.add(DragDetector.Limits.DEFAULT);
    return all;
  }

  @Test
  void everyDetectorsLimitsAreARecordWithAReasonForEachNumber() throws IOException {
    for (Record r : limitsRecords()) {
      Class<?> limits = r.getClass();
      assertThat(limits.isRecord()).as(limits.getName()).isTrue();
      String doc = javadoc(limits);
      assertThat(limits.getRecordComponents()).as(limits.getName()).isNotEmpty();
      for (RecordComponent c : limits.getRecordComponents()) {
        // A reason is a sentence, not the name again: some words after the component's name.
        assertThat(doc)
            .as(limits.getSimpleName() + "." + c.getName())
            .containsPattern(Pattern.compile("@param " + c.getName() + "\\s+\\S+(\\s+\\S+){2}"));
      }
    }
  }

  @Test
  void everyDetectorOfTheAnalysisIsInTheRuleList() {
    TreeSet<String> made =
        new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.sustain.analysis")
                .stream()
                .filter(c -> c.isAssignableTo(Detector.class) && !c.isInterface())
                .map(JavaClass::getName)
                .collect(Collectors.toCollection(TreeSet::new));
    TreeSet<String> listed =
        Detectors.ALL.stream()
            .map(d -> d.getClass().getName())
            .collect(Collectors.toCollection(TreeSet::new));

    assertThat(made).as("detectors of the analysis").isNotEmpty();
    assertThat(listed).isEqualTo(made);
  }

  /**
   * Every finding's record: each is behind a {@link Detector} now, so the words read none of them.
   */
  private static Class<?>[] findingRecords() {
    List<Class<?>> records = new ArrayList<>();
    for (Class<?> nested : Findings.class.getDeclaredClasses()) {
      if (nested.isRecord()) {
        records.add(nested);
      }
    }
    assertThat(records)
        .contains(Findings.Cliff.class, Findings.Sawtooth.class)
        .hasSizeGreaterThan(14);
    return records.toArray(new Class<?>[0]);
  }

  /**
   * The report words and writes a detector's finding only through its {@link Detector}: no class
   * outside the analysis reads the figures of any finding, every one being behind the interface.
   */
  @Test
  void noClassOutsideTheAnalysisReadsAFindingBehindTheInterface() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.sustain.analysis..")
        .should()
        .accessClassesThat()
        .belongToAnyOf(findingRecords())
        .check(MainClasses.MAIN);
  }

  @Test
  void theLinkCapFollowsItsLimitAndSaysIt() {
    // 918 MB/s under a ceiling of 950: 3.4% below it, within the 10% the analysis reads by.
    Reading r = reading(flat(918, 950, Double.NaN), null);
    HostLimits.Limits base = HostLimits.Limits.DEFAULT;
    HostLimits.Limits tight =
        new HostLimits.Limits(
            0.03,
            base.cpuAllCoresPct(),
            base.cpuOneCoreLowPct(),
            base.cpuOneCoreHighPct(),
            base.cpuFlatCv());
    HostLimits.Limits wide =
        new HostLimits.Limits(
            0.05,
            base.cpuAllCoresPct(),
            base.cpuOneCoreLowPct(),
            base.cpuOneCoreHighPct(),
            base.cpuFlatCv());

    assertThat(Detectors.LINK_CAP.find(r)).isNotNull();
    assertThat(Detectors.linkCap(tight).find(r)).isNull();
    Detector<Findings.LinkCap, HostLimits.Limits> at5 = Detectors.linkCap(wide);
    Findings.LinkCap found = at5.find(r);
    Analysis a = Analyzer.analyze(flat(918, 950, Double.NaN));
    List<Detector.Words> words = at5.evidence(found, a);
    assertThat(words).hasSize(1);
    assertThat(words.getFirst().figures()).contains(5.0).doesNotContain(10.0);
  }

  @Test
  void oneBusyCoreFollowsItsBand() {
    // One core at 99% while the rate held flat: inside 90-110% it is the limit, outside it is not.
    Reading r = reading(flat(170, Double.NaN, 99), Shape.FLAT);
    HostLimits.Limits base = HostLimits.Limits.DEFAULT;
    HostLimits.Limits lower =
        new HostLimits.Limits(
            base.linkCapFraction(), base.cpuAllCoresPct(), 80, 95, base.cpuFlatCv());

    assertThat(Detectors.CPU_BOUND.find(r)).isNotNull();
    assertThat(Detectors.cpuBound(lower).find(r)).isNull();
    // The same run read as another shape is not flat, and one busy core is then not the limit.
    assertThat(Detectors.CPU_BOUND.find(reading(flat(170, Double.NaN, 99), Shape.CACHE_CLIFF)))
        .isNull();
  }

  @Test
  void aDisksReachFollowsItsLimit() {
    // A shingled disk, the media not known: the stalls are a disk's only at a disk's rate.
    DiskCurves.Disk disk = DiskCurves.smr(new SplittableRandom(3), Media.UNKNOWN);
    Reading r = reading(disk.series(), null);
    Findings.Smr found = Detectors.SMR.find(r);
    assertThat(found).isNotNull();
    DiskLimits d = DiskLimits.DEFAULT;
    DiskLimits slowerDisks =
        new DiskLimits(
            d.smrMinZeros(),
            d.smrMinZeroFraction(),
            d.smrDenser(),
            d.smrOnsetRunFraction(),
            d.smrCusumReference(),
            d.smrFollowIntervals(),
            d.smrSlowFraction(),
            d.smrNearZeroFraction(),
            d.smrEmptyShare(),
            d.smrMinHeldSeconds(),
            d.zonedMaxStallFraction(),
            d.zonedBlocks(),
            d.zonedLineFraction(),
            d.zonedBendFraction(),
            d.zonedBendChi2(),
            d.zonedMinDrop(),
            d.zonedMaxDrop(),
            found.heldMBps() * 0.9,
            d.zonedMaxLossPerMinute());

    assertThat(Detectors.smr(slowerDisks).find(r)).isNull();
    // Told it is a disk, its reach is not asked.
    assertThat(Detectors.smr(slowerDisks).find(reading(disk.series().withMedia(Media.HDD), null)))
        .isNotNull();
  }

  @Test
  void aTargetHeldBackFollowsItsLimit() {
    // Targets behind one ceiling, their solo rates known: one at least writes well below its own.
    SyntheticGroups.Truth t =
        SyntheticGroups.make(4, new SyntheticGroups.Spec(true, true, false, false));
    GroupVerdict shared = SharedCeilingDetector.detect(t.curves());
    assertThat(shared.kind()).as(t.text()).isEqualTo(GroupVerdict.Kind.SHARED_CEILING);
    SharedCeilingDetector.Limits d = SharedCeilingDetector.Limits.DEFAULT;
    // Held back only below half of the lowest share's fraction of its solo rate: none is.
    SharedCeilingDetector.Limits stricter =
        d.withBelowSoloFraction(
            shared.shares().stream().mapToDouble(GroupVerdict.Share::ofSolo).min().orElseThrow()
                / 2);

    GroupVerdict strict = SharedCeilingDetector.detect(t.curves(), stricter);

    assertThat(shared.shares()).anyMatch(GroupVerdict.Share::belowSolo);
    assertThat(strict.kind()).as(strict.toString()).isNotEqualTo(GroupVerdict.Kind.SHARED_CEILING);
    assertThat(strict.shares()).noneMatch(GroupVerdict.Share::belowSolo);
  }

  @Test
  void aDragFollowsItsLimit() {
    // A target whose cliff hands its share to the others: they rise as it falls.
    SyntheticGroups.Truth t = null;
    GroupVerdict v = null;
    for (long seed = 0; seed < 60 && (v == null || v.drags().isEmpty()); seed++) {
      t = SyntheticGroups.make(seed, new SyntheticGroups.Spec(true, true, true, true));
      v = SharedCeilingDetector.detect(t.curves());
    }
    assertThat(v.drags()).as("a made group in which a target drags").isNotEmpty();
    GroupVerdict.Drag drag = v.drags().getFirst();
    double rose = drag.othersAfterMBps() / drag.othersBeforeMBps();
    SharedCeilingDetector.Limits d = SharedCeilingDetector.Limits.DEFAULT;
    DragDetector.Limits g = d.drags();
    // The others must now rise by more than they did.
    DragDetector.Limits steeper =
        new DragDetector.Limits(
            g.window(),
            g.dropFraction(),
            rose * 1.01,
            g.takenFraction(),
            g.stallFraction(),
            g.stallMinSeconds());
    SharedCeilingDetector.Limits limits = d.withDrags(steeper);

    GroupVerdict w = SharedCeilingDetector.detect(t.curves(), limits);

    assertThat(w.drags()).as(t.text()).noneMatch(x -> x.name().equals(drag.name()));
  }

  /**
   * One minute at 300 MB/s after {@code empty} intervals in which nothing completed, the first of
   * the rest writing {@code firstMBps}; the device busy {@code busyPct} moving 600 MB in each empty
   * interval and in a stall at 40 s, while the run could have had 32 MiB in flight.
   */
  private static SampleSeries waiting(int empty, double firstMBps, double busyPct) {
    SampleSeries.Builder b = SampleSeries.builder(64);
    for (int i = 1; i <= 60; i++) {
      boolean none = i <= empty || i == 40;
      double rate = none ? 0 : i == empty + 1 ? firstMBps : 300;
      long bytes = Math.round(rate * 1e6);
      b.add(i, rate, bytes, Double.NaN, Double.NaN)
          .device(Double.NaN, none ? 600_000_000L : bytes, none ? busyPct : 100);
    }
    return b.inFlightBytes(32L << 20).build();
  }

  /** The start-up's limits with {@code emptyFraction}, {@code busyPct} and {@code waitSeconds}. */
  private static StartUp.Limits startUp(double emptyFraction, double busyPct, double waitSeconds) {
    StartUp.Limits d = StartUp.Limits.DEFAULT;
    return new StartUp.Limits(emptyFraction, d.referenceIntervals(), busyPct, waitSeconds);
  }

  @Test
  void theStartUpFollowsItsLimits() {
    StartUp.Limits d = StartUp.Limits.DEFAULT;
    // The first interval wrote 120 MB/s against the run's 300: 60% of it was empty.
    Reading partly = reading(waiting(0, 120, 100), null);
    assertThat(Detectors.RAMP.find(partly).intervals()).isEqualTo(1);
    assertThat(Detectors.ramp(startUp(0.7, d.otherIoBusyPct(), d.waitMaxSeconds())).find(partly))
        .extracting(Findings.Ramp::intervals)
        .isEqualTo(0);

    // Two empty intervals, the device 60% busy with 1.2 GB that were not this run's.
    SampleSeries s = waiting(2, 300, 60);
    Analysis a = Analyzer.analyze(s);
    Reading r = reading(s, null);
    Findings.Ramp other = Detectors.RAMP.find(r);
    assertThat(other.otherIo()).isNotNull();
    Detector<Findings.Ramp, StartUp.Limits> busier =
        Detectors.ramp(startUp(d.emptyFraction(), 70, d.waitMaxSeconds()));
    Findings.Ramp waited = busier.find(r);
    assertThat(waited.intervals()).isEqualTo(2);
    assertThat(waited.otherIo()).isNull();
    // A wait of 2 s is the first requests in flight up to 2 s, a wait of its own beyond 1 s.
    assertThat(busier.figureLine(waited, a).template()).contains("first requests completed");
    assertThat(Detectors.ramp(startUp(d.emptyFraction(), 70, 1)).figureLine(waited, a).template())
        .contains("first request completed (not stalls)");
  }

  @Test
  void theStallsOtherIoFollowsItsLimit() {
    StartUp.Limits d = StartUp.Limits.DEFAULT;
    SampleSeries s = waiting(2, 300, 60);
    Analysis a = Analyzer.analyze(s);
    Reading r = reading(s, null);

    Findings.Stalls found = Detectors.STALLS.find(r);
    Detector<Findings.Stalls, StartUp.Limits> busier =
        Detectors.stalls(startUp(d.emptyFraction(), 70, d.waitMaxSeconds()));
    Findings.Stalls quiet = busier.find(r);

    assertThat(found.intervals()).isEqualTo(1);
    assertThat(found.otherIo()).isNotNull();
    assertThat(found.otherIo().busyPct()).isEqualTo(60);
    assertThat(quiet.intervals()).isEqualTo(1);
    assertThat(quiet.otherIo()).isNull();
    assertThat(Detectors.STALLS.evidence(found, a).getFirst().template()).contains("other I/O");
    assertThat(busier.evidence(quiet, a).getFirst().template()).doesNotContain("other I/O");
  }

  @Test
  void aSpikeFollowsItsLimits() {
    // One interval at 2000 MB/s in two minutes at 300: 6.7 times its level.
    SampleSeries.Builder b = SampleSeries.builder(120);
    for (int i = 0; i < 120; i++) {
      b.add(i + 1, (i == 60 ? 2000 : 300) * (1 + 0.01 * ((i * 7) % 5 - 2) / 2));
    }
    Reading r = reading(b.build(), null);
    SpikeDetector.Limits d = SpikeDetector.Limits.DEFAULT;

    Findings.Spikes found = Detectors.SPIKES.find(r);
    assertThat(found).isNotNull();
    assertThat(found.intervals()).isEqualTo(1);
    assertThat(found.highestMBps()).isGreaterThan(1900);
    // A spike must now stand ten times its level, or a thousand of its sigmas above it.
    assertThat(Detectors.spikes(new SpikeDetector.Limits(0.1, d.sigmas(), 3, 0.25)).find(r))
        .isNull();
    assertThat(Detectors.spikes(new SpikeDetector.Limits(d.dropFraction(), 1000, 3, 0.25)).find(r))
        .isNull();
    // Or be no share of its level's intervals at all.
    assertThat(
            Detectors.spikes(new SpikeDetector.Limits(d.dropFraction(), d.sigmas(), 3, 0)).find(r))
        .isNull();
  }

  /**
   * Half a plateau's intervals far above its mean are no spikes but an alternation: 900 and 0 MB/s
   * by turns of 2 s read "300 intervals stood far above the level around them ... too few to be a
   * level" before the share limit.
   */
  @Test
  void halfARunAboveItsMeanIsNoSpike() {
    SampleSeries.Builder b = SampleSeries.builder(600);
    for (int i = 0; i < 600; i++) {
      b.add(i + 1, (i / 2) % 2 == 0 ? 900 : 0);
    }
    SampleSeries s = b.build();
    assertThat(Detectors.SPIKES.find(reading(s, null))).isNull();
    // Its first level is every interval a turn: it started at the rate its writing intervals
    // held, not at the mean over its stalls (450 MB/s, which no interval wrote).
    assertThat(Analyzer.analyze(s).burstMBps()).isCloseTo(900, within(1e-6));
  }

  @Test
  void tooShortAndNoShapeFollowTheirLimits() {
    // Forty seconds flat at 1 s: long enough at 30 s, too short at 60.
    SampleSeries s = flat(500, Double.NaN, Double.NaN);
    SampleSeries.Builder b = SampleSeries.builder(40);
    for (int i = 0; i < 40; i++) {
      b.add(s.timeSeconds(i), s.writeMBps(i));
    }
    Reading r = reading(b.build(), null);
    UndeterminedDetector.Limits d = UndeterminedDetector.Limits.DEFAULT;
    Detector<Findings.Undetermined, UndeterminedDetector.Limits> longer =
        Detectors.undetermined(
            new UndeterminedDetector.Limits(60, d.dropFraction(), d.heldSpread()));

    assertThat(Detectors.UNDETERMINED.find(r)).isNull();
    Findings.Undetermined u = longer.find(r);
    assertThat(u).isNotNull();
    assertThat(u.tooShort()).isTrue();
    assertThat(u.neededSeconds()).isEqualTo(60);

    // Read as flat, five minutes at one rate held their start; a drop line above the mean does not.
    Reading flat = reading(flat(500, Double.NaN, Double.NaN), Shape.FLAT);
    Detector<Findings.Undetermined, UndeterminedDetector.Limits> above =
        Detectors.undetermined(new UndeterminedDetector.Limits(d.seconds(), 1.2, d.heldSpread()));
    assertThat(Detectors.UNDETERMINED.find(flat)).isNull();
    Findings.Undetermined none = above.find(flat);
    assertThat(none).isNotNull();
    assertThat(none.why()).isEqualTo(Findings.Undetermined.Why.NO_SHAPE_FITS);
    Analysis a = Analyzer.analyze(flat(500, Double.NaN, Double.NaN));
    assertThat(above.evidence(none, a).getFirst().figures()).contains(120.0).doesNotContain(85.0);
  }

  /** The javadoc just before the declaration of record {@code type} in its source file. */
  private static String javadoc(Class<?> type) throws IOException {
    Class<?> top = type;
    while (top.getEnclosingClass() != null) {
      top = top.getEnclosingClass();
    }
    Path file = Path.of("src/main/java", top.getName().replace('.', '/') + ".java");
    String text = Files.readString(file);
    int at = text.indexOf("record " + type.getSimpleName() + "(");
    assertThat(at).as("record " + type.getSimpleName() + " in " + file).isPositive();
    int open = text.lastIndexOf("/**", at);
    int close = text.indexOf("*/", open);
    assertThat(text.substring(close + 2, at).strip())
        .as("nothing between the javadoc and record " + type.getSimpleName())
        .matches("(public)?");
    return text.substring(open, close);
  }
}
