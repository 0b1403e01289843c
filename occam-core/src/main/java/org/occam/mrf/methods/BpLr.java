package org.occam.mrf.methods;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.math.Lbfgs;
import org.occam.mrf.MrfLikelihood;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.hidden.HiddenMap;

/**
 * {@code bp-lr}: the Bethe–Laplace score of Parise &amp; Welling (2006, section 4): λMP from BP
 * gradients starting at the pseudo-moment-matching point, log Z by the Bethe free energy and the
 * covariance by linear response.
 */
final class BpLr implements EvidenceMethod<MrfProblem> {
  @Override
  public String name() {
    return "bp-lr";
  }

  @Override
  public String description() {
    return "Bethe–Laplace: BP-gradient MAP from PMM, Bethe log Z, linear response (Parise & Welling 2006)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(MrfMethods.LAPLACE_TOLERANCE, "exact on trees where BP is exact, so on the"
        + " reference models (one edge) it is laplace-exact; on loopy graphs the Bethe error grows with N");
  }

  @Override
  public List<String> settings() {
    return MrfMethods.BP_SETTINGS;
  }

  @Override
  public EvidenceEstimate estimate(MrfProblem problem) {
    if (problem.hasHiddenVariables()) {
      return problem.hiddenBpLr().bpLr();
    }
    Map<String, Object> set = problem.settingsMap();
    Map<String, Object> diag = problem.diagnostics();
    MrfProblem.Fit fit = problem.bpMap();
    MrfProblem.BetheLaplace b = problem.betheAtBpMap();
    set.put("point", "BP MAP (L-BFGS, BP gradients, from PMM)");
    set.put("logZ", "Bethe");
    set.put("covariance", "linear response");
    problem.describePoint(fit, diag, "bethe");
    diag.put("bpCalls", fit.bpCalls());
    diag.put("bpNonConvergedCalls", fit.bpNonConvergedCalls());
    MrfProblem.describeBethe(b, diag);
    diag.put("converged", optimiserConverged(problem, fit, b, diag) && b.bp().converged());
    MrfProblem.describePrecision(b.precision(), diag);
    MrfLikelihood.Evaluation e = fit.atOptimum();
    return new EvidenceEstimate(name(), e.logPosterior() + b.precision().laplaceCorrection(), OptionalDouble.empty(),
        fit.seconds() + b.seconds(), set, OptionalLong.empty(), diag);
  }

  /**
   * Whether the BP MAP point counts as the Bethe objective's maximum: L-BFGS converged, or its line
   * search failed where a Newton step with the linear-response A would gain at most
   * {@link HiddenMap#NEWTON_DECREMENT_LIMIT} nats. BP's fixed point is found to a tolerance, so the
   * objective's value is known only to about that precision, and near the optimum a line search can
   * find no lower value although the gradient is still above L-BFGS's test (measured: gradient
   * 1.3e-6 and 2.3e-6 per row against the test's 1e-6, a decrement far below 0.01 nats).
   */
  static boolean optimiserConverged(MrfProblem problem, MrfProblem.Fit fit, MrfProblem.BetheLaplace b,
      Map<String, Object> diag) {
    if (fit.result().converged()) {
      return true;
    }
    if (fit.result().reason() != Lbfgs.Reason.LINE_SEARCH_FAILED) {
      return false;
    }
    double decrement = b.precision().newtonDecrement(problem.logPosteriorGradient(fit));
    diag.put("newtonDecrement", decrement);
    boolean atOptimum = decrement <= HiddenMap.NEWTON_DECREMENT_LIMIT;
    diag.put("lineSearchFailedAtOptimum", atOptimum);
    return atOptimum;
  }
}
