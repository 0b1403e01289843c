package org.occam.dag.methods;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.occam.dag.CompleteDataEvidence;
import org.occam.dag.DagProblem;
import org.occam.dag.ExactEvidence;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;

/**
 * {@code exact}: the evidence in closed form (Beal 6.9) for complete data, else the sum over every
 * completion of the unobserved variables grouped by distinct row ({@link ExactEvidence}; refused
 * above the settings' term limit, before any work). The sum and its term count leave out each row's
 * barren variables (unobserved, no observed descendant in the row), whose families contribute a
 * factor 1 ({@link org.occam.dag.HiddenStateEnumeration#withoutBarrenNodes()}).
 */
final class DagExact implements EvidenceMethod<DagProblem> {
  @Override
  public String name() {
    return "exact";
  }

  @Override
  public String description() {
    return "closed form (Beal 6.9) for complete data, else the sum over completions (a few dozen rows)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.exact(1e-8, "a finite sum of Dirichlet–multinomial terms in log space");
  }

  @Override
  public List<String> settings() {
    return List.of("prior", "algorithm");
  }

  @Override
  public EvidenceEstimate estimate(DagProblem problem) {
    var data = problem.data();
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("prior", problem.prior().toString());
    Map<String, Object> diag = problem.diagnostics();
    long t0 = System.nanoTime();
    double value;
    if (data.isComplete()) {
      set.put("algorithm", "closed form (Beal 6.9)");
      value = CompleteDataEvidence.logEvidence(problem.structure(), problem.prior(), data.completeCounts());
    } else {
      double limit = problem.settings().exactTermLimit();
      ExactEvidence.requireWithinLimit(data, limit);
      set.put("algorithm", "sum over completions grouped by distinct row");
      set.put("termLimit", limit);
      diag.put("terms", ExactEvidence.termCount(data));
      value = ExactEvidence.logEvidence(data, problem.prior(), limit);
    }
    return problem.estimate(name(), value, OptionalDouble.empty(), (System.nanoTime() - t0) * 1e-9, set, diag,
        false);
  }
}
