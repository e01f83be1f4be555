package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * An amount under 10 MB is said in MB (or kB, B), not as a gigabyte figure of one digit: a fill of
 * 1 MB said "over 0.001 GB", a group's 8.4 MB "at least 0.008 GB". From 10 MB on, GB as before.
 */
class SmallAmountWordsTest {

  @Test
  void underTenMegabytesIsInMegabytes() {
    assertThat(Phrase.gb(0.00104)).isEqualTo("1.0 MB");
    assertThat(Phrase.gb(0.0084)).isEqualTo("8.4 MB");
    assertThat(Phrase.of("cache at least {gb}", 0.0084)).isEqualTo("cache at least 8.4 MB");
    assertThat(Phrase.gb(0.0099)).isEqualTo("9.9 MB");
    assertThat(Phrase.gb(0.01)).isEqualTo("0.010 GB");
    assertThat(Phrase.gb(0.315)).isEqualTo("0.315 GB");
  }
}
