package org.occam.crf.methods;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.occam.crf.CrfProblem;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;

/**
 * The scores computed at the exact MAP point λMP ({@link CrfProblem#map()}): {@code map},
 * {@code bic-map} and {@code laplace-exact}. Each reports the point's convergence.
 */
abstract class CrfMapScore implements EvidenceMethod<CrfProblem> {
  @Override
  public List<String> settings() {
    return List.of("prior");
  }

  /** The score at the fit, with the method's own diagnostics added. */
  abstract double score(CrfProblem problem, CrfProblem.Fit fit, Map<String, Object> diag);

  @Override
  public EvidenceEstimate estimate(CrfProblem problem) {
    long t0 = System.nanoTime();
    CrfProblem.Fit fit = problem.map();
    Map<String, Object> diag = new LinkedHashMap<>();
    fit.describe(diag);
    double v = score(problem, fit, diag);
    return new EvidenceEstimate(name(), v, OptionalDouble.empty(), (System.nanoTime() - t0) * 1e-9,
        problem.settingsMap(), OptionalLong.empty(), diag);
  }
}
