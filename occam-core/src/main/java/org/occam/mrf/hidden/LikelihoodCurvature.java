package org.occam.mrf.hidden;

import org.ejml.data.DMatrixRMaj;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.PosteriorPrecision;

/**
 * The two covariances whose difference is the negative Hessian of a hidden-variable likelihood
 * (Welling &amp; Parise 2006, eqn 18): exact ({@link HiddenLogLikelihood#curvature}) or by linear
 * response from the free and clamped BP runs ({@link ContrastiveBethe#curvature}), where it is the
 * Hessian of the contrastive Bethe objective.
 *
 * @param freeCovariance C(λ), F × F
 * @param clampedCovariance {@code (1/N) Σ_n c_n C_{x_n}(λ)}, F × F (zero when nothing is hidden or
 *     missing)
 * @param rows N
 */
public record LikelihoodCurvature(double[][] freeCovariance, double[][] clampedCovariance, double rows) {
  /** {@code −∇²L = N (C − (1/N) Σ_n c_n C_{x_n})}, F × F (a fresh array). */
  public double[][] negativeHessian() {
    int f = freeCovariance.length;
    double[][] h = new double[f][f];
    for (int a = 0; a < f; a++) {
      for (int b = 0; b < f; b++) {
        h[a][b] = rows * (freeCovariance[a][b] - clampedCovariance[a][b]);
      }
    }
    return h;
  }

  /**
   * The posterior precision {@code A = N C − Σ_n c_n C_{x_n} + Λ⁻¹}, with its log determinant and
   * whether it is positive definite. It is at a strict local maximum of the log posterior; the
   * likelihood is not concave, so it need not be elsewhere, and with linear response it need not be
   * even at the exact maximum (the paper's reason to take the contrastive Bethe maximum instead).
   */
  public PosteriorPrecision posteriorPrecision(GaussianPrior prior) {
    double[][] h = negativeHessian();
    int f = h.length;
    DMatrixRMaj a = new DMatrixRMaj(f, f);
    for (int r = 0; r < f; r++) {
      for (int c = 0; c < f; c++) {
        a.unsafe_set(r, c, 0.5 * (h[r][c] + h[c][r]) + (r == c ? prior.precision() : 0));
      }
    }
    return PosteriorPrecision.ofMatrix(a);
  }
}
