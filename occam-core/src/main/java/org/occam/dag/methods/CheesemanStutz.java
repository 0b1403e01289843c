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
    double cs = csAt(problem, r, diag);
    diag.put(DagMethods.CS_RANGE_AT_BEST, rangeAtBest(problem, r.objective()));
    return new double[] {cs, logAlias, 0};
  }

  /**
   * CS (uncorrected) at the end of one MAP-EM run; its two complete-data terms go to {@code diag} when it
   * is not null.
   */
  static double csAt(DagProblem problem, ExpectationMaximisation.Run r, Map<String, Object> diag) {
    double completeEvidence = CompleteDataEvidence.logEvidence(problem.structure(), problem.prior(),
        r.expectedCounts());
    double completeLikelihood = CompleteDataEvidence.logLikelihood(r.theta(), r.expectedCounts());
    if (diag != null) {
      diag.put("completedDataLogEvidence", completeEvidence);
      diag.put("completedDataLogLikelihood", completeLikelihood);
    }
    return completeEvidence + r.logLikelihood() - completeLikelihood;
  }

  /**
   * How far apart CS is over the restarts whose MAP objective ended within {@link
   * DagProblem#RESTART_AGREEMENT_NATS} of the best one (0 when only the best did). CS is not stationary
   * at θ̂: it moves to first order along directions where the objective moves to second order, so
   * restarts that agree on the objective can disagree on CS by nats. Two causes, both measured:
   * <ul>
   *   <li>a flat optimum: where the data do not identify hidden parameters (a hidden variable with
   *       one child, whose mixture any split reproduces), the objective is constant along them (under
   *       a uniform prior) and restarts end at different points of it, the same MAP to 10⁻⁶ nats with
   *       CS up to 10 nats apart (1,280 rows of Beal's model);
   *   <li>a stop short of the optimum: at Beal's 10⁻⁶ per datum EM ended 0.04–0.3 nats below the
   *       optimum of a binary latent class model on 1,000 rows, with CS 1.9 nats apart among restarts
   *       within 0.01 nats of each other; Aitken's stop at 10⁻⁶ nats with SQUAREM's jumps brings
   *       them to one CS, within 2·10⁻⁴ nats (CsRangeAtBestTest).
   * </ul>
   */
  static double rangeAtBest(DagProblem problem, double bestObjective) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (ExpectationMaximisation.Run run : problem.mapEm().runs()) {
      if (run.objective() >= bestObjective - DagProblem.RESTART_AGREEMENT_NATS) {
        double cs = csAt(problem, run, null);
        lo = Math.min(lo, cs);
        hi = Math.max(hi, cs);
      }
    }
    return hi - lo;
  }
}
