package org.occam.crf.posterior;

import org.occam.crf.CrfProblem;
import org.occam.sampling.Whitening;

/**
 * The posterior mean and covariance of a CRF with one or two parameters by quadrature: the log
 * posterior on a regular grid of {@code points} per dimension spanning λMP ± {@value #HALF_WIDTH}
 * Laplace standard deviations, normalised in log space (the density at the box's edge is below
 * e⁻³⁰ of its peak for the posteriors of these tests, so the Riemann sum is exact to far below
 * Monte Carlo error).
 */
final class CrfPosteriorQuadrature {
  static final double HALF_WIDTH = 8;

  final double[] mean;
  final double[][] covariance;

  CrfPosteriorQuadrature(CrfProblem problem, int points) {
    int d = problem.dimension();
    if (d > 2) {
      throw new IllegalArgumentException("quadrature over " + d + " parameters");
    }
    double[] mode = problem.map().lambda();
    double[] sd = Whitening.of(mode, problem.precision().matrix(), problem.prior().precision()).standardDeviations();
    int total = d == 1 ? points : points * points;
    double[][] at = new double[total][d];
    double[] logp = new double[total];
    double max = Double.NEGATIVE_INFINITY;
    for (int c = 0; c < total; c++) {
      for (int k = 0; k < d; k++) {
        int i = k == 0 ? c % points : c / points;
        at[c][k] = mode[k] + sd[k] * HALF_WIDTH * (2.0 * i / (points - 1) - 1);
      }
      logp[c] = problem.likelihood().value(at[c]) + problem.prior().logDensity(at[c]);
      max = Math.max(max, logp[c]);
    }
    double z = 0;
    mean = new double[d];
    for (int c = 0; c < total; c++) {
      double w = Math.exp(logp[c] - max);
      z += w;
      for (int k = 0; k < d; k++) {
        mean[k] += w * at[c][k];
      }
    }
    for (int k = 0; k < d; k++) {
      mean[k] /= z;
    }
    covariance = new double[d][d];
    for (int c = 0; c < total; c++) {
      double w = Math.exp(logp[c] - max) / z;
      for (int a = 0; a < d; a++) {
        for (int b = 0; b < d; b++) {
          covariance[a][b] += w * (at[c][a] - mean[a]) * (at[c][b] - mean[b]);
        }
      }
    }
  }
}
