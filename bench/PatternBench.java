// Measures how fast each write pattern produces data on one core, against the plain random pool's
// zero-copy slices, and how fast verification re-derives and compares it. Not a JMH harness: a
// plain loop timed for a few seconds after a warm-up, which is all a GB/s comparison needs.
//
//   ./mvnw -q -B compile && bench/pattern-bench.sh
//
// Prints one line per pattern: GB (10^9 B) generated and checked per second of this thread's CPU
// time (so that other load on the machine does not skew it), and gzip's ratio.
import dev.sustain.pattern.DataPattern;
import dev.sustain.pattern.PatternSpec;
import dev.sustain.pattern.Patterns;
import dev.sustain.pattern.RandomPool;
import dev.sustain.pattern.VerifiablePattern;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

public class PatternBench {

  static final int REQUEST = 1 << 20;
  static final long SECONDS = Long.getLong("seconds", 3);
  static long sink;
  static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** This thread's CPU time, ns. */
  static long cpu() {
    return THREADS.getCurrentThreadCpuTime();
  }

  public static void main(String[] args) throws Exception {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment slot = arena.allocate(REQUEST, 4096);
      report("random-pool (zero copy)", new RandomPool(arena, REQUEST, 1), slot, null, arena);
      for (String name : new String[] {"random", "compress:50"}) {
        PatternSpec spec = Patterns.parse(name);
        DataPattern p = spec.create(arena, REQUEST, 0x5eedL);
        report(name + " (verifiable)", p, slot, spec.checker(0x5eedL), arena);
      }
      report("zeros", PatternSpec.ZEROS.create(arena, REQUEST, 0), slot, null, arena);
      // The runner's slot buffers live in a shared (automatic) arena: engines fill them from
      // threads of their own. Measure generation into such a buffer too.
      MemorySegment shared = Arena.ofAuto().allocate(REQUEST, 4096);
      PatternSpec random = Patterns.parse("random");
      report(
          "random (shared buffer)",
          random.create(arena, REQUEST, 0x5eedL),
          shared,
          random.checker(0x5eedL),
          arena);
    }
  }

  static void report(
      String name, DataPattern p, MemorySegment slot, VerifiablePattern checker, Arena arena)
      throws Exception {
    double gen = generate(p, slot, 1); // warm-up
    gen = generate(p, slot, SECONDS);
    String check = "-";
    if (checker != null) {
      check(checker, p, slot, 1);
      check = fmt(check(checker, p, slot, SECONDS));
    }
    System.out.printf(
        Locale.ROOT,
        "%-26s generate %9s GB/cpu-s   check %6s GB/cpu-s   gzip ratio %.3f%n",
        name,
        fmt(gen),
        check,
        gzipRatio(p, arena));
  }

  static double generate(DataPattern p, MemorySegment slot, long seconds) {
    long bytes = 0;
    long offset = 0;
    long start = cpu();
    long end = start + seconds * 1_000_000_000L;
    while (cpu() < end) {
      for (int i = 0; i < 64; i++) {
        MemorySegment m = p.bytesFor(offset, REQUEST, slot);
        // Touch the result so the work cannot be skipped.
        sink += m.get(ValueLayout.JAVA_LONG, REQUEST - 8);
        offset += REQUEST;
        bytes += REQUEST;
      }
    }
    return bytes / ((cpu() - start) / 1e9) / 1e9;
  }

  static double check(VerifiablePattern checker, DataPattern p, MemorySegment slot, long seconds) {
    MemorySegment data = p.bytesFor(0, REQUEST, slot);
    long bytes = 0;
    long start = cpu();
    long end = start + seconds * 1_000_000_000L;
    while (cpu() < end) {
      for (int i = 0; i < 64; i++) {
        for (long at = 0; at < REQUEST; at += 4096) {
          if (!checker.check(at, data, at).ok()) {
            throw new IllegalStateException("bench data did not check at " + at);
          }
        }
        bytes += REQUEST;
      }
    }
    return bytes / ((cpu() - start) / 1e9) / 1e9;
  }

  static double gzipRatio(DataPattern p, Arena arena) throws Exception {
    MemorySegment slot = arena.allocate(REQUEST, 4096);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int total = 16 * REQUEST;
    try (GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16)) {
      for (long off = 0; off < total; off += REQUEST) {
        gz.write(p.bytesFor(off, REQUEST, slot).toArray(ValueLayout.JAVA_BYTE));
      }
    }
    return out.size() / (double) total;
  }

  static String fmt(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }
}
