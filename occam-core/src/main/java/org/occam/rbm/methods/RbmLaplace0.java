package org.occam.rbm.methods;

import java.util.Map;
import org.occam.evidence.Accuracy;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmProblem;

/**
 * {@code laplace0}: Chen &amp; Welling's (2013) eqn 5 alone, L + ln p + (F/2) ln 2π − ½ ln det A at the
 * fine-tuned λMP; reported as failed when A is not positive definite.
 */
final class RbmLaplace0 extends MapRunScore {
  @Override
  public String name() {
    return "laplace0";
  }

  @Override
  public String description() {
    return "eqn 5 alone, a Gaussian at the fine-tuned MAP point (Chen & Welling 2013)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(RbmMethods.LAPLACE_TOLERANCE, "one Gaussian mode: misses the permutation and flip"
        + " modes (up to ln K! + K ln 2) and the skew of small-N posteriors");
  }

  @Override
  double score(RbmLaplace.Result r, RbmProblem problem, Map<String, Object> diag) {
    definiteness(r, diag);
    if (!r.positiveDefinite()) {
      diag.put("failure", "the Hessian is not positive definite (smallest eigenvalue " + r.smallestEigenvalue()
          + "): the Gaussian integral does not exist; laplace replaces those directions by trapezoids");
    }
    return r.laplace0();
  }
}
