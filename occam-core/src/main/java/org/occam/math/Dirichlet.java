package org.occam.math;


/**
 * Dirichlet normalisers, densities and divergences over one probability vector stored in a
 * slice {@code [from, from + k)} of a flat array, so that whole conditional probability tables
 * can be processed without copying.
 */
public final class Dirichlet {
  private Dirichlet() {}

  /**
   * The log Dirichlet integral {@code ln B(a) = Σ_k lnΓ(a_k) − lnΓ(Σ_k a_k)} for
   * {@code a_k = prior + counts[from + k]}, with a symmetric hyperparameter {@code prior}.
   */
  public static double logBeta(double prior, double[] counts, int from, int k) {
    double sum = 0;
    double total = 0;
    for (int i = 0; i < k; i++) {
      double a = prior + counts[from + i];
      sum += GammaFunctions.logGamma(a);
      total += a;
    }
    return sum - GammaFunctions.logGamma(total);
  }

  /** {@code ln B(λ,…,λ)} for a k-vector of equal hyperparameters. */
  public static double logBetaSymmetric(double prior, int k) {
    return k * GammaFunctions.logGamma(prior) - GammaFunctions.logGamma(k * prior);
  }

  /**
   * The log marginal likelihood of multinomial counts under a symmetric Dirichlet prior, the
   * factor of Beal's eqn (6.9) for one parent configuration:
   * {@code lnΓ(λ⁰) − lnΓ(λ⁰ + N) + Σ_k (lnΓ(λ + N_k) − lnΓ(λ))}. Counts may be fractional.
   */
  public static double logMarginal(double prior, double[] counts, int from, int k) {
    return logBeta(prior, counts, from, k) - logBetaSymmetric(prior, k);
  }

  /**
   * The log density of {@code Dir(λ,…,λ)} at {@code theta[from..from+k)}:
   * {@code lnΓ(kλ) − k lnΓ(λ) + Σ_k (λ − 1) ln θ_k}. Terms with {@code λ = 1} contribute nothing,
   * so a zero probability under a uniform prior is not an error.
   */
  public static double logDensity(double prior, double[] theta, int from, int k) {
    double s = -logBetaSymmetric(prior, k);
    if (prior != 1.0) {
      for (int i = 0; i < k; i++) {
        s += (prior - 1.0) * Math.log(theta[from + i]);
      }
    }
    return s;
  }

  /**
   * {@code KL(Dir(λ + N) ‖ Dir(λ))} for one row: the penalty term of the variational lower bound
   * (the first term of Beal 2003, eqn 6.36, at q(θ) = Dir(λ + N); docs/notes/dag-scores.md).
   */
  public static double klPosteriorFromPrior(double prior, double[] counts, int from, int k) {
    double posteriorTotal = k * prior;
    for (int i = 0; i < k; i++) {
      posteriorTotal += counts[from + i];
    }
    double digammaTotal = GammaFunctions.digamma(posteriorTotal);
    double kl = GammaFunctions.logGamma(posteriorTotal) - GammaFunctions.logGamma(k * prior);
    for (int i = 0; i < k; i++) {
      double n = counts[from + i];
      double a = prior + n;
      kl += GammaFunctions.logGamma(prior) - GammaFunctions.logGamma(a);
      if (n != 0) {
        kl += n * (GammaFunctions.digamma(a) - digammaTotal);
      }
    }
    return kl;
  }
}
