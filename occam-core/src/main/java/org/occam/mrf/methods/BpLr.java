package org.occam.mrf.methods;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.mrf.MrfLikelihood;
import org.occam.mrf.MrfProblem;

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
    diag.put("converged", fit.converged() && b.bp().converged());
    MrfProblem.describePrecision(b.precision(), diag);
    MrfLikelihood.Evaluation e = fit.atOptimum();
    return new EvidenceEstimate(name(), e.logPosterior() + b.precision().laplaceCorrection(), OptionalDouble.empty(),
        fit.seconds() + b.seconds(), set, OptionalLong.empty(), diag);
  }
}
