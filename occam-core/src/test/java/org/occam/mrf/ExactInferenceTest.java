package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ExactInferenceTest {
  @Test
  void picksWhicheverHasFewerTerms() {
    // K5: one clique of 5, 32 table entries, no fewer than the 2^5 configurations: enumeration
    BoltzmannMachine dense = ExactEnumerationTest.random(PairwiseGraph.complete(5), 1, 1.0);
    assertThat(ExactInference.exact(dense)).isInstanceOf(ExactEnumeration.class);
    // a 3×3 grid: cliques of at most 4 variables, far fewer entries than 2^9: the junction tree
    BoltzmannMachine small = ExactEnumerationTest.random(PairwiseGraph.grid(3, 3), 1, 1.0);
    assertThat(ExactInference.exact(small)).isInstanceOf(JunctionTree.class);
    assertThat(ExactInference.exact(small).logZ()).isCloseTo(ExactEnumeration.logPartition(small), within(1e-12));
    BoltzmannMachine large = ExactEnumerationTest.random(PairwiseGraph.grid(6, 6), 2, 1.0);
    assertThat(ExactInference.exact(large)).isInstanceOf(JunctionTree.class);
  }

  @Test
  void fallsBackToEnumerationForADenseGraphTooWideForTheTree() {
    BoltzmannMachine dense = ExactEnumerationTest.random(PairwiseGraph.complete(21), 3, 0.2);
    MrfInference e = ExactInference.exact(dense);
    assertThat(e).isInstanceOf(ExactEnumeration.class);
    assertThat(e.logZ()).isCloseTo(ExactEnumeration.logPartition(dense), within(1e-10));
  }

  @Test
  void covarianceAgreesWithEnumeration() {
    BoltzmannMachine m = ExactEnumerationTest.random(PairwiseGraph.grid(3, 3), 4, 2.0);
    double[][] c = ExactInference.covariance(m, 2);
    double[][] exact = ExactEnumeration.run(m, true).covariance();
    for (int a = 0; a < c.length; a++) {
      for (int b = 0; b < c.length; b++) {
        assertThat(c[a][b]).isCloseTo(exact[a][b], within(1e-10));
      }
    }
  }
}
