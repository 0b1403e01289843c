package org.occam.crf.predict;

import org.occam.data.InvalidInputException;

/**
 * Settings of the Bayesian predictors.
 *
 * @param samples S, the posterior samples of {@code vote}, {@code weighted-vote} and
 *     {@code super-graph} (default 20)
 * @param maxIterations the most sweeps of max-product on the super-graph
 * @param damping the damping of the super-graph's max-product messages (0 = none)
 */
public record PredictionSettings(int samples, int maxIterations, double damping) {
  public static final int DEFAULT_SAMPLES = 20;

  public PredictionSettings {
    if (samples < 1) {
      throw new InvalidInputException("need at least 1 posterior sample, got " + samples);
    }
    if (maxIterations < 1) {
      throw new InvalidInputException("need at least 1 max-product iteration, got " + maxIterations);
    }
    if (!(damping >= 0 && damping < 1)) {
      throw new InvalidInputException("damping must be in [0, 1), got " + damping);
    }
  }

  /** S = 20, 200 sweeps, damping 0.5. */
  public static PredictionSettings defaults() {
    return new PredictionSettings(DEFAULT_SAMPLES, 200, 0.5);
  }

  public PredictionSettings withSamples(int s) {
    return new PredictionSettings(s, maxIterations, damping);
  }
}
