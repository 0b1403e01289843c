package org.occam.evidence;

import java.util.List;

/**
 * An estimator of the log evidence {@code ln p(D | m)} from log likelihoods at posterior draws (and
 * prior draws, and the posterior mean) alone, so it works for any model family: Newton &amp;
 * Raftery's harmonic means, Meng &amp; Wong's bridge sampling, Spiegelhalter et al.'s DIC. Each is
 * one class, listed in {@link SampleEvidenceEstimators}; a family offers them as evidence methods
 * through {@link SampledEvidenceMethod}.
 */
public interface SampleEvidenceEstimator {
  /** The name in lower case, as on the command line ({@code harmonic1}, {@code bridge-opt}). */
  String name();

  /** One line saying what it computes, with its source. */
  String description();

  /** What the number is and the tolerance it is held to against the exact evidence. */
  Accuracy accuracy();

  /** The names of the estimator's own settings (as in its estimates' {@code settings}). */
  default List<String> settings() {
    return List.of();
  }

  /**
   * The estimate from the sampled likelihoods. Its settings are the likelihoods' provenance plus
   * the estimator's own; its diagnostics say {@code converged} false when the sampler did not
   * converge (provenance {@code converged}) or the estimator's own iteration did not, and carry a
   * {@code failure} reason when the number is not finite (a posterior draw of likelihood 0 for the
   * estimators that divide by it).
   *
   * @throws org.occam.data.InvalidInputException if the estimator needs prior draws and there are none
   */
  EvidenceEstimate estimate(SampledLikelihoods in);
}
