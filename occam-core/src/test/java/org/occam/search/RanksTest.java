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

  @Test
  void bestFirstSortsDescendingWithTiesInIndexOrderAndNanLast() {
    assertThat(Ranks.bestFirst(new double[] {-3, Double.NaN, -1, -2, -1})).containsExactly(2, 4, 3, 0, 1);
  }
}
