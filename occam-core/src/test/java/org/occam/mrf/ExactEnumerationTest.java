package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ExactEnumerationTest {
  static BoltzmannMachine random(PairwiseGraph g, long seed, double scale) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] lambda = new double[g.vertexCount() + g.edgeCount()];
    for (int k = 0; k < lambda.length; k++) {
      lambda[k] = scale * (2 * r.nextDouble() - 1);
    }
    return new BoltzmannMachine(g, lambda);
  }

  /** A naive sum over configurations written from the definition, independent of the Gray-code walk. */
  static double[] naiveMeansAndLogZ(BoltzmannMachine m) {
    int v = m.variableCount();
    int f = m.featureCount();
    double z = 0;
    double[] s = new double[f + 1];
    double[] feat = new double[f];
    int[] x = new int[v];
    for (int c = 0; c < 1 << v; c++) {
      for (int i = 0; i < v; i++) {
        x[i] = (c >> i) & 1;
      }
      double p = Math.exp(m.logPotential(x));
      z += p;
      m.features(x, feat);
      for (int a = 0; a < f; a++) {
        s[a] += p * feat[a];
      }
    }
    for (int a = 0; a < f; a++) {
      s[a] /= z;
    }
    s[f] = Math.log(z);
    return s;
  }

  @Test
  void agreesWithTheNaiveSumOnAComplete5Graph() {
    BoltzmannMachine m = random(PairwiseGraph.complete(5), 7, 1.5);
    double[] naive = naiveMeansAndLogZ(m);
    ExactEnumeration e = ExactEnumeration.run(m, false);
    assertThat(e.logZ()).isCloseTo(naive[m.featureCount()], within(1e-12));
    assertThat(ExactEnumeration.logPartition(m)).isCloseTo(naive[m.featureCount()], within(1e-12));
    double[] mean = e.featureMeans();
    for (int a = 0; a < m.featureCount(); a++) {
      assertThat(mean[a]).as("E[f_%d]", a).isCloseTo(naive[a], within(1e-12));
    }
  }

  @Test
  void meansAndCovarianceAreTheDerivativesOfLogZ() {
    BoltzmannMachine m = random(PairwiseGraph.grid(2, 3), 11, 1.0);
    ExactEnumeration e = ExactEnumeration.run(m, true);
    double[] mean = e.featureMeans();
    double[][] cov = e.covariance();
    double[] lambda = m.parameters();
    double h = 1e-4;
    for (int a = 0; a < lambda.length; a++) {
      double[] up = lambda.clone();
      double[] down = lambda.clone();
      up[a] += h;
      down[a] -= h;
      ExactEnumeration eu = ExactEnumeration.run(m.withParameters(up), false);
      ExactEnumeration ed = ExactEnumeration.run(m.withParameters(down), false);
      assertThat((eu.logZ() - ed.logZ()) / (2 * h)).as("dlogZ/dλ_%d", a).isCloseTo(mean[a], within(1e-7));
      double[] mu = eu.featureMeans();
      double[] md = ed.featureMeans();
      for (int b = 0; b < lambda.length; b++) {
        assertThat((mu[b] - md[b]) / (2 * h)).as("dE[f_%d]/dλ_%d", b, a).isCloseTo(cov[a][b], within(1e-7));
      }
    }
  }

  @Test
  void largeParametersDoNotOverflow() {
    BoltzmannMachine m = random(PairwiseGraph.complete(4), 3, 400);
    double[] lambda = m.parameters();
    double shift = 1000;
    lambda[0] += shift;
    BoltzmannMachine big = m.withParameters(lambda);
    assertThat(ExactEnumeration.run(big, true).logZ()).isFinite().isGreaterThan(shift);
  }

  @Test
  void spinModelGivesTheSameDistribution() {
    PairwiseGraph g = PairwiseGraph.grid(2, 2);
    double[] h = {0.3, -0.2, 0.5, 0.1};
    double[] j = {0.4, -0.7, 0.2, 0.9};
    BoltzmannMachine m = BoltzmannMachine.fromSpins(g, h, j);
    // p(s) ∝ exp(Σ h s + Σ J s s): compare normalised probabilities configuration by configuration.
    double zs = 0;
    double[] ps = new double[16];
    for (int c = 0; c < 16; c++) {
      double lp = 0;
      for (int i = 0; i < 4; i++) {
        lp += h[i] * (2 * ((c >> i) & 1) - 1);
      }
      for (int e = 0; e < 4; e++) {
        lp += j[e] * (2 * ((c >> g.edgeFrom(e)) & 1) - 1) * (2 * ((c >> g.edgeTo(e)) & 1) - 1);
      }
      ps[c] = Math.exp(lp);
      zs += ps[c];
    }
    double logZ = ExactEnumeration.logPartition(m);
    int[] x = new int[4];
    for (int c = 0; c < 16; c++) {
      for (int i = 0; i < 4; i++) {
        x[i] = (c >> i) & 1;
      }
      assertThat(Math.exp(m.logPotential(x) - logZ)).isCloseTo(ps[c] / zs, within(1e-12));
    }
  }

  @Test
  void refusesTooManyVariables() {
    BoltzmannMachine m = BoltzmannMachine.zero(PairwiseGraph.grid(1, 26));
    assertThatThrownBy(() -> ExactEnumeration.run(m, false)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("26").hasMessageContaining("junction tree");
  }

  @Test
  void graphRejectsSelfLoopsAndRepeats() {
    assertThatThrownBy(() -> new PairwiseGraph(3, new int[][] {{1, 1}})).hasMessageContaining("self-loop");
    assertThatThrownBy(() -> new PairwiseGraph(3, new int[][] {{0, 1}, {1, 0}})).hasMessageContaining("twice");
    assertThatThrownBy(() -> new PairwiseGraph(3, new int[][] {{0, 3}})).hasMessageContaining("outside");
    assertThat(PairwiseGraph.grid(3, 3).isForest()).isFalse();
    assertThat(new PairwiseGraph(4, new int[][] {{0, 1}, {1, 2}, {1, 3}}).isForest()).isTrue();
  }
}
