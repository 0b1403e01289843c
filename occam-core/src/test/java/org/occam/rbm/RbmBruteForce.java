package org.occam.rbm;

import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.LogSpace;

/** Ground truth by summing over every (x, z), straight from the definition λᵀ f(x, z). */
final class RbmBruteForce {
  private RbmBruteForce() {}

  static int[] bits(int c, int n) {
    int[] s = new int[n];
    for (int j = 0; j < n; j++) {
      s[j] = (c >>> j) & 1;
    }
    return s;
  }

  /** λᵀ f(x, z) as the dot product with the feature vector. */
  static double dot(Rbm rbm, int[] x, int[] z) {
    double[] f = new double[rbm.featureCount()];
    rbm.features(x, z, f);
    double s = 0;
    for (int a = 0; a < f.length; a++) {
      s += rbm.parameter(a) * f[a];
    }
    return s;
  }

  static double logZ(Rbm rbm) {
    int v = rbm.visibleCount();
    int k = rbm.hiddenCount();
    double[] lp = new double[1 << (v + k)];
    for (int cx = 0; cx < 1 << v; cx++) {
      for (int cz = 0; cz < 1 << k; cz++) {
        lp[(cx << k) | cz] = dot(rbm, bits(cx, v), bits(cz, k));
      }
    }
    return LogSpace.logSumExp(lp);
  }

  static double logZGivenVisible(Rbm rbm, int[] x) {
    int k = rbm.hiddenCount();
    double[] lp = new double[1 << k];
    for (int cz = 0; cz < lp.length; cz++) {
      lp[cz] = dot(rbm, x, bits(cz, k));
    }
    return LogSpace.logSumExp(lp);
  }

  /** p(x) for every visible configuration (bit i of the index is x_i). */
  static double[] visibleProbabilities(Rbm rbm) {
    int v = rbm.visibleCount();
    double logZ = logZ(rbm);
    double[] p = new double[1 << v];
    for (int cx = 0; cx < p.length; cx++) {
      p[cx] = Math.exp(logZGivenVisible(rbm, bits(cx, v)) - logZ);
    }
    return p;
  }

  /** E[f] and Cov(f) over p(x, z): {means, cov rows...}. */
  static double[][] moments(Rbm rbm) {
    int v = rbm.visibleCount();
    int k = rbm.hiddenCount();
    int f = rbm.featureCount();
    double logZ = logZ(rbm);
    double[] mean = new double[f];
    double[][] second = new double[f][f];
    double[] feat = new double[f];
    for (int cx = 0; cx < 1 << v; cx++) {
      for (int cz = 0; cz < 1 << k; cz++) {
        int[] x = bits(cx, v);
        int[] z = bits(cz, k);
        double p = Math.exp(dot(rbm, x, z) - logZ);
        rbm.features(x, z, feat);
        for (int a = 0; a < f; a++) {
          mean[a] += p * feat[a];
          for (int b = 0; b < f; b++) {
            second[a][b] += p * feat[a] * feat[b];
          }
        }
      }
    }
    double[][] out = new double[f + 1][];
    out[0] = mean;
    for (int a = 0; a < f; a++) {
      for (int b = 0; b < f; b++) {
        second[a][b] -= mean[a] * mean[b];
      }
      out[a + 1] = second[a];
    }
    return out;
  }

  static Rbm random(int v, int k, double scale, UniformRandomProvider rng) {
    double[] lambda = new double[v * k + v + k];
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] = scale * (2 * rng.nextDouble() - 1);
    }
    return new Rbm(v, k, lambda);
  }
}
