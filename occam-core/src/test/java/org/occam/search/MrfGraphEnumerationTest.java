package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.occam.mrf.PairwiseGraph;
import org.junit.jupiter.api.Test;

class MrfGraphEnumerationTest {
  @Test
  void everyGraphOnSixVerticesOnceInIndexOrder() {
    List<PairwiseGraph> all = MrfGraphEnumeration.all(6);
    assertThat(all).hasSize(1 << 15);
    Set<EdgeSet> seen = new HashSet<>();
    int[] byEdgeCount = new int[16];
    for (int k = 0; k < all.size(); k++) {
      PairwiseGraph g = all.get(k);
      assertThat(g.vertexCount()).isEqualTo(6);
      EdgeSet s = EdgeSet.of(g);
      assertThat(seen.add(s)).isTrue();
      assertThat(s).isEqualTo(EdgeSet.fromMask(6, k));
      byEdgeCount[g.edgeCount()]++;
    }
    // C(15, m) graphs with m edges
    long binomial = 1;
    for (int m = 0; m <= 15; m++) {
      assertThat(byEdgeCount[m]).isEqualTo(binomial);
      binomial = binomial * (15 - m) / (m + 1);
    }
    assertThat(all.get(0).edgeCount()).isZero();
    assertThat(all.get(all.size() - 1)).isEqualTo(PairwiseGraph.complete(6));
  }

  @Test
  void smallCountsByHand() {
    assertThat(MrfGraphEnumeration.all(1)).containsExactly(new PairwiseGraph(1, new int[0][]));
    assertThat(MrfGraphEnumeration.all(3)).hasSize(8);
    assertThat(MrfGraphEnumeration.all(3).get(5).edges()).isEqualTo(new int[][] {{0, 1}, {1, 2}});
    assertThat(MrfGraphEnumeration.count(4)).isEqualTo(64);
    assertThat(MrfGraphEnumeration.count(12)).isEqualTo(Long.MAX_VALUE);
    assertThat(MrfGraphEnumeration.maxVertices(MrfGraphEnumeration.DEFAULT_LIMIT)).isEqualTo(6);
    assertThat(MrfGraphEnumeration.maxVertices(64)).isEqualTo(4);
  }

  @Test
  void refusesAboveTheLimitWithAOneLineMessage() {
    assertThatThrownBy(() -> MrfGraphEnumeration.all(7)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2^21 = 2097152").hasMessageContaining("32768").hasMessageNotContaining("\n");
    assertThatThrownBy(() -> MrfGraphEnumeration.all(4, 63)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at most 3 variables");
    assertThatThrownBy(() -> MrfGraphEnumeration.all(20)).isInstanceOf(IllegalArgumentException.class);
    assertThat(MrfGraphEnumeration.all(7, 1L << 21)).hasSize(1 << 21);
  }

  @Test
  void theChordalGraphsAreTheDecomposableOnesInIndexOrder() {
    List<PairwiseGraph> chordal = MrfGraphEnumeration.chordal(6, MrfGraphEnumeration.DEFAULT_LIMIT);
    assertThat(chordal).hasSize(18154); // OEIS A058862
    assertThat(chordal.get(0).edgeCount()).isZero();
    assertThat(chordal.get(chordal.size() - 1)).isEqualTo(PairwiseGraph.complete(6));
    assertThat(MrfGraphEnumeration.chordal(4, 64)).hasSize(61)
        .doesNotContain(new PairwiseGraph(4, new int[][] {{0, 1}, {0, 2}, {1, 3}, {2, 3}}));
    assertThatThrownBy(() -> MrfGraphEnumeration.chordal(7, MrfGraphEnumeration.DEFAULT_LIMIT))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2^21");
  }
}
