package org.occam.mrf.methods;

import java.util.List;
import java.util.Map;
import org.occam.mrf.PosteriorPrecision;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.mrf.MrfProblem;

/**
 * The scores at λMP, the exact MAP point (L-BFGS on exact gradients from the pseudo-moment-matching
 * start), shared by every such score of one problem.
 */
abstract class ExactMapScore implements EvidenceMethod<MrfProblem> {
  /** The Newton decrement (nats) above which the expansion point is not the mode. */
  static final double NEWTON_DECREMENT_LIMIT = 0.01;

  @Override
  public List<String> settings() {
    return MrfMethods.OPTIMISER_SETTINGS;
  }

  /** The score at the fit; may add settings and diagnostics. @return the score and extra seconds */
  abstract double[] score(MrfProblem problem, MrfProblem.Fit fit, Map<String, Object> set, Map<String, Object> diag);

  /**
   * The score of a problem with hidden variables or missing cells, from the exact-point scores
   * {@link MrfProblem#hiddenExactScores()} shares; by default refused.
   */
  EvidenceEstimate hidden(MrfProblem problem) {
    problem.requireFullyObserved(name());
    throw new AssertionError("unreachable");
  }

  @Override
  public final EvidenceEstimate estimate(MrfProblem problem) {
    if (problem.hasHiddenVariables()) {
      return hidden(problem);
    }
    Map<String, Object> set = problem.settingsMap();
    Map<String, Object> diag = problem.diagnostics();
    MrfProblem.Fit fit = problem.exactMap();
    set.put("point", "exact MAP (L-BFGS, exact gradients)");
    double[] scoreAndSeconds = score(problem, fit, set, diag);
    return new EvidenceEstimate(name(), scoreAndSeconds[0], OptionalDouble.empty(), fit.seconds() + scoreAndSeconds[1],
        set, OptionalLong.empty(), diag);
  }

  /** The exact point's description: log Z exact, L and log p there, λ, and the optimiser's convergence. */
  static void exactPoint(MrfProblem problem, MrfProblem.Fit fit, Map<String, Object> set, Map<String, Object> diag) {
    set.put("logZ", "exact");
    problem.describePoint(fit, diag, "exact");
    diag.put("converged", fit.converged());
  }

  /**
   * Reports the Newton decrement ½ gᵀA⁻¹g at the MAP point ({@code newtonDecrement}) and, above
   * {@link #NEWTON_DECREMENT_LIMIT} nats, {@code converged} false with the reason. {@link
   * MrfProblem#exactMap} takes Newton steps to the mode after L-BFGS, so this holds unless those
   * failed (or, for bp-lr-exactgrad, A is the linear-response precision, not the exact one).
   */
  static void checkMode(MrfProblem problem, MrfProblem.Fit fit, PosteriorPrecision a, Map<String, Object> diag) {
    double decrement = newtonDecrement(problem, fit, a);
    if (Double.isFinite(decrement)) {
      diag.put("newtonDecrement", decrement);
    }
    if (decrement > NEWTON_DECREMENT_LIMIT) {
      diag.put("converged", false);
      diag.put("notConverged", String.format(java.util.Locale.ROOT, "a Newton step from the MAP point would gain"
          + " %.3g nats of log posterior: the optimiser stopped short of the mode, so the expansion is not at it",
          decrement));
    }
  }

  /** ½ gᵀ A⁻¹ g with g the log posterior's gradient at the fit's point (NaN if A is singular). */
  static double newtonDecrement(MrfProblem problem, MrfProblem.Fit fit, PosteriorPrecision a) {
    double[] gradient = problem.logPosteriorGradient(fit);
    var g = new org.ejml.data.DMatrixRMaj(gradient.length, 1, true, gradient);
    var x = new org.ejml.data.DMatrixRMaj(gradient.length, 1);
    if (!org.ejml.dense.row.CommonOps_DDRM.solve(a.matrix().copy(), g, x)) {
      return Double.NaN;
    }
    double q = 0;
    for (int i = 0; i < gradient.length; i++) {
      q += gradient[i] * x.get(i, 0);
    }
    return 0.5 * q;
  }
}
