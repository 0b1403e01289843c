package org.occam.rbm;

import org.occam.math.Logistic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

class RbmTest {
  @Test
  void parametersAreStoredInTheDocumentedFeatureOrder() {
    Rbm rbm = Rbm.of(new double[][] {{1, 2}, {3, 4}, {5, 6}}, new double[] {7, 8, 9}, new double[] {10, 11});
    assertThat(rbm.parameters()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
    assertThat(rbm.featureCount()).isEqualTo(11);
    assertThat(rbm.weight(2, 1)).isEqualTo(6);
    assertThat(rbm.weightIndex(2, 1)).isEqualTo(5);
    assertThat(rbm.visibleBias(1)).isEqualTo(8);
    assertThat(rbm.visibleBiasIndex(1)).isEqualTo(7);
    assertThat(rbm.hiddenBias(1)).isEqualTo(11);
    assertThat(rbm.hiddenBiasIndex(1)).isEqualTo(10);
    assertThat(rbm.featureName(5)).isEqualTo("W[2,1]");
    assertThat(rbm.featureName(7)).isEqualTo("α[1]");
    assertThat(rbm.featureName(10)).isEqualTo("β[1]");
  }

  @Test
  void featuresAndLogPotentialAgreeWithTheDefinition() {
    Rbm rbm = Rbm.of(new double[][] {{0.5, -1}, {2, 0.25}, {-3, 1.5}}, new double[] {0.1, -0.2, 0.3},
        new double[] {-0.4, 0.6});
    int[] x = {1, 0, 1};
    int[] z = {1, 1};
    double[] f = new double[rbm.featureCount()];
    rbm.features(x, z, f);
    assertThat(f).containsExactly(1, 1, 0, 0, 1, 1, 1, 0, 1, 1, 1);
    // xᵀWz + αᵀx + βᵀz = (0.5 − 1 − 3 + 1.5) + (0.1 + 0.3) + (−0.4 + 0.6)
    assertThat(rbm.logPotential(x, z)).isCloseTo(-2 + 0.4 + 0.2, within(1e-15));
    assertThat(RbmBruteForce.dot(rbm, x, z)).isCloseTo(rbm.logPotential(x, z), within(1e-15));
  }

  @Test
  void closedFormLogZGivenVisibleEqualsTheSumOverHiddenStates() {
    UniformRandomProvider rng = RandomStreams.fromSeed(11);
    double worst = 0;
    for (int v = 1; v <= 5; v++) {
      for (int k = 1; k <= 5; k++) {
        Rbm rbm = RbmBruteForce.random(v, k, 2, rng);
        for (int c = 0; c < 1 << v; c++) {
          int[] x = RbmBruteForce.bits(c, v);
          double diff = Math.abs(rbm.logZGivenVisible(x) - RbmBruteForce.logZGivenVisible(rbm, x));
          worst = Math.max(worst, diff);
          assertThat(diff).as("V=%d K=%d x=%d", v, k, c).isLessThan(1e-12);
        }
      }
    }
    System.out.printf("log Z(x, λ) closed form vs sum over z: largest difference %.2e%n", worst);
  }

  @Test
  void closedFormLogZGivenHiddenEqualsTheSumOverVisibleStates() {
    Rbm rbm = RbmBruteForce.random(4, 3, 2, RandomStreams.fromSeed(12));
    for (int cz = 0; cz < 8; cz++) {
      int[] z = RbmBruteForce.bits(cz, 3);
      double[] lp = new double[16];
      for (int cx = 0; cx < 16; cx++) {
        lp[cx] = rbm.logPotential(RbmBruteForce.bits(cx, 4), z);
      }
      assertThat(rbm.logZGivenHidden(z)).isCloseTo(org.occam.math.LogSpace.logSumExp(lp), within(1e-12));
    }
  }

  @Test
  void conditionalMomentsEqualTheSumsOverHiddenStates() {
    Rbm rbm = RbmBruteForce.random(3, 3, 1.5, RandomStreams.fromSeed(13));
    int f = rbm.featureCount();
    double[] feat = new double[f];
    double[] mean = new double[f];
    double[][] cov = new double[f][f];
    for (int cx = 0; cx < 8; cx++) {
      int[] x = RbmBruteForce.bits(cx, 3);
      double logZx = rbm.logZGivenVisible(x);
      double[] m = new double[f];
      double[][] s2 = new double[f][f];
      for (int cz = 0; cz < 8; cz++) {
        int[] z = RbmBruteForce.bits(cz, 3);
        double p = Math.exp(rbm.logPotential(x, z) - logZx);
        rbm.features(x, z, feat);
        for (int a = 0; a < f; a++) {
          m[a] += p * feat[a];
          for (int b = 0; b < f; b++) {
            s2[a][b] += p * feat[a] * feat[b];
          }
        }
      }
      rbm.conditionalFeatureMeans(x, mean);
      rbm.conditionalFeatureCovariance(x, cov);
      double[] sigma = new double[3];
      rbm.hiddenPosteriorMeans(x, sigma);
      for (int k = 0; k < 3; k++) {
        assertThat(sigma[k]).isCloseTo(m[rbm.hiddenBiasIndex(k)], within(1e-13));
      }
      for (int a = 0; a < f; a++) {
        assertThat(mean[a]).as("E[%s | x=%d]", rbm.featureName(a), cx).isCloseTo(m[a], within(1e-13));
        for (int b = 0; b < f; b++) {
          assertThat(cov[a][b]).as("Cov(%s, %s | x=%d)", rbm.featureName(a), rbm.featureName(b), cx)
              .isCloseTo(s2[a][b] - m[a] * m[b], within(1e-13));
        }
      }
    }
  }

  @Test
  void largeParametersStayFinite() {
    Rbm rbm = RbmBruteForce.random(4, 3, 50, RandomStreams.fromSeed(14));
    double[] mean = new double[rbm.featureCount()];
    for (int c = 0; c < 16; c++) {
      int[] x = RbmBruteForce.bits(c, 4);
      double logZx = rbm.logZGivenVisible(x);
      assertThat(logZx).isFinite().isCloseTo(RbmBruteForce.logZGivenVisible(rbm, x), within(1e-10));
      rbm.conditionalFeatureMeans(x, mean);
      for (double m : mean) {
        assertThat(m).isFinite().isBetween(0.0, 1.0);
      }
    }
    assertThat(Logistic.softplus(800)).isEqualTo(800);
    assertThat(Logistic.softplus(-800)).isEqualTo(0);
    assertThat(Logistic.softplus(-40)).isCloseTo(Math.exp(-40), within(1e-30));
    assertThat(Logistic.sigmoid(-800)).isEqualTo(0);
    assertThat(Logistic.sigmoid(800)).isEqualTo(1);
    assertThat(Logistic.sigmoid(0)).isEqualTo(0.5);
  }

  @Test
  void validationNamesTheProblem() {
    assertThatThrownBy(() -> new Rbm(0, 2, new double[2])).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one visible and one hidden unit");
    assertThatThrownBy(() -> new Rbm(2, 2, new double[7])).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("V·K + V + K = 8 parameters, got 7");
    double[] bad = new double[8];
    bad[5] = Double.NaN;
    assertThatThrownBy(() -> new Rbm(2, 2, bad)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("parameter 5 (α[1]) is not finite");
    assertThatThrownBy(() -> Rbm.of(new double[][] {{1}, {2, 3}}, new double[2], new double[1]))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row 1 of W");
    Rbm rbm = Rbm.zero(2, 2);
    assertThatThrownBy(() -> rbm.logZGivenVisible(new int[] {1, 2})).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("visible unit 1 must be 0 or 1, got 2");
    assertThatThrownBy(() -> rbm.logPotential(new int[] {1, 0}, new int[3]))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hidden configuration needs 2 units, got 3");
  }
}
