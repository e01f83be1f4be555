package dev.sustain.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.Golden;
import dev.sustain.unit.ByteSize;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The generated folders: realistic at full size, exact in total, the same for the same seed. */
class DatasetTest {

  @TempDir Path dir;

  private static long total(Dataset.Plan p) {
    return p.files().stream().mapToLong(Dataset.PlannedFile::bytes).sum();
  }

  @ParameterizedTest
  @EnumSource(DatasetKind.class)
  void theTotalIsExactlyTheSizeAskedFor(DatasetKind kind) {
    for (long size : new long[] {1, 4096, 999_999, 8_000_000, 300_000_000, 15_600_000_000L}) {
      for (long seed = 1; seed <= 3; seed++) {
        Dataset.Plan p = Dataset.plan(kind, size, seed);
        assertThat(total(p)).as("%s %d seed %d", kind, size, seed).isEqualTo(size);
        assertThat(p.files()).allSatisfy(f -> assertThat(f.bytes()).isPositive());
        assertThat(p.files().stream().map(Dataset.PlannedFile::path).distinct().count())
            .as("no path twice")
            .isEqualTo(p.files().size());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(DatasetKind.class)
  void theSameSeedMakesTheSamePlanAndAnotherSeedAnother(DatasetKind kind) {
    Dataset.Plan a = Dataset.plan(kind, 2_000_000_000L, 7);
    Dataset.Plan b = Dataset.plan(kind, 2_000_000_000L, 7);
    Dataset.Plan c = Dataset.plan(kind, 2_000_000_000L, 8);
    assertThat(a.files()).isEqualTo(b.files());
    assertThat(a.files()).isNotEqualTo(c.files());
  }

  @Test
  void aFullSizePhotoLibraryLooksLikeTheFieldReports() {
    // The review's folder: 15.6 GB of photos in dozens of folders.
    Dataset.Plan p = Dataset.plan(DatasetKind.PHOTOS, 15_600_000_000L, 1);
    assertThat(p.scale()).isEqualTo(1.0);
    assertThat(p.files().size()).isBetween(1000, 6000);
    assertThat(p.folders()).isBetween(24L, 120L);
    List<Dataset.PlannedFile> allButLast = p.files().subList(0, p.files().size() - 1);
    assertThat(allButLast)
        .allSatisfy(f -> assertThat(f.bytes()).isBetween(2_000_000L, 30_000_000L));
    long raws = p.files().stream().filter(f -> f.path().matches(".*\\.(CR3|NEF|ARW|RAF)")).count();
    long jpegs = p.files().stream().filter(f -> f.path().endsWith(".JPG")).count();
    assertThat(raws).isPositive();
    assertThat(jpegs).isGreaterThan(raws);
  }

  @Test
  void aFullSizeVideoFolderHasHundredsOfMostlySmallClips() {
    Dataset.Plan p = Dataset.plan(DatasetKind.VIDEOS, 16_100_000_000L, 1);
    assertThat(p.files().size()).isBetween(100, 500);
    List<Dataset.PlannedFile> allButLast = p.files().subList(0, p.files().size() - 1);
    assertThat(allButLast)
        .allSatisfy(f -> assertThat(f.bytes()).isBetween(20_000_000L, 2_000_000_000L));
    long small = allButLast.stream().filter(f -> f.bytes() < 100_000_000L).count();
    assertThat(small).isGreaterThan(allButLast.size() / 2);
    assertThat(allButLast.stream().mapToLong(Dataset.PlannedFile::bytes).max().orElseThrow())
        .isGreaterThan(300_000_000L);
  }

  @Test
  void aBluRayFolderHasAFewLargeStreamsAndManySmallFiles() {
    Dataset.Plan p = Dataset.plan(DatasetKind.BLURAY, 10_700_000_000L, 1);
    assertThat(p.files()).anySatisfy(f -> assertThat(f.path()).isEqualTo("BDMV/index.bdmv"));
    assertThat(p.files()).anySatisfy(f -> assertThat(f.path()).isEqualTo("BDMV/BACKUP/index.bdmv"));
    assertThat(p.files()).anySatisfy(f -> assertThat(f.path()).isEqualTo("CERTIFICATE/id.bdmv"));
    long large =
        p.files().stream()
            .filter(f -> f.path().endsWith(".m2ts") && f.bytes() > 1_000_000_000L)
            .count();
    long tiny = p.files().stream().filter(f -> f.bytes() < 1_000_000L).count();
    assertThat(large).isBetween(1L, 3L);
    assertThat(tiny).isGreaterThan(50);
    long streams = p.files().stream().filter(f -> f.path().endsWith(".m2ts")).count();
    long clipInfo =
        p.files().stream().filter(f -> f.path().matches("BDMV/CLIPINF/.*\\.clpi")).count();
    assertThat(clipInfo).isEqualTo(streams);
  }

  @Test
  void aSmallSizeScalesTheFilesDownAndKeepsEnoughOfThem() {
    Dataset.Plan photos = Dataset.plan(DatasetKind.PHOTOS, 8_000_000, 1);
    assertThat(photos.scale()).isLessThan(0.01);
    assertThat(photos.files().size())
        .isGreaterThanOrEqualTo(Dataset.minimumFiles(DatasetKind.PHOTOS));
    Dataset.Plan videos = Dataset.plan(DatasetKind.VIDEOS, 8_000_000, 1);
    assertThat(videos.files().size())
        .isGreaterThanOrEqualTo(Dataset.minimumFiles(DatasetKind.VIDEOS));
  }

  private static List<Path> files(Path root) throws Exception {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
    }
  }

  @Test
  void theSameSeedWritesTheSameBytesAndTheyDoNotCompress() throws Exception {
    Dataset.Plan plan = Dataset.plan(DatasetKind.BLURAY, 3 * ByteSize.MB, 42);
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    assertThat(Dataset.write(a, plan, () -> false)).isEqualTo(3 * ByteSize.MB);
    Dataset.write(b, Dataset.plan(DatasetKind.BLURAY, 3 * ByteSize.MB, 42), () -> false);
    List<Path> fa = files(a);
    assertThat(fa).isEqualTo(files(b));
    long sum = 0;
    for (Path f : fa) {
      assertThat(Files.mismatch(a.resolve(f), b.resolve(f))).as(f.toString()).isEqualTo(-1);
      sum += Files.size(a.resolve(f));
    }
    assertThat(sum).isEqualTo(3 * ByteSize.MB);

    Path c = dir.resolve("c");
    Dataset.write(c, Dataset.plan(DatasetKind.BLURAY, 3 * ByteSize.MB, 43), () -> false);
    Path stream =
        fa.stream().filter(f -> f.toString().endsWith("00000.m2ts")).findFirst().orElseThrow();
    assertThat(Files.mismatch(a.resolve(stream), c.resolve(stream))).isNotEqualTo(-1);

    byte[] data = Files.readAllBytes(a.resolve(stream));
    Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
    d.setInput(data);
    d.finish();
    byte[] out = new byte[data.length + 1024];
    int n = 0;
    while (!d.finished()) {
      n += d.deflate(out, n, out.length - n);
    }
    assertThat((double) n / data.length).as("compressed / original").isGreaterThan(0.99);
  }

  /** A plan as lines: its scale, then each file's path, size and seed. */
  static String listing(Dataset.Plan p) {
    StringBuilder b = new StringBuilder();
    b.append("# ")
        .append(p.kind())
        .append(' ')
        .append(p.totalBytes())
        .append(" seed ")
        .append(p.seed())
        .append(" scale ")
        .append(p.scale())
        .append('\n');
    for (Dataset.PlannedFile f : p.files()) {
      b.append(f.path()).append(' ').append(f.bytes()).append(' ').append(f.seed()).append('\n');
    }
    return b.toString();
  }

  @Test
  void aBluRayPlanStaysAsItWas() throws Exception {
    // Pinned from the plans before Dataset.bluray was split into its steps: the order in which the
    // steps draw from the seed's random numbers is the plan, so a reordered draw changes a line.
    Golden.assertMatches(
        "dataset-bluray.txt",
        listing(Dataset.plan(DatasetKind.BLURAY, 3 * ByteSize.MB, 42))
            + listing(Dataset.plan(DatasetKind.BLURAY, 10_700_000_000L, 1)));
  }
}
