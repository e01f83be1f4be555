package dev.sustain.analysis;

/**
 * Every number the group analysis decides by ({@link SharedCeilingDetector}, {@link SumHold},
 * {@link DragDetector}), named once, with why it has the value it has, as {@link Thresholds} is for
 * one curve: a rule and a sentence that states it read the same constant. Rates are relative
 * (fractions of a level) unless the name says otherwise; times are seconds.
 */
public final class GroupThresholds {

  private GroupThresholds() {}

  // --- The sum that holds (SumHold) ----------------------------------------------------------

  /**
   * The sum "holds" while within 5% of its level: drives and links vary by 1-3% from one second to
   * the next, so a ceiling's sum stays inside this band while independent drives' sum moves out of
   * it whenever one of them changes.
   */
  public static final double SUM_HOLD_FRACTION = 0.05;

  /** A stretch shorter than this (6 s at 1 s) is too short to call a level. */
  public static final int MIN_STRETCH_INTERVALS = 6;

  /**
   * However noisy the sum, a band wider than 15% is no longer "held": at most this. (Noise this
   * large comes from sampling on a busy host, not from drives, whose seconds vary by 1-3%.)
   */
  public static final double MAX_HOLD_FRACTION = 0.15;

  /** At most a quarter of a held stretch may stray from its level (a busy host's hiccups). */
  public static final double MAX_STRAY_FRACTION = 0.25;

  /** The held stretch may begin this many intervals after the targets write together (a ramp). */
  public static final int START_SLACK_INTERVALS = 2;

  /**
   * The sum is judged over a second at least: a link or a throttle hands out its rate in slices, so
   * a sum sampled every half second swings around its level from one interval to the next.
   */
  public static final double SUM_SMOOTH_SECONDS = 1.0;

  // --- Held back, and traded (SharedCeilingDetector) ------------------------------------------

  /**
   * At most 85% of its solo rate: clearly held back. Solo passes and group runs of the same drive
   * differ by a few percent (noise, a different moment), never by 15%.
   */
  public static final double BELOW_SOLO_FRACTION = 0.85;

  /** Independent rates add their variances (ratio about 1); a traded ceiling keeps it far lower. */
  public static final double TRADE_VARIANCE_RATIO = 0.3;

  /**
   * A trade is only read when the targets move: their combined σ at least 2% of the sum's level
   * (below that the variances are measurement noise, and their ratio means nothing).
   */
  public static final double TRADE_MIN_SWING = 0.02;

  /**
   * A variance ratio is only trusted over 20 intervals or more: over 6, two independent series look
   * traded (sample correlation below -0.7) about one time in sixteen.
   */
  public static final int TRADE_MIN_INTERVALS = 20;

  /** Each target's first and last interval are partial (start-up, end) and left out. */
  public static final int EDGE_INTERVALS = 1;

  /** A cliff within 2 intervals of another target's start or end is caused by it. */
  public static final int ALIGN_INTERVALS = 2;

  // --- A target that drags the others (DragDetector) -------------------------------------------

  /** Intervals before and after a cliff over which levels are compared (medians). */
  public static final int DRAG_WINDOW = 3;

  /** A drop: the rate after is at most 70% of the rate before. */
  public static final double DRAG_DROP_FRACTION = 0.7;

  /** The others rose: their sum after is at least 1.15 times their sum before. */
  public static final double DRAG_RISE_FRACTION = 1.15;

  /** ...and they took at least 30% of what the dropping target gave up. */
  public static final double DRAG_TAKEN_FRACTION = 0.3;

  /** A stalled interval: at most 2% of the target's rate before (usually a recorded 0). */
  public static final double STALL_FRACTION = 0.02;

  /**
   * A stall that drags lasts at least a second (and two intervals): behind one queue a target may
   * get nothing for a moment while the others take it all, and that is the trade, not a stall.
   */
  public static final double STALL_MIN_SECONDS = 1.0;
}
