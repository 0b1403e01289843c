package org.occam.mrf.posterior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;
import org.occam.mrf.MrfData;
import org.occam.mrf.PairwiseGraph;

/**
 * The contrastive-divergence gradient against its expectation enumerated by hand: on one edge, one
 * sweep from a row (x0, x1) draws x0' with p0 = σ(θ0 + w x1), then x1' with σ(θ1 + w x0'), so
 * E[x0'] = p0, E[x1'] = p0 σ(θ1 + w) + (1 − p0) σ(θ1), E[x0' x1'] = p0 σ(θ1 + w).
 */
class ContrastiveDivergenceTest {
  private static final double[] LAMBDA = {0.3, -0.5, 1.2};

  @ParameterizedTest
  @ValueSource(longs = {1, 22, 333, 4444, 55555})
  void onOneEdgeTheAverageGradientIsTheEnumeratedExpectation(long seed) {
    MrfData data = PosteriorTestModels.oneEdge();
    ContrastiveDivergence cd = new ContrastiveDivergence(data, 1.0);
    double[] expected = expectedGradient(data);
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    int calls = 4000;
    double[] sum = new double[3];
    double[] squares = new double[3];
    double[] g = new double[3];
    for (int t = 0; t < calls; t++) {
      cd.gradient(LAMBDA, g, rng);
      for (int a = 0; a < 3; a++) {
        sum[a] += g[a];
        squares[a] += g[a] * g[a];
      }
    }
    for (int a = 0; a < 3; a++) {
      double mean = sum[a] / calls;
      double sd = Math.sqrt(Math.max(0, squares[a] / calls - mean * mean));
      // vertex 0's term is exact (its conditional probability given the data row): no variance
      assertThat(mean).as("feature " + a).isCloseTo(expected[a], within(4 * sd / Math.sqrt(calls) + 1e-9));
    }
  }

  @Test
  void withoutEdgesTheGradientIsExactAndDeterministic() {
    MrfData data = PosteriorTestModels.twoVertices();
    ContrastiveDivergence cd = new ContrastiveDivergence(data, 0.5);
    double[] lambda = {0.4, -1.3};
    double[] g = new double[2];
    cd.gradient(lambda, g, RandomStreams.fromSeed(3));
    double[] means = data.featureMeans();
    for (int i = 0; i < 2; i++) {
      double exact = data.rows() * (means[i] - 1 / (1 + Math.exp(-lambda[i]))) - 0.5 * lambda[i];
      assertThat(g[i]).isCloseTo(exact, within(1e-10));
    }
  }

  @Test
  void aMillionCopiesOfOneRowCostABoundedNumberOfSweeps() {
    MrfData data = PosteriorTestModels.rows(PairwiseGraph.complete(2), new int[][] {{1, 1}, {0, 1}}, 1e6, 3);
    ContrastiveDivergence cd = new ContrastiveDivergence(data, 1.0);
    assertThat(cd.sweepsPerGradient()).isBetween(2L, (long) ContrastiveDivergence.SWEEP_BUDGET + 2);
    double[] g = new double[3];
    cd.gradient(new double[] {2, 2, 3}, g, RandomStreams.fromSeed(4));
    for (double x : g) {
      assertThat(x).isFinite();
    }
  }

  private static double[] expectedGradient(MrfData data) {
    double t0 = LAMBDA[0];
    double t1 = LAMBDA[1];
    double w = LAMBDA[2];
    double[] model = new double[3];
    MrfData.RowTable table = data.table();
    for (int r = 0; r < table.size(); r++) {
      int x1 = table.x()[r][1];
      double c = table.counts()[r];
      double p0 = sigmoid(t0 + w * x1);
      model[0] += c * p0;
      model[1] += c * (p0 * sigmoid(t1 + w) + (1 - p0) * sigmoid(t1));
      model[2] += c * p0 * sigmoid(t1 + w);
    }
    double[] means = data.featureMeans();
    double[] g = new double[3];
    for (int a = 0; a < 3; a++) {
      g[a] = data.rows() * means[a] - model[a] - LAMBDA[a];
    }
    return g;
  }

  private static double sigmoid(double z) {
    return 1 / (1 + Math.exp(-z));
  }
}
