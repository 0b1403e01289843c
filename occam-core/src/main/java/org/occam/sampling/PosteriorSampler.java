package org.occam.sampling;

/**
 * One way of drawing a model's parameters from their posterior (or from an approximation of it):
 * the Bethe–Laplace Gaussians {@code bl-mp} and {@code bl-bp}, and the Markov chains {@code hmc},
 * {@code lv-cd} and {@code mc-bp} of Welling &amp; Parise (2006), section 7. Each is one class,
 * listed in its family's registry of samplers.
 *
 * @param <P> the family's scoring problem (model, data, prior, cached MAP point)
 */
public interface PosteriorSampler<P> {
  /**
   * The name that asks the sample-based estimators to choose: {@code hmc} when the likelihood is
   * exact (log Z can then be enumerated, so exact gradients are at hand and HMC's draws are the
   * posterior's, at a hundredth of brief Langevin's cost), {@code lv-cd} when it is the Bethe
   * approximation (Chen &amp; Welling's pairing, for models too large to enumerate).
   */
  String AUTO = "auto";

  /** The sampler that {@code requested} stands for: itself, or for {@link #AUTO} hmc or lv-cd. */
  static String resolve(String requested, boolean betheLikelihood) {
    String s = requested.trim().toLowerCase(java.util.Locale.ROOT);
    return s.equals(AUTO) ? (betheLikelihood ? "lv-cd" : "hmc") : s;
  }

  /** The name as on the command line, in lower case. */
  String name();

  /** One line saying what the draws are, with the source. */
  String description();

  /** Whether the draws are exact posterior draws up to Monte Carlo error (HMC with exact gradients). */
  boolean exact();

  /**
   * Draws from the posterior of a problem. Non-convergence is reported in the diagnostics
   * ({@code converged} false, with the reason), never thrown.
   *
   * @param seed the seed of this method's random stream (chains get streams split off it in order)
   */
  ParameterSamples sample(P problem, SamplerSettings settings, long seed);
}
