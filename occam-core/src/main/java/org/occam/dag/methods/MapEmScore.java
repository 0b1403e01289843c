package org.occam.dag.methods;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.occam.dag.AliasOverlap;
import org.occam.dag.DagProblem;
import org.occam.dag.ExpectationMaximisation;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;

/**
 * The scores computed at θ̂, the best of the problem's MAP-EM restarts (Beal section 6.3): each
 * subclass gives its formula; the run is shared by every such score of one problem. The alias
 * correction is the part ln S_eff of ln S that the aliases of the complete-data posterior
 * {@code Dir(λ + ŝ)} at θ̂ earn by not overlapping ({@link AliasOverlap}; ln S where they are well
 * separated, 0 where they coincide, as on identical rows).
 */
abstract class MapEmScore implements EvidenceMethod<DagProblem> {
  static final List<String> EM_SETTINGS = List.of("prior", "estimator", "mapBasis", "restarts", "maxIterations",
      "tolerancePerDatum", "emAcceleration", "emLimitGap", "configurationLimit");

  @Override
  public List<String> settings() {
    return EM_SETTINGS;
  }

  /** Whether an alias correction is added (every score here but MAP). */
  boolean aliasCorrected() {
    return true;
  }

  /**
   * The score at θ̂.
   *
   * @param logAlias ln S_eff, the alias correction the aliases earn (0 for MAP)
   * @param diag to add the score's own diagnostics to
   * @param settingsUsed to add the score's own settings to
   * @return {the uncorrected score, the part of {@code logAlias} it adds, any extra seconds it took
   *     beyond the shared EM run}
   */
  abstract double[] score(DagProblem problem, ExpectationMaximisation.Run best, double logAlias,
      Map<String, Object> diag, Map<String, Object> settingsUsed);

  @Override
  public final EvidenceEstimate estimate(DagProblem problem) {
    DagProblem.MapEm em = problem.mapEm();
    ExpectationMaximisation.Run r = em.best();
    Map<String, Object> set = problem.emSettings("map-em", em.basis());
    Map<String, Object> diag = problem.diagnostics();
    em.describe(diag);
    diag.put("logLikelihood", r.logLikelihood());
    diag.put("logPrior", r.logPrior());
    long t0 = System.nanoTime();
    AliasOverlap overlap = aliasCorrected() ? problem.mapEmAliasOverlap() : null;
    double[] score = score(problem, r, overlap == null ? 0 : overlap.logEffectiveCount(), diag, set);
    return problem.estimate(name(), score[0], score[1], overlap, OptionalDouble.empty(),
        em.seconds() + score[2] + (System.nanoTime() - t0) * 1e-9, set, diag, true);
  }

  /** (d/2) ln n, BIC's penalty. */
  static double penalty(DagProblem problem) {
    return 0.5 * problem.structure().freeParameters() * Math.log(problem.data().dataSize());
  }

  /**
   * {@code ln p(y | θ̂) + min(0, occam)} and the same with {@code occam + logAlias}, as {uncorrected,
   * correction, 0}: the Occam factor of BIC-type scores (−(d/2) ln n, plus ln p(θ̂) for BICp, plus
   * ln S_eff for the aliases) stands for the prior probability of the region the posterior occupies,
   * which cannot exceed 1. It does only where its asymptotics fail — n = 1, where (d/2) ln n = 0,
   * or a prior density above 1 at θ̂ with few rows — and there it is capped at 0 (the diagnostics say
   * {@code occamFactorCapped}), so that the score never exceeds ln p(y | θ̂) ≤ 0.
   */
  static double[] cappedOccamFactor(double logLikelihood, double occam, double logAlias, Map<String, Object> diag) {
    double uncorrected = logLikelihood + Math.min(0, occam);
    double corrected = logLikelihood + Math.min(0, occam + logAlias);
    diag.put("occamFactor", occam);
    diag.put("occamFactorCapped", occam + logAlias > 0);
    return new double[] {uncorrected, corrected - uncorrected, 0};
  }
}
