package org.occam.cli;

import java.util.List;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.SampleEvidenceEstimator;
import org.occam.evidence.SampleEvidenceEstimators;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.mrf.MrfProblem;
import picocli.CommandLine.Option;

/**
 * How {@code mrf score}'s sample-based estimators (harmonic1, harmonic4, bridge-geo, bridge-opt,
 * dic) draw from the posterior: read only when one of them is asked for.
 */
public final class MrfSampledEstimatorOptions {
  private static final PosteriorDrawSettings DEFAULTS = PosteriorDrawSettings.defaults();

  @Option(names = "--sampler", paramLabel = "S", defaultValue = "auto",
      description = "The posterior draws of the sample-based estimators: lv-cd (brief Langevin with contrastive"
          + " divergence, as Chen & Welling), hmc (exact gradients), or auto: hmc with --likelihood exact (log Z"
          + " is enumerated anyway; about 100 times faster than lv-cd, and exact), lv-cd with --likelihood bethe"
          + " (default: ${DEFAULT-VALUE}).")
  String sampler;

  @Option(names = "--likelihood", paramLabel = "L", defaultValue = "exact",
      description = "ln p(D | λ) at the draws: exact (log Z by the junction tree) or bethe (log Z by the Bethe free"
          + " energy, as Chen & Welling where log Z cannot be enumerated) (default: ${DEFAULT-VALUE}).")
  String likelihood;

  @Option(names = "--samples", paramLabel = "N", defaultValue = "10000",
      description = "Posterior draws kept in all, over the chains (default: ${DEFAULT-VALUE}).")
  int samples;

  @Option(names = "--chains", paramLabel = "C", defaultValue = "10",
      description = "Chains, started apart; converged when their MPSRF is below 1.1 (default: ${DEFAULT-VALUE}).")
  int chains;

  @Option(names = "--prior-draws", paramLabel = "N", defaultValue = "10000",
      description = "Draws from the prior, the bridge estimators' second density (default: ${DEFAULT-VALUE}).")
  int priorDraws;

  /** Whether one of {@code methods} is a sample-based estimator (and these options are read). */
  static boolean wanted(List<EvidenceMethod<MrfProblem>> methods) {
    List<String> sampled = SampleEvidenceEstimators.all().stream().map(SampleEvidenceEstimator::name).toList();
    return methods.stream().anyMatch(m -> sampled.contains(m.name()));
  }

  /**
   * The settings these options describe with {@code threads} workers, or the defaults when no
   * sample-based estimator is asked for (then the options are not read).
   */
  PosteriorDrawSettings settings(List<EvidenceMethod<MrfProblem>> methods, int threads) {
    if (!wanted(methods)) {
      return DEFAULTS.withSampling(DEFAULTS.sampling().withThreads(threads));
    }
    PosteriorDrawSettings p = PosteriorDrawSettings.parse(sampler, likelihood, samples, chains, priorDraws);
    return p.withSampling(p.sampling().withThreads(threads));
  }
}
