package org.occam.dag.methods;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.occam.dag.DagProblem;
import org.occam.dag.ExpectationMaximisation;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;

/**
 * The scores computed at θ̂, the best of the problem's MAP-EM restarts (Beal section 6.3): each
 * subclass gives its formula; the run is shared by every such score of one problem.
 */
abstract class MapEmScore implements EvidenceMethod<DagProblem> {
  static final List<String> EM_SETTINGS = List.of("prior", "estimator", "mapBasis", "restarts", "maxIterations",
      "tolerancePerDatum", "configurationLimit");

  @Override
  public List<String> settings() {
    return EM_SETTINGS;
  }

  /** Whether ln S is added (every score here but MAP). */
  boolean aliasCorrected() {
    return true;
  }

  /**
   * The uncorrected score at θ̂.
   *
   * @param diag to add the score's own diagnostics to
   * @param settingsUsed to add the score's own settings to
   * @return the score and any extra seconds it took beyond the shared EM run
   */
  abstract double[] score(DagProblem problem, ExpectationMaximisation.Run best, Map<String, Object> diag,
      Map<String, Object> settingsUsed);

  @Override
  public final EvidenceEstimate estimate(DagProblem problem) {
    DagProblem.MapEm em = problem.mapEm();
    ExpectationMaximisation.Run r = em.best();
    Map<String, Object> set = problem.emSettings("map-em", em.basis());
    Map<String, Object> diag = problem.diagnostics();
    em.describe(diag);
    diag.put("logLikelihood", r.logLikelihood());
    diag.put("logPrior", r.logPrior());
    double[] scoreAndSeconds = score(problem, r, diag, set);
    return problem.estimate(name(), scoreAndSeconds[0], aliasCorrected(), OptionalDouble.empty(),
        em.seconds() + scoreAndSeconds[1], set, diag, true);
  }

  /** (d/2) ln n, BIC's penalty. */
  static double penalty(DagProblem problem) {
    return 0.5 * problem.structure().freeParameters() * Math.log(problem.data().dataSize());
  }
}
