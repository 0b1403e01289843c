package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Fisher–Yates: a permutation, only of the range asked, every order equally likely. */
class RandomStreamsShuffleTest {
  @ParameterizedTest
  @ValueSource(longs = {3, 41, 2026})
  void everyOrderOfThreeIsEquallyLikely(long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    int draws = 60_000;
    int[] counts = new int[27];
    for (int d = 0; d < draws; d++) {
      int[] p = RandomStreams.permutation(3, rng);
      counts[p[0] * 9 + p[1] * 3 + p[2]]++;
    }
    // chi-square over the 6 orders, 5 degrees of freedom: 99.9% quantile 20.5
    double chi2 = 0;
    int orders = 0;
    for (int c : counts) {
      if (c > 0) {
        orders++;
        double e = draws / 6.0;
        chi2 += (c - e) * (c - e) / e;
      }
    }
    assertThat(orders).isEqualTo(6);
    assertThat(chi2).isLessThan(20.5);
  }

  @ParameterizedTest
  @ValueSource(longs = {5, 6})
  void onlyTheRangeMovesAndItStaysAPermutation(long seed) {
    int[] a = new int[20];
    Arrays.setAll(a, i -> i);
    RandomStreams.shuffle(a, 5, 15, RandomStreams.fromSeed(seed));
    for (int i = 0; i < 5; i++) {
      assertThat(a[i]).isEqualTo(i);
      assertThat(a[19 - i]).isEqualTo(19 - i);
    }
    int[] mid = Arrays.copyOfRange(a, 5, 15);
    Arrays.sort(mid);
    assertThat(mid).containsExactly(5, 6, 7, 8, 9, 10, 11, 12, 13, 14);
  }
}
