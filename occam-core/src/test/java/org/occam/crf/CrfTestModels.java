package org.occam.crf;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/** Small random CRFs and data for the tests of the CRF family, and brute-force enumeration over labels. */
public final class CrfTestModels {
  private CrfTestModels() {}

  /** Random sequences of the given lengths with {@code inputs} binary inputs (each 1 with probability ½) and random labels. */
  public static CrfData randomData(UniformRandomProvider rng, int inputs, int... lengths) {
    List<String> names = new ArrayList<>();
    for (int a = 0; a < inputs; a++) {
      names.add("g" + a);
    }
    List<CrfData.Sequence> seqs = new ArrayList<>();
    for (int s = 0; s < lengths.length; s++) {
      int[] labels = new int[lengths[s]];
      double[][] x = new double[lengths[s]][inputs];
      for (int i = 0; i < labels.length; i++) {
        labels[i] = rng.nextInt(2);
        for (int a = 0; a < inputs; a++) {
          x[i][a] = rng.nextInt(2);
        }
      }
      seqs.add(new CrfData.Sequence("s" + s, labels, x));
    }
    return new CrfData(List.of("no", "yes"), names, seqs);
  }

  /** Every spin configuration of length L, in binary order (−1 for bit 0). */
  public static List<int[]> allSpins(int length) {
    List<int[]> out = new ArrayList<>();
    for (int code = 0; code < 1 << length; code++) {
      int[] t = new int[length];
      for (int i = 0; i < length; i++) {
        t[i] = ((code >> i) & 1) == 1 ? 1 : -1;
      }
      out.add(t);
    }
    return out;
  }

  /** log Σ_t exp(λᵀ f(t, x_n)) by enumeration. */
  public static double bruteLogZ(CrfFeatures f, int n, double[] lambda) {
    List<int[]> all = allSpins(f.length(n));
    double max = Double.NEGATIVE_INFINITY;
    double[] e = new double[all.size()];
    for (int c = 0; c < e.length; c++) {
      e[c] = dot(f.statistics(n, all.get(c)), lambda);
      max = Math.max(max, e[c]);
    }
    double s = 0;
    for (double v : e) {
      s += Math.exp(v - max);
    }
    return max + Math.log(s);
  }

  static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }
}
