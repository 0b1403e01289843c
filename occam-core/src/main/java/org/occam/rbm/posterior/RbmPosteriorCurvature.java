package org.occam.rbm.posterior;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmEnumeration;
import org.occam.rbm.RbmLogLikelihood;

/**
 * The curvature of an RBM's negative log posterior at a point, for the samplers' step scales and
 * over-dispersed starts: {@code A = N Cov_λ(f) − Σ_n c_n Cov(f | x_n) + I/σ0²} (Chen &amp; Welling
 * 2013, eqn 7 with exact moments). Exact by enumeration of the smaller side when
 * min(V, K) ≤ {@value RbmLogLikelihood#MAX_ENUMERATED_UNITS} and F ≤ {@value #MAX_EXACT_FEATURES};
 * otherwise only the diagonal, with the model's distribution of x replaced by the data's
 * ({@code A_aa ≈ Σ_n c_n (E[f_a | x_n] − f̄_a)² + 1/σ0²}, the law of total variance at a fit
 * where the two agree).
 *
 * @param scales per-coordinate step scales {@code 1/√A_aa}
 * @param precision A when it is exact and positive definite, else the diagonal {@code 1/scales²}
 * @param exact whether A is the exact matrix
 * @param positiveDefinite whether the exact A is positive definite (false when not exact)
 */
public record RbmPosteriorCurvature(double[] scales, double[][] precision, boolean exact, boolean positiveDefinite) {
  /** The largest F for which the full matrix is computed (the enumeration keeps 32·F² doubles). */
  public static final int MAX_EXACT_FEATURES = 400;

  /** The curvature at {@code rbm}'s λ for the data and prior σ0. */
  public static RbmPosteriorCurvature at(Rbm rbm, RbmData data, double priorSigma, int threads) {
    int v = rbm.visibleCount();
    int k = rbm.hiddenCount();
    int f = rbm.featureCount();
    double prior = 1 / (priorSigma * priorSigma);
    int[][] rows = data.rows();
    long[] counts = data.counts();
    double total = data.size();
    if (Math.min(v, k) <= RbmLogLikelihood.MAX_ENUMERATED_UNITS && f <= MAX_EXACT_FEATURES) {
      double[][] a = RbmEnumeration.posteriorHessian(rbm, rows, counts, prior, threads);
      double[] scales = new double[f];
      for (int p = 0; p < f; p++) {
        scales[p] = 1 / Math.sqrt(Math.max(a[p][p], prior));
      }
      boolean pd = positiveDefinite(a);
      return new RbmPosteriorCurvature(scales, pd ? a : diagonal(scales), true, pd);
    }
    double[] mean = new double[f];
    double[] sq = new double[f];
    double[] m = new double[f];
    for (int n = 0; n < rows.length; n++) {
      rbm.conditionalFeatureMeans(rows[n], m);
      for (int p = 0; p < f; p++) {
        mean[p] += counts[n] * m[p];
        sq[p] += counts[n] * m[p] * m[p];
      }
    }
    double[] scales = new double[f];
    for (int p = 0; p < f; p++) {
      double var = Math.max(0, sq[p] / total - (mean[p] / total) * (mean[p] / total));
      scales[p] = 1 / Math.sqrt(total * var + prior);
    }
    return new RbmPosteriorCurvature(scales, diagonal(scales), false, false);
  }

  private static double[][] diagonal(double[] scales) {
    double[][] d = new double[scales.length][scales.length];
    for (int p = 0; p < scales.length; p++) {
      d[p][p] = 1 / (scales[p] * scales[p]);
    }
    return d;
  }

  static boolean positiveDefinite(double[][] a) {
    CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(a.length, true);
    return chol.decompose(new DMatrixRMaj(a));
  }
}
