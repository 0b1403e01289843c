package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The gamma and Dirichlet variates against their analytic moments. */
class GammaVariatesTest {
  /** Gamma(a, 1) has mean a and variance a; the third central moment is 2a. */
  @ParameterizedTest
  @ValueSource(doubles = {0.05, 0.3, 1.0, 2.5, 40.0})
  void gammaMomentsMatchWithinFiveStandardErrors(double a) {
    GammaVariates g = new GammaVariates(RandomStreams.fromSeed(Double.doubleToLongBits(a)));
    int n = 200_000;
    double sum = 0;
    double sum2 = 0;
    for (int i = 0; i < n; i++) {
      double x = g.next(a);
      assertThat(x).isGreaterThanOrEqualTo(0.0);
      sum += x;
      sum2 += x * x;
    }
    double mean = sum / n;
    double var = sum2 / n - mean * mean;
    // sd of the sample mean is sqrt(a/n); of the sample variance about sqrt((μ4 − a²)/n), μ4 = 3a² + 6a.
    assertThat(mean).isCloseTo(a, org.assertj.core.data.Offset.offset(5 * Math.sqrt(a / n)));
    assertThat(var).isCloseTo(a, org.assertj.core.data.Offset.offset(5 * Math.sqrt((2 * a * a + 6 * a) / n)));
  }

  @Test
  void dirichletComponentsHaveTheRightMeansAndSumToOne() {
    GammaVariates g = new GammaVariates(RandomStreams.fromSeed(3));
    double[] alpha = {0.5, 2.0, 7.5};
    double total = 10.0;
    int n = 100_000;
    double[] out = new double[5];
    double[] mean = new double[3];
    int rejected = 0;
    for (int i = 0; i < n; i++) {
      if (!g.dirichlet(alpha, 3, out, 2)) {
        rejected++;
        continue;
      }
      assertThat(out[2] + out[3] + out[4]).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
      for (int k = 0; k < 3; k++) {
        mean[k] += out[2 + k];
      }
    }
    int kept = n - rejected;
    assertThat(rejected).isLessThan(n / 1000);
    for (int k = 0; k < 3; k++) {
      double p = alpha[k] / total;
      double sd = Math.sqrt(p * (1 - p) / (total + 1) / kept);
      assertThat(mean[k] / kept).isCloseTo(p, org.assertj.core.data.Offset.offset(5 * sd));
    }
  }
}
