package org.occam.mrf.methods;

import java.util.List;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.mrf.MrfAnnealedImportanceSampling;
import org.occam.mrf.MrfProblem;

/**
 * {@code ais}: annealed importance sampling over the parameters with HMC moves and exact log Z at
 * every temperature ({@link MrfAnnealedImportanceSampling}), the ground truth of Parise &amp; Welling. * Where one run carries nearly all the weight (far too few steps for the posterior, e.g. on 10⁶
 * rows of one pattern) the result says {@code converged} false, with the reason
 * ({@link org.occam.evidence.AnnealedWeights}).
 */
final class MrfAis implements EvidenceMethod<MrfProblem> {
  @Override
  public String name() {
    return "ais";
  }

  @Override
  public String description() {
    return "annealed importance sampling over λ with HMC moves and exact log Z (ground truth)";
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
  public EvidenceEstimate estimate(MrfProblem problem) {
    var settings = problem.settings();
    var ais = problem.aisSettings() != null ? problem.aisSettings()
        : MrfAnnealedImportanceSampling.defaultSettings();
    return org.occam.evidence.AnnealedWeights.check(new MrfAnnealedImportanceSampling(problem.data(),
        ais.withPriorSigma(settings.priorSigma())).estimate(problem.seed(), settings.threads()));
  }
}
