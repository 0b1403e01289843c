package org.occam.evidence;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the sample-based evidence estimators ({@code harmonic1}, {@code harmonic4},
 * {@code bridge-geo}, {@code bridge-opt}, {@code dic}) read: the log likelihood {@code ln p(D | λ)}
 * at draws from the posterior and at draws from the prior (the bridge estimators' second density,
 * as Chen &amp; Welling chose), and at the posterior mean (for DIC).
 *
 * @param posteriorLogLikelihoods {@code ln p(D | λ_s)} for the posterior draws, in draw order
 *     (chain after chain). Not copied.
 * @param priorLogLikelihoods {@code ln p(D | λ_r)} for independent prior draws (may be empty for
 *     estimators that do not use them). Not copied.
 * @param logLikelihoodAtPosteriorMean {@code ln p(D | λ̄)}, λ̄ the mean of the posterior draws
 * @param posteriorEffectiveDraws the effective number of independent posterior draws (the minimum
 *     ESS over parameters, or the count for independent draws); standard errors use it in place of
 *     the count
 * @param provenance how the draws and likelihoods were made (sampler, its convergence, exact or
 *     Bethe likelihood), copied into every estimate's settings
 */
public record SampledLikelihoods(double[] posteriorLogLikelihoods, double[] priorLogLikelihoods,
    double logLikelihoodAtPosteriorMean, double posteriorEffectiveDraws, Map<String, Object> provenance) {
  public SampledLikelihoods {
    Objects.requireNonNull(posteriorLogLikelihoods, "posteriorLogLikelihoods");
    Objects.requireNonNull(priorLogLikelihoods, "priorLogLikelihoods");
    if (posteriorLogLikelihoods.length == 0) {
      throw new IllegalArgumentException("no posterior draws");
    }
    provenance = Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
  }

  /** A problem (MRF, RBM) that can draw from its posterior and evaluate its likelihood at the draws. */
  public interface Source {
    /** The likelihoods of the problem's posterior and prior draws (computed once, then cached). */
    SampledLikelihoods sampledLikelihoods();
  }
}
