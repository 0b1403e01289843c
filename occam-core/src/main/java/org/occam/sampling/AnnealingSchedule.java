package org.occam.sampling;

import org.occam.data.InvalidInputException;
import java.util.Arrays;

/**
 * Inverse temperatures {@code 0 = τ(0) < τ(1) < … < τ(K) = 1} for annealing from the prior
 * ({@code τ = 0}) to the posterior ({@code τ = 1}).
 */
public final class AnnealingSchedule implements java.io.Serializable {
  private static final long serialVersionUID = 1L;
  private final double[] tau;
  private final String description;

  private AnnealingSchedule(double[] tau, String description) {
    if (tau.length < 2 || tau[0] != 0.0 || tau[tau.length - 1] != 1.0) {
      throw new InvalidInputException("a schedule runs from 0 to 1");
    }
    for (int k = 1; k < tau.length; k++) {
      if (!(tau[k] > tau[k - 1])) {
        throw new InvalidInputException("a schedule must increase strictly, step " + k);
      }
    }
    this.tau = tau;
    this.description = description;
  }

  /**
   * Beal's schedule (2003, section 6.4.1 and 6.5.1): {@code τ(k) = e (k/K) / (1 − k/K + e)}, which
   * spends more steps near the prior, where the distributions change fastest; e = 0.2 in his runs.
   */
  public static AnnealingSchedule beal(int steps, double e) {
    if (steps < 1 || !(e > 0)) {
      throw new InvalidInputException("need steps >= 1 and e > 0");
    }
    double[] t = new double[steps + 1];
    for (int k = 0; k <= steps; k++) {
      double x = (double) k / steps;
      t[k] = e * x / (1 - x + e);
    }
    t[steps] = 1.0;
    return new AnnealingSchedule(t, "beal(K=" + steps + ", e=" + e + ")");
  }

  /** Equally spaced temperatures. */
  public static AnnealingSchedule linear(int steps) {
    if (steps < 1) {
      throw new InvalidInputException("need steps >= 1");
    }
    double[] t = new double[steps + 1];
    for (int k = 0; k <= steps; k++) {
      t[k] = (double) k / steps;
    }
    t[steps] = 1.0;
    return new AnnealingSchedule(t, "linear(K=" + steps + ")");
  }

  /**
   * Equally spaced temperatures within each of several segments: {@code steps[j]} steps from
   * {@code knots[j]} to {@code knots[j + 1]}, with {@code knots} running from 0 to 1. Salakhutdinov
   * &amp; Murray (2008, section 4.1) anneal RBMs with knots {0, 0.5, 0.9, 1} and steps {1000, 4000,
   * 10000}, so most steps fall where the distributions change fastest, near the target.
   */
  public static AnnealingSchedule piecewiseLinear(double[] knots, int[] steps) {
    if (knots.length != steps.length + 1 || steps.length == 0) {
      throw new InvalidInputException("need one more knot than segments");
    }
    int total = 0;
    for (int s : steps) {
      if (s < 1) {
        throw new InvalidInputException("need steps >= 1 in every segment");
      }
      total += s;
    }
    double[] t = new double[total + 1];
    int k = 0;
    for (int j = 0; j < steps.length; j++) {
      for (int i = 0; i < steps[j]; i++) {
        t[k++] = knots[j] + (knots[j + 1] - knots[j]) * i / steps[j];
      }
    }
    t[total] = knots[knots.length - 1];
    return new AnnealingSchedule(t,
        "piecewiseLinear(knots=" + Arrays.toString(knots) + ", steps=" + Arrays.toString(steps) + ")");
  }

  /** K, the number of annealing steps. */
  public int steps() {
    return tau.length - 1;
  }

  /** τ(k) for k = 0…K. */
  public double tau(int k) {
    return tau[k];
  }

  /** All temperatures (a copy). */
  public double[] temperatures() {
    return Arrays.copyOf(tau, tau.length);
  }

  @Override
  public String toString() {
    return description;
  }
}
