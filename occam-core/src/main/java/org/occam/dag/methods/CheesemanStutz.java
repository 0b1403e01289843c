package org.occam.dag.methods;

import java.util.Map;
import org.occam.dag.CompleteDataEvidence;
import org.occam.dag.DagProblem;
import org.occam.dag.ExpectationMaximisation;
import org.occam.evidence.Accuracy;

/**
 * {@code cs}: the Cheeseman–Stutz score (Beal 6.31), ln p(ŝ, y | m) + ln p(y | θ̂) − ln p(ŝ, y | θ̂),
 * with ŝ the expected sufficient statistics at the MAP-EM estimate θ̂; a lower bound on the
 * evidence (Beal section 6.3.3). CS is the bound F at q(s) = p(s | y, θ̂), q(θ) = Dir(λ + ŝ), so the
 * alias correction it adds is the part ln S_eff of ln S that the aliases of Dir(λ + ŝ) earn by not
 * overlapping ({@link org.occam.dag.AliasOverlap}), which keeps CS + ln S_eff a lower bound also on
 * degenerate data, where Beal's CS + ln S exceeds the exact evidence.
 */
class CheesemanStutz extends MapEmScore {
  @Override
  public String name() {
    return "cs";
  }

  @Override
  public String description() {
    return "Cheeseman–Stutz at the MAP-EM estimate, a lower bound (Beal 6.31)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.lowerBound(DagMethods.BOUND_SLACK, "a lower bound for any θ̂ (Beal section 6.3.3)");
  }

  @Override
  double[] score(DagProblem problem, ExpectationMaximisation.Run r, double logAlias, Map<String, Object> diag,
      Map<String, Object> settingsUsed) {
    double completeEvidence = CompleteDataEvidence.logEvidence(problem.structure(), problem.prior(),
        r.expectedCounts());
    double completeLikelihood = CompleteDataEvidence.logLikelihood(r.theta(), r.expectedCounts());
    diag.put("completedDataLogEvidence", completeEvidence);
    diag.put("completedDataLogLikelihood", completeLikelihood);
    return new double[] {completeEvidence + r.logLikelihood() - completeLikelihood, logAlias, 0};
  }
}
