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

  /**
   * The modes laplace and laplace0 sum over: how many are distinct, how many flip patterns were
   * considered, screened out, located and collapsed onto a mode already found, and each mode's term.
   */
  static void flipModes(RbmLaplace.Result r, Map<String, Object> diag) {
    RbmLaplace.FlipModes f = r.flipModes();
    diag.put("distinctModes", f.modes().size());
    diag.put("flipRule", f.rule());
    diag.put("flipPatterns", f.considered());
    diag.put("flipPatternsScreenedOut", f.screenedOut());
    if (f.screenedOut() > 0) {
      // the predicted mass left out, relative to λMP's mode
      diag.put("flipScreenedOutLogMass", f.screenedOutLogMass());
    }
    diag.put("flipPatternsLocated", f.located());
    diag.put("flipPatternsCollapsed", f.collapsed());
    List<Map<String, Object>> modes = new java.util.ArrayList<>();
    for (RbmLaplace.Mode m : f.modes()) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("flipped", java.util.Arrays.stream(m.flipped()).boxed().toList());
      one.put("patterns", m.patterns());
      one.put("map", m.map());
      one.put("laplace", m.laplace());
      // the mode's Gaussian term, which laplace0 sums (NaN where A is not positive definite): far
      // above the mode's laplace term, A is much flatter there than the trapezoids found the posterior
      one.put("laplace0", m.laplace0());
      one.put("logModeCount", m.logModeCount());
      one.put("positiveDefinite", m.positiveDefinite());
      if (m.relocation() != null) {
        one.put("predictedLogMass", m.predictedLogMass());
        one.put("relocationStop", m.relocation().reason().name().toLowerCase(java.util.Locale.ROOT));
        one.put("relocationDistance", m.relocation().distance());
        one.put("relocationRemaining", m.relocation().remaining());
      }
      modes.add(one);
    }
    diag.put("modes", modes);
  }

  /** The Hessian's definiteness, which laplace and laplace0 report. */
  static void definiteness(RbmLaplace.Result r, Map<String, Object> diag) {
    diag.put("positiveDefinite", r.positiveDefinite());
    diag.put("smallestEigenvalue", r.smallestEigenvalue());
  }
}
