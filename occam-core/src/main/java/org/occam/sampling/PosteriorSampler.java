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
