package org.occam.mrf.methods;

import java.util.List;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.mrf.MrfAnnealedImportanceSampling;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.hidden.HiddenParameterLikelihood;
import org.occam.sampling.ParameterSpaceAis;

/**
 * {@code ais}: annealed importance sampling over the parameters with HMC moves and exact log Z at
 * every temperature ({@link MrfAnnealedImportanceSampling}), the ground truth of Parise &amp; Welling;
 * with hidden variables or missing cells the likelihood has the clamped sums inside it
 * ({@link HiddenParameterLikelihood}), on the same engine and settings. Where one run carries nearly all the weight (far too few steps for the posterior, e.g. on 10⁶
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
    if (problem.hasHiddenVariables()) {
      return org.occam.evidence.AnnealedWeights.check(new ParameterSpaceAis("ais",
          new HiddenParameterLikelihood(problem.hiddenData()), ais.withPriorSigma(settings.priorSigma()))
          .estimate(problem.seed(), settings.threads()));
    }
    return org.occam.evidence.AnnealedWeights.check(new MrfAnnealedImportanceSampling(problem.data(),
        ais.withPriorSigma(settings.priorSigma())).estimate(problem.seed(), settings.threads()));
  }
}
