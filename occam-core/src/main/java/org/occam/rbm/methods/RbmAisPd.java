package org.occam.rbm.methods;

import java.util.List;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLogLikelihood;
import org.occam.rbm.RbmParameterAis;
import org.occam.rbm.RbmProblem;

/**
 * {@code ais-pd}: annealed importance sampling over the parameters with HMC moves and exact log Z
 * (Chen &amp; Welling 2013, section 3.3, "AIS-p(D)"), their ground truth. * Where one run carries nearly all the weight (far too few steps for the posterior, e.g. on 10⁶
 * rows of one pattern) the result says {@code converged} false, with the reason
 * ({@link org.occam.evidence.AnnealedWeights}).
 */
final class RbmAisPd implements EvidenceMethod<RbmProblem> {
  @Override
  public String name() {
    return "ais-pd";
  }

  @Override
  public String description() {
    return "annealed importance sampling over λ with HMC and exact log Z (Chen & Welling 3.3; ground truth)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.stochastic(3, "unbiased for p(D|m); the standard error over the runs");
  }

  @Override
  public List<String> settings() {
    return List.of("steps", "runs", "leapfrogSteps", "prior");
  }

  @Override
  public EvidenceEstimate estimate(RbmProblem problem) {
    problem.progress().accept("ais-pd");
    RbmData d = problem.laplace().data();
    return org.occam.evidence.AnnealedWeights.check(new RbmParameterAis(new RbmLogLikelihood(problem.hiddenCount(), d),
        problem.aisPdSettings()).estimate(problem.seed(), problem.threads()));
  }
}
