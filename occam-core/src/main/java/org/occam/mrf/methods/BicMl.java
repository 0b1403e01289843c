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
 * {@code bic-ml}: L(λML) − (F/2) log N at the exact maximum-likelihood point (Parise &amp; Welling
 * 2006, section 4); on data at the boundary of the marginal polytope λML is the ML point of lightly
 * smoothed data ({@link org.occam.mrf.MrfScorer}).
 */
final class BicMl implements EvidenceMethod<MrfProblem> {
  @Override
  public String name() {
    return "bic-ml";
  }

  @Override
  public String description() {
    return "L(λML) − (F/2) log N at the exact maximum-likelihood point";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(MrfMethods.BIC_TOLERANCE, "drops the O(1) terms of the evidence (prior, posterior"
        + " volume): a few nats on the reference models");
  }

  @Override
  public List<String> settings() {
    return MrfMethods.OPTIMISER_SETTINGS;
  }

  @Override
  public EvidenceEstimate estimate(MrfProblem problem) {
    problem.requireFullyObserved(name());
    Map<String, Object> set = problem.settingsMap();
    Map<String, Object> diag = problem.diagnostics();
    MrfProblem.Fit fit = problem.ml();
    set.put("point", "exact ML (L-BFGS, exact gradients)");
    set.put("logZ", "exact");
    problem.describePoint(fit, diag, "exact");
    diag.remove("logPrior");
    diag.put("converged", fit.converged());
    diag.put("mlOnBoundary", problem.mlEmptyCells() > 0);
    diag.put("mlEmptyCells", problem.mlEmptyCells());
    diag.put("mlSmoothing", problem.mlSmoothing());
    diag.put("penalty", problem.penalty());
    return new EvidenceEstimate(name(), fit.atOptimum().logLikelihood() - problem.penalty(), OptionalDouble.empty(),
        fit.seconds(), set, OptionalLong.empty(), diag);
  }
}
