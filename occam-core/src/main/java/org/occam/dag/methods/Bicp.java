package org.occam.dag.methods;

import java.util.Map;
import org.occam.dag.DagProblem;
import org.occam.dag.ExpectationMaximisation;
import org.occam.evidence.Accuracy;

/**
 * {@code bicp}: BIC plus ln p(θ̂ | m) (Beal section 6.3.2), with the alias correction the aliases
 * earn ({@link MapEmScore}). ln p(θ̂ | m) is a density, above 0 wherever the prior is more peaked
 * than uniform or θ̂ lies where the Dirichlet density exceeds 1 (λ = 1 on a 5-valued variable gives
 * 4! = 24 per CPT row): with few rows the penalty (d/2) ln n does not make up for it, and on one row
 * Beal's formula gives ln p(θ̂) itself, +38 nats for his true structure. Its Occam factor
 * ln p(θ̂) − (d/2) ln n + ln S_eff stands for a prior probability and is capped at 0 (diagnostics:
 * {@code occamFactorCapped}), so that BICp never exceeds ln p(y | θ̂) ≤ 0.
 */
final class Bicp extends MapEmScore {
  @Override
  public String name() {
    return "bicp";
  }

  @Override
  public String description() {
    return "BIC + ln p(θ̂), θ̂ from MAP-EM (Beal 6.3.2)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(DagMethods.BICP_TOLERANCE, "BIC with the prior's height at θ̂: still drops the"
        + " posterior volume: 13.3 nats on a 3-row reference model");
  }

  @Override
  double[] score(DagProblem problem, ExpectationMaximisation.Run r, double logAlias, Map<String, Object> diag,
      Map<String, Object> settingsUsed) {
    return cappedOccamFactor(r.logLikelihood(), r.logPrior() - penalty(problem), logAlias, diag);
  }
}
