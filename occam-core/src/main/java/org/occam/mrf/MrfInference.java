package org.occam.mrf;

/**
 * What an inference engine for a {@link BoltzmannMachine} gives, in the spirit of libDAI's
 * {@code InfAlg}: the (exact or approximate) log partition function and the feature means
 * {@code E[f] = (q_0 … q_{V−1}, ξ_0 … ξ_{E−1})}, with {@code q_i = p(x_i = 1)} and
 * {@code ξ_e = p(x_i = 1, x_j = 1)} for edge e = (i, j).
 */
public interface MrfInference {
  /** The model this engine ran on. */
  BoltzmannMachine model();

  /** log Z (exact, or an approximation such as the Bethe one). */
  double logZ();

  /** E[f] in feature order (a fresh array). */
  double[] featureMeans();
}
