package org.occam.dag.methods;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.occam.dag.DagAnnealingTarget;
import org.occam.dag.DagProblem;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.sampling.AnnealedImportanceSampler;

/**
 * {@code ais}: annealed importance sampling over the CPTs (Beal's Algorithm 6.1, section 6.3.5),
 * unbiased for p(y | m); the standard error is the delta method's on the mean weight. With a
 * standard-error target in the settings, runs are added until it holds or the budget is spent
 * ({@link AnnealedImportanceSampler#estimateToTarget}), and the diagnostics say which. Where one run carries nearly all the weight (far too few steps for the posterior, e.g. on 10⁶
 * rows of one pattern) the result says {@code converged} false, with the reason
 * ({@link org.occam.evidence.AnnealedWeights}).
 */
final class DagAis implements EvidenceMethod<DagProblem> {
  @Override
  public String name() {
    return "ais";
  }

  @Override
  public String description() {
    return "annealed importance sampling over the CPTs, unbiased for p(y|m) (Beal Algorithm 6.1)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.stochastic(3, "unbiased for p(y|m); the delta-method standard error over the runs");
  }

  @Override
  public List<String> settings() {
    return List.of("prior", "steps", "schedule", "runs", "proposal", "strength", "reverse");
  }

  @Override
  public EvidenceEstimate estimate(DagProblem problem) {
    long t0 = System.nanoTime();
    DagAnnealingTarget.Settings ais = problem.settings().ais();
    var target = new DagAnnealingTarget(problem.data(), problem.prior(), ais);
    // with a target, the extra runs take the streams that follow on the problem's stream
    var est = ais.stdErrorTarget().isEmpty()
        ? AnnealedImportanceSampler.estimate(target, ais.schedule(), ais.runs(), problem.rng(), 1, ais.reverse())
        : AnnealedImportanceSampler.estimateToTarget(target, ais.schedule(), ais.runs(),
            ais.stdErrorTarget().getAsDouble(), ais.runBudget(), problem.rng(), 1, ais.reverse());
    Map<String, Object> set = new java.util.LinkedHashMap<>();
    set.put("prior", problem.prior().toString());
    set.putAll(ais.toMap());
    Map<String, Object> diag = problem.diagnostics();
    diag.put("logWeights", est.runs().stream().map(r -> r.logWeight()).toList());
    diag.put("stdErrorMethod", est.stdErrorMethod());
    diag.put("acceptanceByQuarter", Arrays.stream(est.acceptanceByQuarter()).boxed().toList());
    if (ais.stdErrorTarget().isPresent()) {
      AnnealedImportanceSampler.putTargetDiagnostics(diag, est, ais.stdErrorTarget().getAsDouble(), ais.runBudget());
    }
    if (est.reverseLogEstimate().isPresent()) {
      diag.put("reverseLogWeights", est.runs().stream().map(r -> r.reverseLogWeight().getAsDouble()).toList());
      diag.put("reverseLogEvidence", est.reverseLogEstimate().getAsDouble());
      diag.put("hysteresis", est.hysteresis().getAsDouble());
    }
    return org.occam.evidence.AnnealedWeights.check(problem.estimate(name(), est.logEstimate(),
        est.reportedStdError(), (System.nanoTime() - t0) * 1e-9, set, diag, true));
  }
}
