package org.occam.crf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The CRF likelihood, gradient and summed covariance against enumeration and finite differences, tied and untied. */
class CrfLikelihoodTest {

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void valueGradientAndCovarianceAreExact(boolean tied) {
    UniformRandomProvider rng = RandomSource.SPLIT_MIX_64.create(tied ? 21 : 22);
    CrfData data = CrfTestModels.randomData(rng, 3, 4, 6, 1, 5);
    CrfModel model = CrfModel.full(data.labelStates(), data.inputNames()).withTied(tied);
    CrfFeatures f = model.featurize(data);
    CrfLikelihood like = new CrfLikelihood(f);
    int dim = f.dimension();
    assertEquals(tied ? 8 : 6 + 5 + 3 * 6 + 3 * 5, dim);
    double[] lambda = new double[dim];
    for (int k = 0; k < dim; k++) {
      lambda[k] = 2 * rng.nextDouble() - 1;
    }
    double brute = 0;
    for (int n = 0; n < f.size(); n++) {
      brute += CrfTestModels.dot(f.statistics(n, f.spins(n)), lambda) - CrfTestModels.bruteLogZ(f, n, lambda);
    }
    double[] grad = new double[dim];
    assertEquals(brute, like.valueAndGradient(lambda, grad, 2), 1e-10);
    assertEquals(brute, like.value(lambda), 1e-10);
    double h = 1e-5;
    double[][] cov = like.covarianceSum(lambda, 2);
    for (int k = 0; k < dim; k++) {
      double[] up = lambda.clone();
      double[] down = lambda.clone();
      up[k] += h;
      down[k] -= h;
      double[] gu = new double[dim];
      double[] gd = new double[dim];
      double fu = like.valueAndGradient(up, gu, 1);
      double fd = like.valueAndGradient(down, gd, 1);
      assertEquals((fu - fd) / (2 * h), grad[k], 1e-6, "gradient " + k);
      for (int j = 0; j < dim; j++) {
        // −∂²L/∂λk∂λj = Σ_n C_{x_n}[k][j]
        assertEquals(-(gu[j] - gd[j]) / (2 * h), cov[k][j], 1e-6, "covariance " + k + "," + j);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void threadsDoNotChangeTheNumbers(int threads) {
    UniformRandomProvider rng = RandomSource.SPLIT_MIX_64.create(5);
    CrfData data = CrfTestModels.randomData(rng, 2, 7, 3, 9, 2, 4);
    CrfLikelihood like = new CrfLikelihood(CrfModel.full(data.labelStates(), data.inputNames()).featurize(data));
    double[] lambda = {0.3, -0.2, 0.5, 1.0, -0.7, 0.1};
    double[] g1 = new double[6];
    double[] g2 = new double[6];
    double v1 = like.valueAndGradient(lambda, g1, threads);
    double v2 = like.valueAndGradient(lambda, g2, 3);
    assertEquals(v1, v2, 1e-12);
    org.junit.jupiter.api.Assertions.assertArrayEquals(g1, g2, 1e-12);
    List.of(like.covarianceSum(lambda, threads), like.covarianceSum(lambda, 3));
  }
}
