package org.occam.crf.posterior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.crf.ChainInference;
import org.occam.crf.CrfData;
import org.occam.crf.CrfFeatures;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfTestModels;

/**
 * The CRF contrastive-divergence gradient against the exact distribution of one Gibbs sweep
 * (enumerated over the 2^L sequences of draws), and against the exact gradient when there are no
 * couplings.
 */
class ChainContrastiveDivergenceTest {

  @ParameterizedTest
  @ValueSource(longs = {3, 4, 5})
  void itsMeanIsTheExpectationOfOneGibbsSweepFromTheData(long seed) {
    UniformRandomProvider rng = RandomSource.SPLIT_MIX_64.create(seed);
    CrfData data = CrfTestModels.randomData(rng, 2, 4, 5, 3);
    CrfFeatures f = CrfModel.full(data.labelStates(), data.inputNames()).featurize(data);
    int d = f.dimension();
    double[] lambda = new double[d];
    for (int k = 0; k < d; k++) {
      lambda[k] = 2 * rng.nextDouble() - 1;
    }
    double prior = 0.5;
    // exact: Σ_n f(t_n) − Σ_n Φ_nᵀ E[u(t̃_n)] − λ/σ0²
    double[] expected = new double[d];
    for (int n = 0; n < f.size(); n++) {
      double[] s = f.statistics(n, f.spins(n));
      double[] eu = sweepExpectation(f.potentials(n, lambda), f.spins(n));
      for (int k = 0; k < d; k++) {
        expected[k] += s[k];
      }
      f.addProjected(n, eu, -1.0, expected);
    }
    for (int k = 0; k < d; k++) {
      expected[k] -= prior * lambda[k];
    }
    ChainContrastiveDivergence cd = new ChainContrastiveDivergence(f, prior);
    int m = 20_000;
    double[] sum = new double[d];
    double[] sumSq = new double[d];
    double[] g = new double[d];
    UniformRandomProvider draws = RandomSource.SPLIT_MIX_64.create(seed + 100);
    for (int r = 0; r < m; r++) {
      cd.gradient(lambda, g, draws);
      for (int k = 0; k < d; k++) {
        sum[k] += g[k];
        sumSq[k] += g[k] * g[k];
      }
    }
    for (int k = 0; k < d; k++) {
      double mean = sum[k] / m;
      double se = Math.sqrt(Math.max(0, sumSq[k] / m - mean * mean) / m);
      assertThat(mean).as("component " + k).isCloseTo(expected[k], within(4 * se + 1e-12));
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {3, 4, 5})
  void withoutCouplingsItIsTheExactGradient(long seed) {
    UniformRandomProvider rng = RandomSource.SPLIT_MIX_64.create(seed);
    CrfData data = CrfTestModels.randomData(rng, 2, 4, 5, 3);
    CrfModel model = new CrfModel(data.labelStates(), data.inputNames(), List.of("bias", "state:g0", "state:g1"),
        true);
    CrfFeatures f = model.featurize(data);
    double[] lambda = {0.4, -1.1, 0.7};
    double[] exact = new double[3];
    new org.occam.crf.CrfLikelihood(f).valueAndGradient(lambda, exact, 1);
    double[] g = new double[3];
    new ChainContrastiveDivergence(f, 2.0).gradient(lambda, g, rng);
    for (int k = 0; k < 3; k++) {
      assertThat(g[k]).isCloseTo(exact[k] - 2.0 * lambda[k], within(1e-12));
    }
  }

  /** E[u(t̃)] of one in-order Gibbs sweep from spins t, by enumerating every sequence of draws. */
  static double[] sweepExpectation(double[] potentials, int[] t) {
    int len = t.length;
    double[] out = new double[2 * len - 1];
    visit(potentials, t.clone(), 0, 1.0, out);
    return out;
  }

  private static void visit(double[] pot, int[] t, int i, double p, double[] out) {
    int len = t.length;
    if (i == len) {
      double[] u = ChainInference.statistics(t);
      for (int r = 0; r < u.length; r++) {
        out[r] += p * u[r];
      }
      return;
    }
    double field = pot[i] + (i > 0 ? pot[len + i - 1] * t[i - 1] : 0) + (i + 1 < len ? pot[len + i] * t[i + 1] : 0);
    double up = 1 / (1 + Math.exp(-2 * field));
    int old = t[i];
    t[i] = 1;
    visit(pot, t, i + 1, p * up, out);
    t[i] = -1;
    visit(pot, t, i + 1, p * (1 - up), out);
    t[i] = old;
  }
}
