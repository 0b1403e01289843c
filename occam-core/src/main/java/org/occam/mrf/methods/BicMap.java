package org.occam.mrf.methods;

import java.util.Map;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.mrf.MrfProblem;

/** {@code bic-map}: L(λMP) − (F/2) log N at the exact MAP point (Parise &amp; Welling 2006, section 4). */
final class BicMap extends ExactMapScore {
  @Override
  public String name() {
    return "bic-map";
  }

  @Override
  public String description() {
    return "L(λMP) − (F/2) log N at the exact MAP point";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(MrfMethods.BIC_TOLERANCE, "drops the O(1) terms of the evidence (prior,"
        + " posterior volume): a few nats on the reference models; with hidden units more (F counts parameters the"
        + " data do not identify, and the gap grows like log N)");
  }

  @Override
  public Accuracy accuracy(MrfProblem problem) {
    return problem.hasHiddenVariables() ? Accuracy.approximate(MrfMethods.BIC_HIDDEN_TOLERANCE, "drops the O(1)"
        + " terms of the evidence, and with hidden units F counts parameters the data do not identify: the gap"
        + " grows like log N") : accuracy();
  }

  @Override
  double[] score(MrfProblem problem, MrfProblem.Fit fit, Map<String, Object> set, Map<String, Object> diag) {
    exactPoint(problem, fit, set, diag);
    diag.put("penalty", problem.penalty());
    return new double[] {fit.atOptimum().logLikelihood() - problem.penalty(), 0};
  }

  @Override
  EvidenceEstimate hidden(MrfProblem problem) {
    return problem.hiddenExactScores().bicMap();
  }
}
