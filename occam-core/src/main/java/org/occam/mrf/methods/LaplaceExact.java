package org.occam.mrf.methods;

import java.util.Map;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.PosteriorPrecision;

/**
 * {@code laplace-exact}: L(λMP) + log p(λMP) + (F/2) log 2π − ½ log det(N C + Λ⁻¹) with λMP, log Z and
 * the feature covariance C exact (junction tree) — Parise &amp; Welling (2006), eqn 8.
 *
 * <p>The expansion is about the mode: {@link MrfProblem#exactMap} follows L-BFGS with Newton steps
 * until the Newton decrement is below {@link MrfProblem#MODE_DECREMENT}; the decrement at the point
 * used is reported ({@code newtonDecrement}), and above {@value ExactMapScore#NEWTON_DECREMENT_LIMIT}
 * nats the result says {@code converged} false with the reason.
 */
final class LaplaceExact extends ExactMapScore {

  @Override
  public String name() {
    return "laplace-exact";
  }

  @Override
  public String description() {
    return "Laplace at the exact MAP point with exact log Z and covariance (Parise & Welling eqn 8)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(MrfMethods.LAPLACE_TOLERANCE, "the Gaussian approximation of a posterior that is"
        + " skewed at small N: its error falls as 1/N (0.028 nats at N = 20 on one edge)");
  }

  @Override
  double[] score(MrfProblem problem, MrfProblem.Fit fit, Map<String, Object> set, Map<String, Object> diag) {
    PosteriorPrecision a = problem.exactPrecision();
    set.put("logZ", "exact");
    set.put("covariance", "exact (junction tree)");
    problem.describePoint(fit, diag, "exact");
    diag.put("converged", fit.converged());
    MrfProblem.describePrecision(a, diag);
    checkMode(problem, fit, a, diag);
    return new double[] {fit.atOptimum().logPosterior() + a.laplaceCorrection(), problem.exactPrecisionSeconds()};
  }

  @Override
  EvidenceEstimate hidden(MrfProblem problem) {
    return problem.hiddenExactScores().laplaceExact();
  }
}
