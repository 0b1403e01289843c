package org.occam.mrf.loglinear;

import java.util.Objects;
import org.occam.data.InvalidInputException;

/**
 * Exact inference for a {@link LogLinearStructure} by enumerating its joint states: log Z, the
 * feature means E[f] and their covariance Cov[f], in log space. The features that are on in each
 * state are tabulated once, so that each evaluation is one pass over the states with a few additions
 * per state. Immutable after construction, so one instance serves any number of threads.
 */
public final class LogLinearEnumeration implements LogLinearInference {
  /** The most joint states enumerated (4,194,304). */
  public static final int MAX_STATES = 1 << 22;

  /**
   * What one run gives.
   *
   * @param logZ log Z(λ)
   * @param means E[f | λ]
   * @param covariance Cov[f | λ] (F × F), or null when not asked for
   */
  public record Result(double logZ, double[] means, double[][] covariance) {}

  private final LogLinearStructure structure;
  private final int states;
  private final int[] start;
  private final int[] active;

  /** @throws InvalidInputException if the model has more than {@link #MAX_STATES} joint states */
  public LogLinearEnumeration(LogLinearStructure structure) {
    this.structure = Objects.requireNonNull(structure, "structure");
    if (structure.jointStates() > MAX_STATES) {
      throw new InvalidInputException(String.format(java.util.Locale.ROOT, "exact inference by enumeration is"
          + " limited to %,d joint states; this model has %.3g", MAX_STATES, structure.jointStates()));
    }
    states = (int) structure.jointStates();
    int n = structure.variableCount();
    start = new int[states + 1];
    int[] buffer = new int[structure.termCount()];
    int[] x = new int[n];
    int[] all = new int[Math.max(1, states) * Math.min(structure.termCount(), 8)];
    int used = 0;
    for (int s = 0; s < states; s++) {
      int k = structure.activeFeatures(x, buffer);
      if (used + k > all.length) {
        all = java.util.Arrays.copyOf(all, Math.max(all.length * 2, used + k));
      }
      System.arraycopy(buffer, 0, all, used, k);
      used += k;
      start[s + 1] = used;
      for (int v = n - 1; v >= 0; v--) { // next state, last variable fastest
        if (++x[v] < structure.cardinality(v)) {
          break;
        }
        x[v] = 0;
      }
    }
    active = java.util.Arrays.copyOf(all, used);
  }

  @Override
  public LogLinearStructure structure() {
    return structure;
  }

  @Override
  public String describe() {
    return "enumeration of " + states + " joint states";
  }

  /** The number of joint states. */
  public int states() {
    return states;
  }

  /** The unnormalised log probability of every joint state, in enumeration order (last variable fastest). */
  public double[] logPotentials(double[] lambda) {
    requireLength(lambda);
    double[] out = new double[states];
    for (int s = 0; s < states; s++) {
      double e = 0;
      for (int k = start[s]; k < start[s + 1]; k++) {
        e += lambda[active[k]];
      }
      out[s] = e;
    }
    return out;
  }

  /** log Z(λ), E[f] and, if asked, Cov[f]. */
  @Override
  public Result run(double[] lambda, boolean covariance) {
    double[] energy = logPotentials(lambda);
    double max = Double.NEGATIVE_INFINITY;
    for (double e : energy) {
      max = Math.max(max, e);
    }
    double sum = 0;
    for (int s = 0; s < states; s++) {
      energy[s] = Math.exp(energy[s] - max);
      sum += energy[s];
    }
    int f = structure.featureCount();
    double[] means = new double[f];
    double[][] second = covariance ? new double[f][f] : null;
    for (int s = 0; s < states; s++) {
      double p = energy[s] / sum;
      for (int k = start[s]; k < start[s + 1]; k++) {
        int a = active[k];
        means[a] += p;
        if (second != null) {
          double[] row = second[a];
          for (int j = start[s]; j < start[s + 1]; j++) {
            row[active[j]] += p;
          }
        }
      }
    }
    if (second != null) {
      for (int a = 0; a < f; a++) {
        for (int b = 0; b < f; b++) {
          second[a][b] -= means[a] * means[b];
        }
      }
    }
    return new Result(max + Math.log(sum), means, second);
  }

  /**
   * Exact draws of full assignments from p(x | λ), by the inverse of the cumulative distribution
   * over the joint states.
   *
   * @return rows × V state indices
   */
  @Override
  public int[][] sample(double[] lambda, int rows, org.apache.commons.rng.UniformRandomProvider rng) {
    double[] energy = logPotentials(lambda);
    double max = Double.NEGATIVE_INFINITY;
    for (double e : energy) {
      max = Math.max(max, e);
    }
    double[] cumulative = new double[states];
    double sum = 0;
    for (int s = 0; s < states; s++) {
      sum += Math.exp(energy[s] - max);
      cumulative[s] = sum;
    }
    int[][] out = new int[rows][];
    for (int r = 0; r < rows; r++) {
      double u = rng.nextDouble() * sum;
      int k = java.util.Arrays.binarySearch(cumulative, u);
      k = k >= 0 ? Math.min(k + 1, states - 1) : -k - 1;
      out[r] = assignment(Math.min(k, states - 1));
    }
    return out;
  }

  /** The joint state of an enumeration index (last variable fastest). */
  public int[] assignment(int index) {
    int n = structure.variableCount();
    int[] x = new int[n];
    for (int v = n - 1; v >= 0; v--) {
      x[v] = index % structure.cardinality(v);
      index /= structure.cardinality(v);
    }
    return x;
  }

  private void requireLength(double[] lambda) {
    if (lambda.length != structure.featureCount()) {
      throw new IllegalArgumentException("the model has " + structure.featureCount() + " parameters, got "
          + lambda.length);
    }
  }
}
