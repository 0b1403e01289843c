package org.occam.crf.methods;

import java.util.List;
import org.occam.crf.CrfProblem;
import org.occam.evidence.Accuracy;
import org.occam.evidence.AnnealedWeights;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.sampling.ParameterSpaceAis;

/**
 * {@code ais}: annealed importance sampling over λ from the prior to the posterior with one HMC move
 * per temperature and exact log Z(x_n, λ) per sequence (forward–backward): the ground truth of
 * Parise &amp; Welling's Figure 5, on the engine the other families use ({@link ParameterSpaceAis}).
 */
final class CrfAis implements EvidenceMethod<CrfProblem> {
  @Override
  public String name() {
    return "ais";
  }

  @Override
  public String description() {
    return "annealed importance sampling over λ with HMC moves and exact log Z(x) (ground truth)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.stochastic(3, "unbiased for p(D|m); the standard error over the runs");
  }

  @Override
  public List<String> settings() {
    return List.of("prior", "steps", "runs", "leapfrogSteps");
  }

  @Override
  public EvidenceEstimate estimate(CrfProblem problem) {
    ParameterSpaceAis ais = new ParameterSpaceAis("ais", problem.likelihood(), problem.settings().ais());
    return AnnealedWeights.check(ais.estimate(problem.seed(), problem.settings().threads()));
  }
}
