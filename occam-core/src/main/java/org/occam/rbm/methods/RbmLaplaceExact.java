package org.occam.rbm.methods;

import java.util.List;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.rbm.RbmProblem;

/**
 * {@code laplace-exact}: the RBM as a Boltzmann machine with hidden units ({@link RbmAsBoltzmann}),
 * scored by the Laplace approximation with every quantity exact — λMP from exact gradients (best of
 * seeded restarts), log Z and A = N C − Σ C_xn + Λ⁻¹ by junction tree — and the equivalent-mode
 * count K!/∏K_r! of Chen &amp; Welling (Welling &amp; Parise 2006, section 6).
 */
final class RbmLaplaceExact implements EvidenceMethod<RbmProblem> {
  @Override
  public String name() {
    return "laplace-exact";
  }

  @Override
  public String description() {
    return "Laplace with exact λMP, log Z and A = N C − Σ C_xn + Λ⁻¹, the RBM as a Boltzmann machine (UAI 2006 §6)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(RbmMethods.LAPLACE_TOLERANCE, "the Gaussian approximation at the exact mode, with"
        + " hidden-unit flips left out as in laplace (up to ln 2 per unit)");
  }

  @Override
  public List<String> settings() {
    return List.of("priorSigma", "optimiser", "restarts", "initialScale", "point", "logZ", "covariance");
  }

  @Override
  public EvidenceEstimate estimate(RbmProblem problem) {
    problem.progress().accept(name());
    return RbmAsBoltzmann.of(problem).hiddenExactScores().laplaceExact();
  }
}
