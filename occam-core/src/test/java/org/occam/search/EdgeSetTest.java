package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.occam.mrf.PairwiseGraph;
import org.junit.jupiter.api.Test;

class EdgeSetTest {
  @Test
  void pairIndicesRunInLexicographicOrderAndInvert() {
    for (int v = 1; v <= 12; v++) {
      int p = 0;
      for (int i = 0; i < v; i++) {
        for (int j = i + 1; j < v; j++, p++) {
          assertThat(EdgeSet.pairIndex(v, i, j)).isEqualTo(p);
          assertThat(EdgeSet.pairIndex(v, j, i)).isEqualTo(p);
          assertThat(EdgeSet.pair(v, p)).containsExactly(i, j);
        }
      }
      assertThat(p).isEqualTo(EdgeSet.pairCount(v));
    }
    assertThatThrownBy(() -> EdgeSet.pairIndex(4, 2, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EdgeSet.pairIndex(4, 0, 4)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theEdgeOrderOfAGraphDoesNotChangeItsEdgeSet() {
    PairwiseGraph a = new PairwiseGraph(5, new int[][] {{3, 1}, {0, 4}, {2, 3}});
    PairwiseGraph b = new PairwiseGraph(5, new int[][] {{2, 3}, {1, 3}, {4, 0}});
    assertThat(a).isNotEqualTo(b);
    assertThat(EdgeSet.of(a)).isEqualTo(EdgeSet.of(b)).hasSameHashCodeAs(EdgeSet.of(b));
    assertThat(EdgeSet.of(a).toGraph().edges()).isEqualTo(new int[][] {{0, 4}, {1, 3}, {2, 3}});
    assertThat(EdgeSet.of(a).size()).isEqualTo(3);
    assertThat(EdgeSet.of(a).degrees()).containsExactly(1, 1, 1, 2, 1);
  }

  @Test
  void toggleAddsAndRemovesWithoutChangingTheOriginal() {
    EdgeSet e = EdgeSet.empty(20);
    int p = EdgeSet.pairIndex(20, 17, 19); // beyond the first 64-bit word
    EdgeSet one = e.toggle(p);
    assertThat(e.size()).isZero();
    assertThat(one.contains(17, 19)).isTrue();
    assertThat(one.toggle(p)).isEqualTo(e);
    assertThat(EdgeSet.complete(20).size()).isEqualTo(190);
    assertThat(EdgeSet.complete(20).toGraph()).isEqualTo(PairwiseGraph.complete(20));
  }

  @Test
  void masksMapBitsToPairs() {
    EdgeSet s = EdgeSet.fromMask(4, 0b100001);
    assertThat(s.toGraph().edges()).isEqualTo(new int[][] {{0, 1}, {2, 3}});
    assertThatThrownBy(() -> EdgeSet.fromMask(4, 1 << 6)).isInstanceOf(IllegalArgumentException.class);
  }
}
