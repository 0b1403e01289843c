package org.occam.mrf.methods;

import java.util.List;
import java.util.Map;
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
  @Override
  public List<String> settings() {
    return MrfMethods.OPTIMISER_SETTINGS;
  }

  /** The score at the fit; may add settings and diagnostics. @return the score and extra seconds */
  abstract double[] score(MrfProblem problem, MrfProblem.Fit fit, Map<String, Object> set, Map<String, Object> diag);

  @Override
  public final EvidenceEstimate estimate(MrfProblem problem) {
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
    diag.put("converged", fit.result().converged());
  }
}
