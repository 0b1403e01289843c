package org.occam.rbm.posterior;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.math.Logistic;
import org.occam.math.RandomStreams;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmEnumeration;

/**
 * The CD-1 gradient against its expectations computed by enumeration: the model's gradient when
 * the chains start at the model's own distribution (one Gibbs step keeps it), the one-step
 * kernel's on data rows, and the exact two-point law of the reconstruction with V = K = 1.
 */
class RbmContrastiveDivergenceGradientTest {
  private static final int DRAWS = 4000;
  private static final double SIGMA = 1;

  private static Rbm randomRbm(int v, int k, long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    double[] l = new double[v * k + v + k];
    for (int a = 0; a < l.length; a++) {
      l[a] = normal.sample();
    }
    return new Rbm(v, k, l);
  }

  static int[] bits(int c, int n) {
    int[] s = new int[n];
    for (int j = 0; j < n; j++) {
      s[j] = (c >>> j) & 1;
    }
    return s;
  }

  /** Mean and standard error of DRAWS gradient estimates, per coordinate: {mean, se}. */
  private static double[][] average(RbmContrastiveDivergenceGradient cd, double[] lambda, long seed) {
    int f = lambda.length;
    double[] sum = new double[f];
    double[] sq = new double[f];
    double[] g = new double[f];
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    for (int t = 0; t < DRAWS; t++) {
      cd.gradient(lambda, g, rng);
      for (int a = 0; a < f; a++) {
        sum[a] += g[a];
        sq[a] += g[a] * g[a];
      }
    }
    double[] mean = new double[f];
    double[] se = new double[f];
    for (int a = 0; a < f; a++) {
      mean[a] = sum[a] / DRAWS;
      se[a] = Math.sqrt(Math.max(0, sq[a] / DRAWS - mean[a] * mean[a]) / DRAWS);
    }
    return new double[][] {mean, se};
  }

  @ParameterizedTest
  @ValueSource(longs = {11, 22, 33, 44, 55})
  void startedAtTheModelsDistributionItsMeanIsTheExactGradient(long seed) {
    int v = 3;
    int k = 2;
    Rbm rbm = randomRbm(v, k, seed);
    double n = 40;
    int[][] rows = new int[1 << v][];
    double[] weights = new double[rows.length];
    double logZ = RbmEnumeration.logPartition(rbm, 1);
    for (int c = 0; c < rows.length; c++) {
      rows[c] = bits(c, v);
      weights[c] = n * Math.exp(rbm.logZGivenVisible(rows[c]) - logZ);
    }
    RbmContrastiveDivergenceGradient cd = new RbmContrastiveDivergenceGradient(v, k, rows, weights, SIGMA, 4);
    double[] lambda = rbm.parameters();
    // exact: Σ_x w_x E[f | x] − N E_λ[f] − λ/σ0²
    double[] exact = new double[lambda.length];
    double[] m = new double[lambda.length];
    for (int c = 0; c < rows.length; c++) {
      rbm.conditionalFeatureMeans(rows[c], m);
      for (int a = 0; a < m.length; a++) {
        exact[a] += weights[c] * m[a];
      }
    }
    double[] model = RbmEnumeration.run(rbm, 1, false).featureMeans();
    for (int a = 0; a < exact.length; a++) {
      exact[a] += -n * model[a] - lambda[a] / (SIGMA * SIGMA);
    }
    double[][] avg = average(cd, lambda, seed + 1);
    for (int a = 0; a < exact.length; a++) {
      assertThat(avg[0][a]).as("coordinate " + a + " se " + avg[1][a])
          .isCloseTo(exact[a], org.assertj.core.data.Offset.offset(4 * avg[1][a] + 1e-12));
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {11, 22, 33, 44, 55})
  void onDataRowsItsMeanIsTheOneStepKernels(long seed) {
    int v = 3;
    int k = 2;
    Rbm rbm = randomRbm(v, k, seed);
    int[][] rows = {{1, 0, 1}, {0, 0, 0}, {1, 1, 1}, {0, 1, 0}};
    double[] counts = {7, 3, 1, 30};
    RbmContrastiveDivergenceGradient cd = new RbmContrastiveDivergenceGradient(v, k, rows, counts, SIGMA, 16);
    double[] lambda = rbm.parameters();
    int f = lambda.length;
    double[] expected = new double[f];
    double[] m = new double[f];
    double[] mz = new double[k];
    for (int n = 0; n < rows.length; n++) {
      rbm.conditionalFeatureMeans(rows[n], m);
      for (int a = 0; a < f; a++) {
        expected[a] += counts[n] * m[a];
      }
      rbm.hiddenPosteriorMeans(rows[n], mz);
      for (int cz = 0; cz < 1 << k; cz++) {
        int[] z = bits(cz, k);
        double pz = 1;
        for (int u = 0; u < k; u++) {
          pz *= z[u] == 1 ? mz[u] : 1 - mz[u];
        }
        double[] fields = new double[v];
        rbm.visibleFields(z, fields);
        for (int cx = 0; cx < 1 << v; cx++) {
          int[] x = bits(cx, v);
          double px = 1;
          for (int i = 0; i < v; i++) {
            double s = Logistic.sigmoid(fields[i]);
            px *= x[i] == 1 ? s : 1 - s;
          }
          rbm.conditionalFeatureMeans(x, m);
          for (int a = 0; a < f; a++) {
            expected[a] -= counts[n] * pz * px * m[a];
          }
        }
      }
    }
    for (int a = 0; a < f; a++) {
      expected[a] -= lambda[a] / (SIGMA * SIGMA);
    }
    double[][] avg = average(cd, lambda, seed + 1);
    for (int a = 0; a < f; a++) {
      assertThat(avg[0][a]).as("coordinate " + a + " se " + avg[1][a])
          .isCloseTo(expected[a], org.assertj.core.data.Offset.offset(4 * avg[1][a] + 1e-12));
    }
  }

  /**
   * With V = K = 1 a reconstruction is one bit x', with {@code P(x' = 1 | x) = Σ_z p(z | x) σ(α + W z)};
   * the gradient of α is {@code x − x' − α/σ0²}, so its two values must come with those frequencies.
   */
  @ParameterizedTest
  @ValueSource(longs = {11, 22, 33, 44, 55})
  void withOneVisibleAndOneHiddenUnitTheReconstructionHasTheExactLaw(long seed) {
    Rbm rbm = randomRbm(1, 1, seed);
    double[] lambda = rbm.parameters();
    int alpha = rbm.visibleBiasIndex(0);
    for (int x = 0; x <= 1; x++) {
      RbmContrastiveDivergenceGradient cd = new RbmContrastiveDivergenceGradient(1, 1, new int[][] {{x}},
          new double[] {1}, SIGMA, 1);
      double pz = Logistic.sigmoid(rbm.hiddenBias(0) + x * rbm.weight(0, 0));
      double p1 = pz * Logistic.sigmoid(rbm.visibleBias(0) + rbm.weight(0, 0))
          + (1 - pz) * Logistic.sigmoid(rbm.visibleBias(0));
      UniformRandomProvider rng = RandomStreams.fromSeed(seed + 7 + x);
      double[] g = new double[3];
      int ones = 0;
      for (int t = 0; t < DRAWS; t++) {
        cd.gradient(lambda, g, rng);
        double reconstructed = x - lambda[alpha] / (SIGMA * SIGMA) - g[alpha];
        assertThat(Math.abs(reconstructed - Math.rint(reconstructed))).isLessThan(1e-12);
        ones += (int) Math.rint(reconstructed);
      }
      double se = Math.sqrt(p1 * (1 - p1) / DRAWS);
      assertThat((double) ones / DRAWS).as("start x = " + x).isCloseTo(p1,
          org.assertj.core.data.Offset.offset(4 * se));
    }
  }

}
