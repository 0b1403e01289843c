package org.occam.dag.methods;

import java.util.Map;
import org.occam.dag.DagProblem;
import org.occam.dag.ExpectationMaximisation;
import org.occam.evidence.Accuracy;

/** {@code map}: ln p(y | θ̂) + ln p(θ̂ | m) at the MAP-EM estimate — a reference value, not an evidence estimate. */
final class DagMap extends MapEmScore {
  @Override
  public String name() {
    return "map";
  }

  @Override
  public String description() {
    return "ln p(y|θ̂) + ln p(θ̂) at the MAP-EM estimate (Beal 6.3.1)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.reference("the height of the posterior at its mode, not its volume: above the evidence by the"
        + " log volume of the posterior");
  }

  @Override
  boolean aliasCorrected() {
    return false;
  }

  @Override
  double[] score(DagProblem problem, ExpectationMaximisation.Run r, double logAlias, Map<String, Object> diag,
      Map<String, Object> settingsUsed) {
    return new double[] {r.logLikelihood() + r.logPrior(), 0, 0};
  }
}
