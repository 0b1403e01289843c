package org.occam.mrf.methods;

import java.util.Map;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.mrf.MrfProblem;

/** {@code map}: L(λMP) + log p(λMP), exact (Parise &amp; Welling 2006, section 4): a reference value. */
final class MrfMap extends ExactMapScore {
  @Override
  public String name() {
    return "map";
  }

  @Override
  public String description() {
    return "L(λMP) + log p(λMP) at the exact MAP point (Parise & Welling 2006)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.reference("the posterior's height at its mode, not its volume");
  }

  @Override
  double[] score(MrfProblem problem, MrfProblem.Fit fit, Map<String, Object> set, Map<String, Object> diag) {
    exactPoint(problem, fit, set, diag);
    return new double[] {fit.atOptimum().logPosterior(), 0};
  }

  @Override
  EvidenceEstimate hidden(MrfProblem problem) {
    return problem.hiddenExactScores().map();
  }
}
