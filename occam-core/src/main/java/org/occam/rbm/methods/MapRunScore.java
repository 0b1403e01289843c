package org.occam.rbm.methods;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmProblem;

/** The scores computed from the problem's run of Chen &amp; Welling's Algorithm 1 (laplace, laplace0, map). */
abstract class MapRunScore implements EvidenceMethod<RbmProblem> {
  @Override
  public List<String> settings() {
    return RbmMethods.LAPLACE_SETTINGS;
  }

  /** The score of the run; may add diagnostics. */
  abstract double score(RbmLaplace.Result r, RbmProblem problem, Map<String, Object> diag);

  @Override
  public final EvidenceEstimate estimate(RbmProblem problem) {
    RbmLaplace.Result r = problem.mapRun();
    RbmLaplace laplace = problem.laplace();
    Map<String, Object> diag = RbmDiagnostics.common(r.fineTuning(), r.logPartition(), r.logLikelihood(),
        r.logPrior(), laplace);
    double value = score(r, problem, diag);
    RbmDiagnostics.pcdRuns(diag, r.pcdRuns());
    diag.put("stageSeconds", new LinkedHashMap<>(r.seconds()));
    return new EvidenceEstimate(name(), value, RbmDiagnostics.stdError(r.logPartition(), laplace),
        problem.mapRunSeconds(), problem.settings().toMap(), OptionalLong.of(problem.seed()), diag);
  }

  /** The Hessian's definiteness, which laplace and laplace0 report. */
  static void definiteness(RbmLaplace.Result r, Map<String, Object> diag) {
    diag.put("positiveDefinite", r.positiveDefinite());
    diag.put("smallestEigenvalue", r.smallestEigenvalue());
  }
}
