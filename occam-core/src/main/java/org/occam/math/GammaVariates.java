package org.occam.math;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * Gamma(shape, 1) variates by Marsaglia &amp; Tsang (2000), with the boost
 * {@code G(a) = G(a + 1) · U^{1/a}} for shapes below one, drawing from a caller-owned normal
 * sampler so that hot loops allocate nothing. Dirichlet vectors are normalised gamma variates.
 */
public final class GammaVariates {
  private final UniformRandomProvider rng;
  private final ZigguratSampler.NormalizedGaussian normal;

  public GammaVariates(UniformRandomProvider rng) {
    this.rng = rng;
    this.normal = ZigguratSampler.NormalizedGaussian.of(rng);
  }

  /** One Gamma(shape, 1) variate; shape must be &gt; 0. May underflow to 0 for tiny shapes. */
  public double next(double shape) {
    if (shape < 1) {
      double u = rng.nextDouble();
      return next(shape + 1) * Math.pow(u, 1.0 / shape);
    }
    double d = shape - 1.0 / 3.0;
    double c = 1.0 / Math.sqrt(9 * d);
    while (true) {
      double x;
      double v;
      do {
        x = normal.sample();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      double u = rng.nextDouble();
      if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
        return d * v;
      }
    }
  }

  /**
   * A Dirichlet(alpha[0..k)) vector written into {@code out[from..from+k)}; returns false
   * (leaving out partly written) if a component underflowed to a subnormal or zero value.
   */
  public boolean dirichlet(double[] alpha, int k, double[] out, int from) {
    double sum = 0;
    for (int i = 0; i < k; i++) {
      double g = next(alpha[i]);
      out[from + i] = g;
      sum += g;
    }
    boolean ok = sum > 0;
    for (int i = 0; i < k; i++) {
      out[from + i] /= sum;
      ok &= out[from + i] >= Double.MIN_NORMAL;
    }
    return ok;
  }
}
