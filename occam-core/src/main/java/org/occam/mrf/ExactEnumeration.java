package org.occam.mrf;

import org.occam.data.InvalidInputException;
import org.occam.math.LogSpace;

/**
 * Exact inference for a small {@link BoltzmannMachine} by enumerating all 2^V configurations:
 * log Z, the feature means E[f] and the feature covariance {@code C = Cov(f)}. Each configuration's
 * log potential is updated from its Gray-code predecessor in O(degree), and the sums run in log
 * space relative to the largest potential, so large parameters do not overflow.
 */
public final class ExactEnumeration implements MrfInference {
  /** The largest number of variables enumerated (2^25 ≈ 3.4e7 configurations). */
  public static final int MAX_VARIABLES = 25;

  private final BoltzmannMachine model;
  private final double logZ;
  private final double[] means;
  private final double[][] covariance;

  private ExactEnumeration(BoltzmannMachine model, double logZ, double[] means, double[][] covariance) {
    this.model = model;
    this.logZ = logZ;
    this.means = means;
    this.covariance = covariance;
  }

  /**
   * Runs the enumeration.
   *
   * @param withCovariance whether to accumulate the F×F covariance as well (O(2^V F²))
   * @throws IllegalArgumentException above {@link #MAX_VARIABLES} variables
   */
  public static ExactEnumeration run(BoltzmannMachine model, boolean withCovariance) {
    int v = model.variableCount();
    if (v > MAX_VARIABLES) {
      throw new InvalidInputException("exact enumeration of " + v + " binary variables (2^" + v
          + " configurations) is above the limit of " + MAX_VARIABLES + "; use the junction tree");
    }
    PairwiseGraph g = model.graph();
    int f = model.featureCount();
    long count = 1L << v;
    int[] x = new int[v];
    // First pass: the largest log potential, to scale the sums.
    double[] potentials = new double[(int) count];
    double lp = 0;
    double max = 0;
    potentials[0] = 0;
    for (long k = 1; k < count; k++) {
      int flip = Long.numberOfTrailingZeros(k);
      lp += delta(model, g, x, flip);
      x[flip] ^= 1;
      long gray = k ^ (k >>> 1);
      potentials[(int) gray] = lp;
      max = Math.max(max, lp);
    }
    double z = 0;
    double[] s1 = new double[f];
    double[][] s2 = withCovariance ? new double[f][f] : null;
    double[] feat = new double[f];
    for (long c = 0; c < count; c++) {
      double p = Math.exp(potentials[(int) c] - max);
      z += p;
      for (int i = 0; i < v; i++) {
        x[i] = (int) ((c >>> i) & 1);
      }
      model.features(x, feat);
      for (int a = 0; a < f; a++) {
        if (feat[a] != 0) {
          s1[a] += p;
          if (s2 != null) {
            for (int b = a; b < f; b++) {
              if (feat[b] != 0) {
                s2[a][b] += p;
              }
            }
          }
        }
      }
    }
    double[] means = new double[f];
    for (int a = 0; a < f; a++) {
      means[a] = s1[a] / z;
    }
    double[][] cov = null;
    if (s2 != null) {
      cov = new double[f][f];
      for (int a = 0; a < f; a++) {
        for (int b = a; b < f; b++) {
          cov[a][b] = s2[a][b] / z - means[a] * means[b];
          cov[b][a] = cov[a][b];
        }
      }
    }
    return new ExactEnumeration(model, max + Math.log(z), means, cov);
  }

  /** The change in λᵀf(x) when x_i flips. */
  private static double delta(BoltzmannMachine model, PairwiseGraph g, int[] x, int i) {
    double field = model.bias(i);
    for (int k = 0; k < g.degree(i); k++) {
      if (x[g.neighbour(i, k)] != 0) {
        field += model.weight(g.incidentEdge(i, k));
      }
    }
    return x[i] == 0 ? field : -field;
  }

  /** log Z by enumeration, without the means (a convenience used in tests and AIS). */
  public static double logPartition(BoltzmannMachine model) {
    int v = model.variableCount();
    if (v > MAX_VARIABLES) {
      throw new InvalidInputException("exact enumeration of " + v + " binary variables is above the limit of " + MAX_VARIABLES);
    }
    PairwiseGraph g = model.graph();
    long count = 1L << v;
    int[] x = new int[v];
    double[] potentials = new double[(int) count];
    double lp = 0;
    for (long k = 1; k < count; k++) {
      int flip = Long.numberOfTrailingZeros(k);
      lp += delta(model, g, x, flip);
      x[flip] ^= 1;
      potentials[(int) k] = lp;
    }
    return LogSpace.logSumExp(potentials);
  }

  @Override
  public BoltzmannMachine model() {
    return model;
  }

  @Override
  public double logZ() {
    return logZ;
  }

  @Override
  public double[] featureMeans() {
    return means.clone();
  }

  /**
   * The exact feature covariance C (a fresh F×F array).
   *
   * @throws IllegalStateException if the run did not accumulate it
   */
  public double[][] covariance() {
    if (covariance == null) {
      throw new IllegalStateException("this enumeration ran without the covariance");
    }
    double[][] out = new double[covariance.length][];
    for (int a = 0; a < covariance.length; a++) {
      out[a] = covariance[a].clone();
    }
    return out;
  }
}
