package org.occam.dag.methods;

import java.util.Map;
import org.occam.dag.DagProblem;
import org.occam.dag.ExpectationMaximisation;
import org.occam.evidence.Accuracy;

/**
 * {@code bic}: ln p(y | θ̂) − (d/2) ln n + ln S (Beal 6.26), θ̂ from MAP-EM, with the alias
 * correction the aliases earn (ln S_eff ≤ ln S, {@link MapEmScore}). Never above 0: the Occam
 * factor −(d/2) ln n + ln S_eff is capped at 0 where it is not negative (one row, where ln n = 0;
 * weights summing below 1), and the diagnostics then say {@code occamFactorCapped}.
 */
final class Bic extends MapEmScore {
  @Override
  public String name() {
    return "bic";
  }

  @Override
  public String description() {
    return "ln p(y|θ̂) − (d/2) ln n, θ̂ from MAP-EM (Beal 6.26)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(DagMethods.BIC_TOLERANCE, "drops every O(1) term of the evidence (prior, posterior"
        + " volume), which grow with d: 38.5 nats on an 8-row reference model with 2 hidden variables");
  }

  @Override
  double[] score(DagProblem problem, ExpectationMaximisation.Run r, double logAlias, Map<String, Object> diag,
      Map<String, Object> settingsUsed) {
    return cappedOccamFactor(r.logLikelihood(), -penalty(problem), logAlias, diag);
  }
}
