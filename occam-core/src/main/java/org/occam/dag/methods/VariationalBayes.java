package org.occam.dag.methods;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.occam.dag.AliasOverlap;
import org.occam.dag.DagProblem;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;

/**
 * {@code vb}: the variational Bayesian lower bound F, the best of the VBEM restarts (Beal section
 * 6.3.4), plus the part ln S_eff of Beal's alias correction ln S that the VBEM posterior's aliases
 * earn by not overlapping ({@link AliasOverlap}): F + ln S_eff is still a lower bound on
 * ln p(y | m), also on degenerate data (one row, identical rows), where the aliases coincide and
 * F + ln S would exceed the exact evidence.
 */
final class VariationalBayes implements EvidenceMethod<DagProblem> {
  @Override
  public String name() {
    return "vb";
  }

  @Override
  public String description() {
    return "the VBEM lower bound F, best of the restarts (Beal 6.3.4)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.lowerBound(DagMethods.BOUND_SLACK, "F ≤ ln p(y|m) for any variational posterior (Beal 6.3.4)");
  }

  @Override
  public List<String> settings() {
    return List.of("prior", "estimator", "restarts", "maxIterations", "tolerancePerDatum", "vbLimitGap",
        "vbAcceleration", "configurationLimit");
  }

  @Override
  public EvidenceEstimate estimate(DagProblem problem) {
    DagProblem.VariationalBayes vb = problem.variationalBayes();
    Map<String, Object> set = problem.emSettings("vbem", null);
    Map<String, Object> diag = problem.diagnostics();
    vb.describe(diag);
    AliasOverlap overlap = problem.vbAliasOverlap();
    return problem.estimate(name(), vb.best().lowerBound(), overlap.logEffectiveCount(), overlap,
        OptionalDouble.empty(), vb.seconds(), set, diag, true);
  }
}
