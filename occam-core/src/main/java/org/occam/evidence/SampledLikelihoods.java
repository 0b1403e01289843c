package org.occam.evidence;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.occam.data.InvalidInputException;

/**
 * What the sample-based evidence estimators ({@code harmonic1}, {@code harmonic4},
 * {@code bridge-geo}, {@code bridge-opt}, {@code dic}) read: the log likelihood {@code ln p(D | λ)}
 * at draws from the posterior and at draws from the prior (the bridge estimators' second density,
 * as Chen &amp; Welling chose), and at the posterior mean (for DIC). Made by
 * {@link SampleEvidenceEstimators#evaluate}, or directly by a caller that has the numbers.
 *
 * <p>A log likelihood of −∞ is a likelihood that underflowed to 0 and is kept as such (the
 * estimators that divide by it report a failure, the others use it); NaN and +∞ are refused, since
 * a likelihood of discrete data is at most 1 and NaN means it could not be evaluated.
 *
 * @param posteriorLogLikelihoods {@code ln p(D | λ_s)} for the posterior draws, in draw order
 *     (chain after chain). Not copied.
 * @param priorLogLikelihoods {@code ln p(D | λ_r)} for independent prior draws (may be empty for
 *     estimators that do not use them). Not copied.
 * @param logLikelihoodAtPosteriorMean {@code ln p(D | λ̄)}, λ̄ the mean of the posterior draws
 * @param posteriorEffectiveDraws the effective number of independent posterior draws (the minimum
 *     ESS over parameters, or the count for independent draws); standard errors use it in place of
 *     the count. Must be finite and &gt;= 0; at 0 (a chain that never moved) the estimates have no
 *     standard error.
 * @param provenance how the draws and likelihoods were made (sampler, likelihood, samples, chains,
 *     priorDraws, seed, the sampler's {@code converged}), copied into every estimate's settings;
 *     a {@code "seconds"} entry (the wall time of sampling and evaluating) is added to each
 *     estimate's time instead, and a {@code "seed"} entry becomes its seed
 */
public record SampledLikelihoods(double[] posteriorLogLikelihoods, double[] priorLogLikelihoods,
    double logLikelihoodAtPosteriorMean, double posteriorEffectiveDraws, Map<String, Object> provenance) {
  public SampledLikelihoods {
    Objects.requireNonNull(posteriorLogLikelihoods, "posteriorLogLikelihoods");
    Objects.requireNonNull(priorLogLikelihoods, "priorLogLikelihoods");
    if (posteriorLogLikelihoods.length == 0) {
      throw new InvalidInputException("no posterior draws");
    }
    refuseNotANumber(posteriorLogLikelihoods, "posterior draw");
    refuseNotANumber(priorLogLikelihoods, "prior draw");
    if (Double.isNaN(logLikelihoodAtPosteriorMean) || logLikelihoodAtPosteriorMean == Double.POSITIVE_INFINITY) {
      throw new InvalidInputException("the log likelihood at the posterior mean is " + logLikelihoodAtPosteriorMean
          + ": the likelihood could not be evaluated there");
    }
    if (!(posteriorEffectiveDraws >= 0) || Double.isInfinite(posteriorEffectiveDraws)) {
      throw new InvalidInputException("the effective number of posterior draws must be finite and >= 0, got "
          + posteriorEffectiveDraws);
    }
    provenance = Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
  }

  /** The number of posterior draws. */
  public int posteriorDraws() {
    return posteriorLogLikelihoods.length;
  }

  /** The number of prior draws. */
  public int priorDraws() {
    return priorLogLikelihoods.length;
  }

  /** How many posterior draws have likelihood 0 (log likelihood −∞). */
  public int posteriorZeroLikelihoods() {
    return zeros(posteriorLogLikelihoods);
  }

  /** How many prior draws have likelihood 0 (log likelihood −∞). */
  public int priorZeroLikelihoods() {
    return zeros(priorLogLikelihoods);
  }

  /**
   * {@code ln (1/n) Σ_i exp(x_i)}, computed on the terms scaled by the largest: −∞ when every term
   * is −∞ (or there are none), +∞ when one is.
   */
  public static double logMeanExp(double[] x) {
    return x.length == 0 ? Double.NEGATIVE_INFINITY : org.occam.sampling.ImportanceWeights.logMean(x);
  }

  /**
   * The squared coefficient of variation of the terms {@code exp(x_i)}: their sample (n − 1) variance
   * over the square of their mean, computed on the terms scaled by the largest. 0 for fewer than two
   * terms; +∞ when every term is 0 or one is infinite. The delta method turns it into the relative
   * variance of a mean of the terms: {@code relativeVariance(x) / n}.
   */
  public static double relativeVariance(double[] x) {
    int n = x.length;
    if (n < 2) {
      return 0;
    }
    double max = Double.NEGATIVE_INFINITY;
    for (double v : x) {
      max = Math.max(max, v);
    }
    if (Double.isInfinite(max)) {
      return Double.POSITIVE_INFINITY;
    }
    double mean = 0;
    for (double v : x) {
      mean += Math.exp(v - max);
    }
    mean /= n;
    double ss = 0;
    for (double v : x) {
      double d = Math.exp(v - max) - mean;
      ss += d * d;
    }
    return ss / (n - 1) / (mean * mean);
  }

  /** {@code ln(e^a + e^b)} without overflow; −∞ when both are. */
  public static double logAddExp(double a, double b) {
    double max = Math.max(a, b);
    if (max == Double.NEGATIVE_INFINITY || max == Double.POSITIVE_INFINITY) {
      return max;
    }
    return max + Math.log1p(Math.exp(Math.min(a, b) - max));
  }

  private static int zeros(double[] x) {
    int k = 0;
    for (double v : x) {
      if (v == Double.NEGATIVE_INFINITY) {
        k++;
      }
    }
    return k;
  }

  /** Refuses NaN and +∞, naming the first such draw. */
  static void refuseNotANumber(double[] logLikelihoods, String what) {
    for (int i = 0; i < logLikelihoods.length; i++) {
      double v = logLikelihoods[i];
      if (Double.isNaN(v) || v == Double.POSITIVE_INFINITY) {
        throw new InvalidInputException(String.format(Locale.ROOT, "the log likelihood is %s at %s %d (of %d): the"
            + " likelihood could not be evaluated there", v, what, i + 1, logLikelihoods.length));
      }
    }
  }
}
