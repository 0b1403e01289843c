package org.occam.rbm.methods;

import java.util.Map;
import org.occam.evidence.Accuracy;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmProblem;

/**
 * {@code laplace0}: Chen &amp; Welling's (2013) eqn 5, L + ln p + (F/2) ln 2π − ½ ln det A, at every
 * distinct mode that permuting and flipping hidden units make (λMP's and the located flipped ones,
 * {@link RbmLaplace.FlipModes}), each times its count of distinct permutations, summed; reported
 * as failed when A is not positive definite at one of them.
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
    return Accuracy.approximate(RbmMethods.LAPLACE_TOLERANCE, "a Gaussian at each distinct mode that permuting"
        + " and flipping hidden units make: misses the skew of small-N posteriors");
  }

  @Override
  double score(RbmLaplace.Result r, RbmProblem problem, Map<String, Object> diag) {
    definiteness(r, diag);
    flipModes(r, diag);
    if (!r.positiveDefinite()) {
      diag.put("failure", "the Hessian is not positive definite (smallest eigenvalue " + r.smallestEigenvalue()
          + "): the Gaussian integral does not exist; laplace replaces those directions by trapezoids");
    } else if (Double.isNaN(r.laplace0())) {
      diag.put("failure", "the Hessian is not positive definite at a flipped mode: the Gaussian integral does not"
          + " exist there; laplace replaces those directions by trapezoids");
    }
    return r.laplace0();
  }
}
