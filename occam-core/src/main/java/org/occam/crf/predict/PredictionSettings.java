package org.occam.crf.predict;

import org.occam.data.InvalidInputException;

/**
 * Settings of the Bayesian predictors.
 *
 * @param samples S, the posterior samples of {@code vote}, {@code weighted-vote} and
 *     {@code super-graph} (default 20)
 * @param maxIterations the most sweeps of max-product on the super-graph
 * @param damping the damping of the super-graph's max-product messages (0 = none)
 * @param equalityStrength κ ≥ 0, the strength of the super-graph's equality edges: each of the
 *     S(S−1)/2 edges between two copies' labels at one position is {@code J_eq t^s t^r} with
 *     {@code J_eq = κ/(S−1)}, so one copy disagreeing with all others pays 2κ nats whatever S is
 *     (default {@link #DEFAULT_EQUALITY_STRENGTH}; see {@link SuperGraphPredictor})
 */
public record PredictionSettings(int samples, int maxIterations, double damping, double equalityStrength) {
  public static final int DEFAULT_SAMPLES = 20;
  /** κ = 1: see {@link SuperGraphPredictor} for why. */
  public static final double DEFAULT_EQUALITY_STRENGTH = 1.0;

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
    if (!(equalityStrength >= 0 && equalityStrength < Double.POSITIVE_INFINITY)) {
      throw new InvalidInputException("the super-graph's equality strength must be finite and >= 0, got "
          + equalityStrength);
    }
  }

  /** With the default equality strength. */
  public PredictionSettings(int samples, int maxIterations, double damping) {
    this(samples, maxIterations, damping, DEFAULT_EQUALITY_STRENGTH);
  }

  /** S = 20, 200 sweeps, damping 0.5, κ = 1. */
  public static PredictionSettings defaults() {
    return new PredictionSettings(DEFAULT_SAMPLES, 200, 0.5, DEFAULT_EQUALITY_STRENGTH);
  }

  public PredictionSettings withSamples(int s) {
    return new PredictionSettings(s, maxIterations, damping, equalityStrength);
  }

  public PredictionSettings withMaxIterations(int n) {
    return new PredictionSettings(samples, n, damping, equalityStrength);
  }

  public PredictionSettings withDamping(double d) {
    return new PredictionSettings(samples, maxIterations, d, equalityStrength);
  }

  public PredictionSettings withEqualityStrength(double k) {
    return new PredictionSettings(samples, maxIterations, damping, k);
  }
}
