package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExactLogLikelihoodTest {
  static PairwiseGraph graph(int which) {
    return switch (which) {
      case 0 -> MrfTestModels.singleVertex();
      case 1 -> PairwiseGraph.complete(2);
      case 2 -> PairwiseGraph.complete(5);
      case 3 -> PairwiseGraph.grid(3, 3);
      default -> MrfTestModels.forest();
    };
  }

  /** Feature means of a random distribution over the graph's configurations (consistent data). */
  static MrfData randomData(PairwiseGraph g, long seed, double rows) {
    BoltzmannMachine m = MrfTestModels.random(g, seed, 1.0, 1.0);
    return new MrfData(g, rows, ExactInference.exact(m).featureMeans());
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 3, 4})
  void agreesWithExactInferenceAtManyPointsReusingItsTables(int which) {
    PairwiseGraph g = graph(which);
    MrfData data = randomData(g, 10 + which, 37);
    ExactLogLikelihood l = new ExactLogLikelihood(data, CliqueTree.build(g, JunctionTree.DEFAULT_MAX_CLIQUE_SIZE));
    SplittableRandom r = new SplittableRandom(which);
    int f = data.featureCount();
    double[] grad = new double[f];
    for (int trial = 0; trial < 20; trial++) {
      double[] lambda = new double[f];
      for (int a = 0; a < f; a++) {
        lambda[a] = 3 * (2 * r.nextDouble() - 1);
      }
      MrfInference exact = ExactEnumeration.run(new BoltzmannMachine(g, lambda), false);
      double dot = 0;
      for (int a = 0; a < f; a++) {
        dot += lambda[a] * data.featureMeans()[a];
      }
      double expected = data.rows() * (dot - exact.logZ());
      assertThat(l.valueAndGradient(lambda, grad)).isCloseTo(expected, within(1e-9 * (1 + Math.abs(expected))));
      assertThat(l.value(lambda)).isCloseTo(expected, within(1e-9 * (1 + Math.abs(expected))));
      double[] means = exact.featureMeans();
      for (int a = 0; a < f; a++) {
        assertThat(grad[a]).isCloseTo(data.rows() * (data.featureMeans()[a] - means[a]), within(1e-9));
      }
    }
  }

  @Test
  void gradientMatchesCentralFiniteDifferences() {
    PairwiseGraph g = PairwiseGraph.grid(2, 3);
    MrfData data = randomData(g, 5, 50);
    ExactLogLikelihood l = new ExactLogLikelihood(data, CliqueTree.build(g, JunctionTree.DEFAULT_MAX_CLIQUE_SIZE));
    int f = data.featureCount();
    double[] lambda = new double[f];
    SplittableRandom r = new SplittableRandom(7);
    for (int a = 0; a < f; a++) {
      lambda[a] = 2 * r.nextDouble() - 1;
    }
    double[] grad = new double[f];
    l.valueAndGradient(lambda, grad);
    double h = 1e-5;
    for (int a = 0; a < f; a++) {
      double[] up = lambda.clone();
      double[] down = lambda.clone();
      up[a] += h;
      down[a] -= h;
      double fd = (l.value(up) - l.value(down)) / (2 * h);
      assertThat(grad[a]).as("component %d", a).isCloseTo(fd, within(1e-5));
    }
  }

  @Test
  void aNonFiniteParameterGivesNaNNotAnException() {
    PairwiseGraph g = PairwiseGraph.complete(2);
    ExactLogLikelihood l = new ExactLogLikelihood(randomData(g, 1, 10), CliqueTree.build(g, JunctionTree.DEFAULT_MAX_CLIQUE_SIZE));
    double[] grad = new double[3];
    double v = l.valueAndGradient(new double[] {Double.POSITIVE_INFINITY, 0, 0}, grad);
    assertThat(Double.isFinite(v)).isFalse();
  }
}
