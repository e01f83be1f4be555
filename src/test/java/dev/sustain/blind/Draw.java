package dev.sustain.blind;

import java.util.List;
import java.util.SplittableRandom;

/** Random draws for the generators: uniform and log-uniform ranges, coins, picks. */
final class Draw {

  private final SplittableRandom random;

  Draw(SplittableRandom random) {
    this.random = random;
  }

  /** Uniform in [low, high). */
  double uniform(double low, double high) {
    return low + (high - low) * random.nextDouble();
  }

  /**
   * Log-uniform in [low, high): rates and sizes span decades, and a uniform draw would almost never
   * give the small ones.
   */
  double logUniform(double low, double high) {
    return Math.exp(uniform(Math.log(low), Math.log(high)));
  }

  /** An integer in [low, high]. */
  int between(int low, int high) {
    return low + random.nextInt(high - low + 1);
  }

  boolean chance(double probability) {
    return random.nextDouble() < probability;
  }

  double gaussian() {
    return random.nextGaussian();
  }

  /** A lognormal draw with the given mean and spread of its logarithm. */
  double lognormal(double mean, double logSpread) {
    // exp(mu + s^2/2) is the mean of a lognormal, so mu is shifted to keep the requested mean.
    double mu = Math.log(mean) - logSpread * logSpread / 2;
    return Math.exp(mu + logSpread * random.nextGaussian());
  }

  @SafeVarargs
  final <T> T pick(T... choices) {
    return choices[random.nextInt(choices.length)];
  }

  <T> T pick(List<T> choices) {
    return choices.get(random.nextInt(choices.size()));
  }

  /**
   * A sampling interval from 0.25 s to 5 s: the common settings more often (iostat and fio log at 1
   * s, the field reports at 1 s and 5 s), any value in the range sometimes.
   */
  double intervalSeconds() {
    if (chance(0.7)) {
      return pick(0.25, 0.5, 1.0, 1.0, 1.0, 2.0, 5.0);
    }
    return Math.round(logUniform(0.25, 5.0) * 100) / 100.0;
  }
}
