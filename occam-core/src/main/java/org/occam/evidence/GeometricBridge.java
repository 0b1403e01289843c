package org.occam.evidence;

import java.util.Locale;
import java.util.Map;

/**
 * {@code bridge-geo}: bridge sampling (Meng &amp; Wong 1996, Statistica Sinica 6) with the geometric
 * bridge α = (q1 q2)^(−1/2), between q1(λ) = p(D | λ) p(λ), the unnormalised
 * posterior with normalising constant p(D), and q2(λ) = p(λ), the normalised prior — Chen &amp;
 * Welling's choice of q2 — so that q1/q2 = L(λ):
 *
 * <pre>  r̂ = [ (1/n2) Σ_prior L(λ_j)^{1/2} ] / [ (1/n1) Σ_post L(λ_i)^{−1/2} ]</pre>
 *
 * computed in log space. The standard error is the delta method's for a ratio of two independent
 * means, {@code RE² = V_prior(L^{1/2}) / n2 + V_post(L^{−1/2}) / ESS} (V the squared coefficient of
 * variation; the posterior draws' effective size in place of n1, as in Frühwirth-Schnatter 2004),
 * reported as {@code relativeMse}; {@code essRatio} is ESS / n1.
 *
 * <p>With the prior as q2 the estimator needs prior draws that land where the likelihood is large:
 * in many dimensions almost none do, L^{1/2} over the prior is dominated by a few draws and the
 * standard error understates the error (Chen &amp; Welling's bridge sampling fails at ~1k parameters).
 * The effective number of prior draws in the prior-side sum, (Σw)²/Σw², is reported as
 * {@code priorDrawsEss}; below {@value #MIN_PRIOR_DRAWS_ESS} the result says {@code converged}
 * false with the reason. (On the README's 4-cycle, 8 parameters and N = 2,000, the ESS is about 1
 * and both bridges sit 28 nats below AIS with a stated standard error of 1.0.)
 */
final class GeometricBridge extends AbstractSampleEstimator {
  /**
   * The fewest effective prior draws in the prior-side sum for the delta-method standard error to
   * mean anything: with fewer, one or two draws make the estimate.
   */
  static final double MIN_PRIOR_DRAWS_ESS = 10;
  @Override
  public String name() {
    return "bridge-geo";
  }

  @Override
  public String description() {
    return "bridge sampling, geometric bridge, prior as q2 (Meng & Wong 1996)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.stochastic(3, "consistent as the posterior and prior draws grow; its standard error (delta method,"
        + " posterior ESS) is honest while the prior draws cover the posterior, i.e. in few dimensions");
  }

  @Override
  boolean usesPriorDraws() {
    return true;
  }

  @Override
  Result compute(SampledLikelihoods in, Map<String, Object> settings, Map<String, Object> diagnostics) {
    double[] post = in.posteriorLogLikelihoods();
    double[] prior = in.priorLogLikelihoods();
    double[] numerator = new double[prior.length];
    for (int j = 0; j < prior.length; j++) {
      numerator[j] = 0.5 * prior[j];
    }
    double[] denominator = new double[post.length];
    for (int i = 0; i < post.length; i++) {
      denominator[i] = -0.5 * post[i];
    }
    double logR = SampledLikelihoods.logMeanExp(numerator) - SampledLikelihoods.logMeanExp(denominator);
    if (Double.isNaN(logR) || logR == Double.POSITIVE_INFINITY) {
      logR = Double.NEGATIVE_INFINITY;
    }
    if (logR == Double.NEGATIVE_INFINITY) {
      String failure = in.posteriorZeroLikelihoods() > 0
          ? zeroLikelihoodFailure(name(), in.posteriorZeroLikelihoods(), post.length)
          : name() + ": every prior draw has likelihood 0";
      return new Result(logR, Double.NaN, null, failure);
    }
    double re2 = relativeMse(numerator, denominator, in.posteriorEffectiveDraws());
    if (Double.isFinite(re2)) {
      diagnostics.put("relativeMse", re2);
    }
    return new Result(logR, Math.sqrt(re2), priorOverlap(numerator, diagnostics), null);
  }

  /**
   * Puts {@code priorDrawsEss}, the effective number of prior draws carrying the prior-side terms,
   * and returns why the estimate cannot be trusted when it is below {@link #MIN_PRIOR_DRAWS_ESS},
   * else null.
   */
  static String priorOverlap(double[] logPriorTerms, Map<String, Object> diagnostics) {
    double ess = org.occam.sampling.ImportanceWeights.effectiveSampleSize(logPriorTerms);
    diagnostics.put("priorDrawsEss", ess);
    if (ess >= MIN_PRIOR_DRAWS_ESS) {
      return null;
    }
    return String.format(Locale.ROOT, "the prior draws barely reach the posterior: %.1f of %d carry the prior-side"
        + " sum (fewer than %.0f), so a few draws make the estimate and its standard error does not hold",
        ess, logPriorTerms.length, MIN_PRIOR_DRAWS_ESS);
  }

  /**
   * The relative mean squared error of a ratio of means of exp(numerator) over the prior draws and
   * exp(denominator) over the posterior draws (Frühwirth-Schnatter 2004, Econometrics J. 7:
   * the posterior term's n1/ρ(0) replaced by the effective number of draws).
   */
  static double relativeMse(double[] numerator, double[] denominator, double posteriorEffectiveDraws) {
    return SampledLikelihoods.relativeVariance(numerator) / numerator.length
        + SampledLikelihoods.relativeVariance(denominator) / posteriorEffectiveDraws;
  }
}
