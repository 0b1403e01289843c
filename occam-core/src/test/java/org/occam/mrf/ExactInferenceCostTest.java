package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class ExactInferenceCostTest {
  @Test
  void knownTreewidths() {
    // a chain and a star are trees: cliques of 2
    assertThat(ExactInferenceCost.of(new PairwiseGraph(5, new int[][] {{0, 1}, {1, 2}, {2, 3}, {3, 4}}))
        .largestClique()).isEqualTo(2);
    assertThat(ExactInferenceCost.of(new PairwiseGraph(5, new int[][] {{0, 1}, {0, 2}, {0, 3}, {0, 4}}))
        .largestClique()).isEqualTo(2);
    // a cycle has treewidth 2, a 3x3 grid 3, the complete graph V - 1
    assertThat(ExactInferenceCost.of(new PairwiseGraph(4, new int[][] {{0, 1}, {1, 2}, {2, 3}, {0, 3}}))
        .largestClique()).isEqualTo(3);
    assertThat(ExactInferenceCost.of(PairwiseGraph.grid(3, 3)).largestClique()).isEqualTo(4);
    assertThat(ExactInferenceCost.of(PairwiseGraph.complete(7)).largestClique()).isEqualTo(7);
    // no edges: cliques of one variable, V of them with 2 states each
    assertThat(ExactInferenceCost.of(new PairwiseGraph(3, new int[0][])))
        .isEqualTo(new ExactInferenceCost(1, BigInteger.valueOf(6)));
  }

  @Test
  void beyondTheJunctionTreesLimitItStillCounts() {
    ExactInferenceCost forty = ExactInferenceCost.of(PairwiseGraph.complete(40));
    assertThat(forty.largestClique()).isEqualTo(40);
    assertThat(forty.largestCliqueStates()).isEqualTo(BigInteger.TWO.pow(40));
    assertThat(ExactInferenceCost.complete(40).largestClique()).isEqualTo(40);
  }

  @Test
  void agreesWithTheJunctionTreeItWouldBuild() {
    PairwiseGraph[] graphs = {PairwiseGraph.grid(4, 4), PairwiseGraph.grid(3, 5), PairwiseGraph.complete(5),
        new PairwiseGraph(6, new int[][] {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 5}, {5, 3}})};
    for (PairwiseGraph g : graphs) {
      assertThat(ExactInferenceCost.of(g).largestClique()).isEqualTo(CliqueTree.build(g, 30).maxCliqueSize());
    }
  }
}
