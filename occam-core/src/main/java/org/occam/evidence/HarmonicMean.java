package org.occam.evidence;

import java.util.Map;

/**
 * {@code harmonic1}: the harmonic mean of the likelihood over posterior draws, Newton &amp; Raftery
 * (1994, JRSS B 56: their p̂1), from the identity {@code E_post[1/L(λ)] = 1/p(D)}:
 *
 * <pre>  p̂1 = [ (1/S) Σ_s 1 / L(λ_s) ]⁻¹,   ln p̂1 = −ln mean_s exp(−ln L(λ_s))</pre>
 *
 * <p>The standard error is the delta method's on the mean of 1/L, with the effective number of
 * draws in place of S: {@code sd(1/L) / (mean(1/L) √ESS)}. It is unreliable: 1/L has infinite
 * posterior variance in general (whenever the prior has heavier tails than the posterior), so the
 * sample variance understates the spread, the estimate is dominated by the rare draws of small
 * likelihood and, in practice, lies above ln p(D) (the draws rarely reach the prior's tails).
 * {@code largestTermShare} reports the share of the largest 1/L in the sum (near 1: one draw
 * decides the estimate).
 */
final class HarmonicMean extends AbstractSampleEstimator {
  @Override
  public String name() {
    return "harmonic1";
  }

  @Override
  public String description() {
    return "harmonic mean of the likelihood over posterior draws (Newton & Raftery 1994, p̂1)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(SampleEvidenceEstimators.HARMONIC_TOLERANCE, "simulation-consistent but 1/L has"
        + " infinite variance in general: the estimate is decided by rare draws in the posterior's tails and lies"
        + " above ln p(D): up to 5.2 nats on conjugate models of one to three parameters, more in more dimensions");
  }

  @Override
  Result compute(SampledLikelihoods in, Map<String, Object> settings, Map<String, Object> diagnostics) {
    double[] ell = in.posteriorLogLikelihoods();
    double[] inverse = new double[ell.length];
    for (int s = 0; s < ell.length; s++) {
      inverse[s] = -ell[s];
    }
    double logMeanInverse = SampledLikelihoods.logMeanExp(inverse);
    if (logMeanInverse == Double.POSITIVE_INFINITY) {
      return new Result(Double.NEGATIVE_INFINITY, Double.NaN, null,
          zeroLikelihoodFailure(name(), in.posteriorZeroLikelihoods(), ell.length));
    }
    diagnostics.put("largestTermShare", Math.exp(max(inverse) - logMeanInverse) / ell.length);
    double relativeVariance = SampledLikelihoods.relativeVariance(inverse) / in.posteriorEffectiveDraws();
    return Result.of(-logMeanInverse, Math.sqrt(relativeVariance));
  }

  private static double max(double[] x) {
    double m = Double.NEGATIVE_INFINITY;
    for (double v : x) {
      m = Math.max(m, v);
    }
    return m;
  }
}
