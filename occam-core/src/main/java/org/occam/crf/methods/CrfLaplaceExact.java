package org.occam.crf.methods;

import java.util.Map;
import org.occam.crf.CrfProblem;
import org.occam.evidence.Accuracy;
import org.occam.mrf.PosteriorPrecision;

/**
 * {@code laplace-exact}: L(λMP) + log p(λMP) + (F/2) log 2π − ½ log det A with
 * {@code A = Σ_n C_{x_n} + Λ⁻¹}, every quantity exact by forward–backward (Parise &amp; Welling 2006,
 * eqns 10–13). On a chain BP is exact, so this is also their BP-LR.
 */
final class CrfLaplaceExact extends CrfMapScore {
  /** The largest error measured against quadrature and AIS on the 1–2-parameter reference CRFs, with margin. */
  static final double TOLERANCE = 0.1;

  @Override
  public String name() {
    return "laplace-exact";
  }

  @Override
  public String description() {
    return "Laplace at the MAP point with exact log Z(x) and covariances C_x by forward-backward (= bp-lr on a"
        + " chain)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(TOLERANCE, "the Gaussian approximation of a posterior that is skewed when few"
        + " labels inform a parameter; its error falls as 1/N");
  }

  @Override
  double score(CrfProblem problem, CrfProblem.Fit fit, Map<String, Object> diag) {
    PosteriorPrecision a = problem.precision();
    diag.put("logDetA", a.logDeterminant());
    diag.put("positiveDefinite", a.positiveDefinite());
    diag.put("smallestEigenvalue", a.smallestEigenvalue());
    diag.put("covarianceSeconds", problem.precisionSeconds());
    return fit.logPosterior() + a.laplaceCorrection();
  }
}
