package org.occam.rbm.methods;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmProblem;

/**
 * {@code ml-bic}: L(λML) + ln p(λML) − (F/2) ln N, the first four terms of Chen &amp; Welling's eqn 5
 * at PCD's maximum-likelihood estimate (section 3.1.5), not fine-tuned.
 */
final class RbmMlBic implements EvidenceMethod<RbmProblem> {
  @Override
  public String name() {
    return "ml-bic";
  }

  @Override
  public String description() {
    return "L(λML) + ln p(λML) − (F/2) ln N at PCD's ML estimate (Chen & Welling 3.1.5)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(RbmMethods.BIC_TOLERANCE, "at small N λML runs off towards infinity and"
        + " ln p(λML) with it: 72 nats below the evidence on 10 rows, as Chen & Welling report for small N");
  }

  @Override
  public List<String> settings() {
    return RbmMethods.LAPLACE_SETTINGS;
  }

  @Override
  public EvidenceEstimate estimate(RbmProblem problem) {
    long start = System.nanoTime();
    RbmLaplace laplace = problem.laplace();
    RbmLaplace.MlBicResult r = laplace.mlBic(problem.hiddenCount(), problem.settings(), problem.seed(),
        problem.threads(), problem.progress());
    double seconds = (System.nanoTime() - start) / 1e9;
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("estimate", "PCD (maximum likelihood), not fine-tuned");
    RbmDiagnostics.logPartition(diag, r.logPartition());
    diag.put("logLikelihood", r.logLikelihood());
    diag.put("logPrior", r.logPrior());
    diag.put("rows", laplace.dataCount());
    diag.put("penalty", r.penalty());
    RbmDiagnostics.pcdRuns(diag, r.pcdRuns());
    diag.put("bicWithoutPrior", r.bic());
    Map<String, Object> s = new LinkedHashMap<>(problem.settings().toMap());
    s.put("training", problem.settings().training().maximumLikelihood().toMap());
    return new EvidenceEstimate(name(), r.mlBic(), RbmDiagnostics.stdError(r.logPartition(), laplace), seconds, s,
        OptionalLong.of(problem.seed()), diag);
  }
}
