package org.occam.rbm;

import org.occam.math.TrustRegionNewton;

/**
 * The negative log posterior ℓ(λ) (up to a constant) as {@link RbmLaplace}'s fine-tuning, Hessian
 * and trapezoids read it: Chen &amp; Welling's importance-sampled estimate
 * ({@link ImportanceSampledObjective}) or the exact one ({@link RbmExactObjective}), whose effective
 * sample size is +∞ and whose sample count is 0, so the ESS limit never binds.
 */
interface RbmPosteriorObjective extends TrustRegionNewton.TwiceDifferentiableFunction {
  /** ℓ(λ) and the ESS of the importance weights at λ (+∞ when ℓ is exact). */
  ImportanceSampledObjective.Evaluation evaluate(double[] lambda);

  /** ℓ(λ) alone. */
  double value(double[] lambda);

  /** The ESS at λ (+∞ when ℓ is exact). */
  double effectiveSampleSize(double[] lambda);

  /** T, the samples behind ℓ (0 when ℓ is exact). */
  int sampleCount();

  /** The distinct sample rows (0 when ℓ is exact). */
  int distinctSampleCount();

  /** Whether ℓ is exact rather than importance-sampled. */
  boolean exact();
}
