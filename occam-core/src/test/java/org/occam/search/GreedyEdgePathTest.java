package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.occam.mrf.PairwiseGraph;
import org.junit.jupiter.api.Test;

class GreedyEdgePathTest {
  @Test
  void anAdditiveScoreAddsEdgesInDecreasingWeightOrder() {
    for (long seed = 1; seed <= 5; seed++) {
      int v = 6;
      double[][] w = AdditiveEdgeScores.randomWeights(v, seed, 2.0);
      List<GreedyEdgePath.Step> path = GreedyEdgePath.run(v, AdditiveEdgeScores.of(w), 1);
      assertThat(path).hasSize(v * (v - 1) / 2 + 1);
      assertThat(path.get(0).added()).isNull();
      assertThat(path.get(0).graph().edgeCount()).isZero();
      assertThat(path.get(0).score()).isZero();
      double running = 0;
      for (int k = 1; k < path.size(); k++) {
        int[] e = path.get(k).added();
        running += w[e[0]][e[1]];
        assertThat(path.get(k).score()).isCloseTo(running, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(path.get(k).graph().edgeCount()).isEqualTo(k);
        assertThat(path.get(k).candidates()).isEqualTo(v * (v - 1) / 2 - (k - 1));
        if (k > 1) {
          int[] prev = path.get(k - 1).added();
          assertThat(w[e[0]][e[1]]).isLessThanOrEqualTo(w[prev[0]][prev[1]]);
        }
      }
      assertThat(path.get(path.size() - 1).graph().edgeCount()).isEqualTo(v * (v - 1) / 2);
    }
  }

  @Test
  void tiesGoToTheLexicographicallyEarlierEdge() {
    // every edge worth the same: the path adds 0-1, 0-2, 0-3, 1-2, 1-3, 2-3 in that order
    List<GreedyEdgePath.Step> path = GreedyEdgePath.run(4, g -> g.edgeCount(), 2);
    int[][] expected = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    for (int k = 1; k < path.size(); k++) {
      assertThat(path.get(k).added()).containsExactly(expected[k - 1]);
    }
    // the last graph keeps the order of addition
    assertThat(path.get(6).graph().edges()).isEqualTo(expected);
  }

  @Test
  void theSameResultWithOneAndTwoThreadsAndEveryCandidateScoredOnce() {
    int v = 5;
    double[][] w = AdditiveEdgeScores.randomWeights(v, 42, 2.0);
    AtomicInteger calls = new AtomicInteger();
    MrfGraphScore counted = g -> {
      calls.incrementAndGet();
      return AdditiveEdgeScores.of(w).logScore(g);
    };
    List<GreedyEdgePath.Step> one = GreedyEdgePath.run(v, counted, 1);
    int callsOne = calls.getAndSet(0);
    List<GreedyEdgePath.Step> two = GreedyEdgePath.run(v, counted, 2);
    assertThat(calls.get()).isEqualTo(callsOne);
    // 1 + 10 + 9 + … + 1
    assertThat(callsOne).isEqualTo(1 + 10 * 11 / 2);
    assertThat(two).hasSameSizeAs(one);
    for (int k = 0; k < one.size(); k++) {
      assertThat(two.get(k).graph()).isEqualTo(one.get(k).graph());
      assertThat(two.get(k).score()).isEqualTo(one.get(k).score());
    }
  }

  @Test
  void oneVertexIsAPathOfTheEmptyGraphAlone() {
    List<GreedyEdgePath.Step> path = GreedyEdgePath.run(1, PairwiseGraph::edgeCount, 3);
    assertThat(path).hasSize(1);
    assertThat(path.get(0).graph().vertexCount()).isEqualTo(1);
  }
}
