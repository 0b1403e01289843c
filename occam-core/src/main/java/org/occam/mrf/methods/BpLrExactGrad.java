package org.occam.mrf.methods;

import java.util.Map;
import org.occam.evidence.Accuracy;
import org.occam.mrf.MrfLikelihood;
import org.occam.mrf.MrfProblem;

/**
 * {@code bp-lr-exactgrad}: the Bethe–Laplace score at the exact MAP point — log Z by the Bethe free
 * energy and C by linear response there (Parise &amp; Welling 2006, section 4).
 */
final class BpLrExactGrad extends ExactMapScore {
  @Override
  public String name() {
    return "bp-lr-exactgrad";
  }

  @Override
  public String description() {
    return "Bethe–Laplace (Bethe log Z, linear response) at the exact MAP point";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(MrfMethods.LAPLACE_TOLERANCE, "exact on trees where BP is exact, so on the"
        + " reference models (one edge) it is laplace-exact; on loopy graphs the Bethe error grows with N");
  }

  @Override
  double[] score(MrfProblem problem, MrfProblem.Fit fit, Map<String, Object> set, Map<String, Object> diag) {
    MrfProblem.BetheLaplace b = problem.betheAtExactMap();
    set.put("logZ", "Bethe");
    set.put("covariance", "linear response");
    double logLikelihood = MrfLikelihood.logLikelihood(problem.rows(), problem.means(), fit.lambda(), b.bp().logZ());
    double logPrior = problem.prior().logDensity(fit.lambda());
    fit.describe(diag);
    diag.put("logZ", b.bp().logZ());
    diag.put("logZExact", fit.atOptimum().inference().logZ());
    diag.put("logLikelihood", logLikelihood);
    diag.put("logPrior", logPrior);
    MrfProblem.describeBethe(b, diag);
    diag.put("converged", fit.converged() && b.bp().converged());
    MrfProblem.describePrecision(b.precision(), diag);
    checkMode(problem, fit, b.precision(), diag); // with the linear-response precision
    MrfProblem.putLambda(fit.lambda(), diag);
    return new double[] {logLikelihood + logPrior + b.precision().laplaceCorrection(), b.seconds()};
  }
}
