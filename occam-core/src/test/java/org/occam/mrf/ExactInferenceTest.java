package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ExactInferenceTest {
  @Test
  void enumeratesSmallModelsAndUsesTheJunctionTreeForLargeSparseOnes() {
    BoltzmannMachine small = ExactEnumerationTest.random(PairwiseGraph.grid(3, 3), 1, 1.0);
    assertThat(ExactInference.exact(small)).isInstanceOf(ExactEnumeration.class);
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
