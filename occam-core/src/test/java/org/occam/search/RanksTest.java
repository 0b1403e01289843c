package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link Ranks}: competition ranking, ties shared, NaN last. */
class RanksTest {
  @Test
  void rankIsOnePlusTheNumberStrictlyHigher() {
    assertThat(Ranks.of(new double[] {-3, -1, -2, -1, -5})).containsExactly(4, 1, 3, 1, 5);
    assertThat(Ranks.of(new double[] {})).isEmpty();
    assertThat(Ranks.of(new double[] {7})).containsExactly(1);
  }

  @Test
  void nanRanksAfterEveryNumberAndInfinitiesAreNumbers() {
    assertThat(Ranks.of(new double[] {Double.NaN, -1, Double.NEGATIVE_INFINITY, Double.NaN, 0}))
        .containsExactly(4, 2, 3, 4, 1);
    assertThat(Ranks.of(new double[] {Double.NaN, Double.NaN})).containsExactly(1, 1);
  }

  /** The O(n log n) ranks equal the definition, counted directly, on random scores with ties, ±0, ±∞ and NaN. */
  @Test
  void ranksEqualTheDefinitionOnRandomScores() {
    double[] pool = {-2, -1, -0.0, 0.0, 1, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN, 3.5};
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
    for (int trial = 0; trial < 200; trial++) {
      double[] v = new double[1 + rnd.nextInt(30)];
      int numbers = 0;
      for (int i = 0; i < v.length; i++) {
        v[i] = rnd.nextInt(3) == 0 ? rnd.nextGaussian() : pool[rnd.nextInt(pool.length)];
        numbers += Double.isNaN(v[i]) ? 0 : 1;
      }
      int[] expected = new int[v.length];
      for (int i = 0; i < v.length; i++) {
        int higher = 0;
        for (double w : v) {
          higher += w > v[i] ? 1 : 0;
        }
        expected[i] = Double.isNaN(v[i]) ? numbers + 1 : higher + 1;
      }
      assertThat(Ranks.of(v)).as(java.util.Arrays.toString(v)).containsExactly(expected);
    }
  }

  @Test
  void bestFirstSortsDescendingWithTiesInIndexOrderAndNanLast() {
    assertThat(Ranks.bestFirst(new double[] {-3, Double.NaN, -1, -2, -1})).containsExactly(2, 4, 3, 0, 1);
  }
}
