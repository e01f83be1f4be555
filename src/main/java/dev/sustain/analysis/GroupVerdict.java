package dev.sustain.analysis;

import java.util.List;

/**
 * What {@link SharedCeilingDetector} read off a group of targets that wrote at once: whether a
 * shared limit (a hub, a controller, a shared link) capped their sum, the evidence, and the targets
 * that drag the others. Findings are data; the report package words them. Rates are MB/s (10^6
 * B/s), times seconds from the group's start. Immutable.
 *
 * @param kind what was found
 * @param reason the rule that decided {@code kind}
 * @param ceilingMBps the shared ceiling (the sum's level over the stretch), null unless {@link
 *     Kind#SHARED_CEILING}
 * @param startSeconds the start of the stretch the verdict was read over, NaN without one
 * @param endSeconds its end, NaN without one
 * @param sumMBps the sum's median over the stretch, NaN without one
 * @param sumHeldWithin the sum stayed within this fraction of its level over the stretch (the 90th
 *     percentile of its relative deviation), NaN without one
 * @param varianceRatio the variance of the sum over the sum of the targets' variances: about 1 when
 *     they vary independently, far below when they trade one ceiling between them; NaN without a
 *     stretch
 * @param shares one per target, in input order
 * @param drags targets whose drop lines up with the others' rise
 */
public record GroupVerdict(
    Kind kind,
    Reason reason,
    Double ceilingMBps,
    double startSeconds,
    double endSeconds,
    double sumMBps,
    double sumHeldWithin,
    double varianceRatio,
    List<Share> shares,
    List<Drag> drags) {

  public GroupVerdict {
    shares = List.copyOf(shares);
    drags = List.copyOf(drags);
  }

  /** What the group's curves show. */
  public enum Kind {
    /** The sum held flat while targets wrote below what they write alone. */
    SHARED_CEILING,
    /** No shared ceiling: each wrote what it writes alone, or the sum did not hold. */
    NONE,
    /** Not enough to tell (see {@link Reason}). */
    UNDETERMINED
  }

  /** Why the verdict is what it is. */
  public enum Reason {
    /** The sum held flat while targets wrote below their solo rates. */
    HELD_BELOW_SOLO,
    /** The sum held flat and the targets' rates traded against each other (no solo rates). */
    HELD_AND_TRADED,
    /** Each target wrote at its solo rate: each is limited on its own. */
    AT_SOLO_RATES,
    /** The sum never held flat long enough to be a ceiling. */
    SUM_NOT_FLAT,
    /** Fewer than two targets. */
    ONE_TARGET,
    /** The targets wrote together for too short a time. */
    TOO_SHORT,
    /** The sum held, but no solo rates to compare with and no sign of a trade between them. */
    NO_SOLO_RATES
  }

  /**
   * One target over the stretch.
   *
   * @param name the target's name
   * @param medianMBps its median rate over the stretch, NaN without a stretch
   * @param soloMBps what it wrote alone, NaN when unknown
   * @param ofSolo {@code medianMBps / soloMBps}, NaN when either is unknown
   * @param belowSolo it wrote clearly below its solo rate (held back by the others)
   */
  public record Share(
      String name, double medianMBps, double soloMBps, double ofSolo, boolean belowSolo) {}

  /**
   * A target whose drop lines up with the others' rise: what it gave up, they took.
   *
   * @param name the target
   * @param atSeconds when its drop began
   * @param stall true for a stall (it wrote nothing), false for a lasting drop (a cliff)
   * @param beforeMBps its rate before
   * @param afterMBps its rate during the drop
   * @param othersBeforeMBps the others' summed rate before
   * @param othersAfterMBps the others' summed rate during its drop
   */
  public record Drag(
      String name,
      double atSeconds,
      boolean stall,
      double beforeMBps,
      double afterMBps,
      double othersBeforeMBps,
      double othersAfterMBps) {}

  /** True when a shared ceiling was found. */
  public boolean shared() {
    return kind == Kind.SHARED_CEILING;
  }
}
