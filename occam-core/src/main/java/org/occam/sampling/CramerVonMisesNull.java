package org.occam.sampling;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;

/**
 * How large the Cramér–von Mises score of Welling &amp; Parise (UAI 2006, eqn 23, summed over
 * dimensions) gets when two sample sets come from the same distribution: the score is recomputed
 * on random relabellings of the pooled draws (a permutation test, Fisher 1935; for the two-sample
 * Cramér–von Mises statistic, Anderson 1962), each relabelling keeping a draw's parameters
 * together so the dependence between dimensions is kept. The score of two sets above the null's
 * 99% quantile says they differ by more than sampling noise of sets of that size.
 *
 * <p>The relabelling treats the kept draws as exchangeable: right for independent draws (the
 * Gaussian approximations) and close for chains thinned at about their autocorrelation time. For
 * chains kept with strong autocorrelation it is too small, so a score above it is then weaker
 * evidence of a difference.
 *
 * <p>Each relabelling costs O(n·K) (the pooled draws are sorted once per dimension); relabellings
 * run in parallel with streams split off the seed in order, so the quantile depends on the seed
 * only, not on the thread count.
 */
public final class CramerVonMisesNull {
  /** The relabellings of {@link #quantile(double[][], double[][], double, long, int)}: 199, so the 99% quantile is the second largest. */
  public static final int PERMUTATIONS = 199;

  private CramerVonMisesNull() {}

  /**
   * The {@code level} quantile of the summed score under relabelling, from {@value #PERMUTATIONS}
   * relabellings.
   *
   * @param a draws {@code a[i][k]} of the first set (not modified)
   * @param b draws of the second set, the same dimension (not modified)
   */
  public static double quantile(double[][] a, double[][] b, double level, long seed, int threads) {
    return quantile(a, b, level, PERMUTATIONS, seed, threads);
  }

  /**
   * The {@code level} quantile of the summed score over {@code permutations} relabellings: the
   * ⌈level·(P+1)⌉-th smallest of the P scores (the usual Monte Carlo test quantile).
   */
  public static double quantile(double[][] a, double[][] b, double level, int permutations, long seed, int threads) {
    double[] scores = scores(a, b, permutations, seed, threads);
    Arrays.sort(scores);
    int rank = (int) Math.ceil(level * (permutations + 1));
    return scores[Math.min(Math.max(rank, 1), permutations) - 1];
  }

  /** The summed score of each of {@code permutations} relabellings, in the order of their streams. */
  public static double[] scores(double[][] a, double[][] b, int permutations, long seed, int threads) {
    if (!(permutations >= 1)) {
      throw new IllegalArgumentException("need at least one relabelling, got " + permutations);
    }
    Pooled pooled = new Pooled(a, b);
    List<org.apache.commons.rng.SplittableUniformRandomProvider> streams =
        RandomStreams.split(RandomStreams.fromSeed(seed), permutations);
    List<Double> out = Parallel.map(permutations, threads, "cvm-null", p -> {
      byte[] first = pooled.shuffledLabels(streams.get(p));
      return pooled.score(first);
    });
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /**
   * The summed score of {@code a} against {@code b} as eqn 23 defines it (the same number as
   * {@link CramerVonMises#score}), computed the way the relabellings are.
   */
  public static double score(double[][] a, double[][] b) {
    Pooled pooled = new Pooled(a, b);
    byte[] first = new byte[a.length + b.length];
    Arrays.fill(first, 0, a.length, (byte) 1);
    return pooled.score(first);
  }

  /** The pooled draws, sorted once per dimension, with the ends of the groups of tied values. */
  private static final class Pooled {
    private final int na;
    private final int n;
    private final int[][] order;
    private final boolean[][] groupEnd;

    Pooled(double[][] a, double[][] b) {
      if (a.length == 0 || b.length == 0) {
        throw new IllegalArgumentException("both sample sets need draws");
      }
      int k = a[0].length;
      if (b[0].length != k) {
        throw new IllegalArgumentException("sample sets of dimension " + k + " and " + b[0].length);
      }
      na = a.length;
      n = a.length + b.length;
      order = new int[k][];
      groupEnd = new boolean[k][n];
      double[] column = new double[n];
      for (int d = 0; d < k; d++) {
        for (int i = 0; i < n; i++) {
          column[i] = i < na ? a[i][d] : b[i - na][d];
        }
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
          idx[i] = i;
        }
        final double[] c = column;
        Arrays.sort(idx, (x, y) -> Double.compare(c[x], c[y]));
        int[] o = new int[n];
        for (int i = 0; i < n; i++) {
          o[i] = idx[i];
        }
        order[d] = o;
        for (int i = 0; i < n; i++) {
          groupEnd[d][i] = i == n - 1 || Double.compare(c[o[i]], c[o[i + 1]]) != 0;
        }
      }
    }

    /** Labels (1: first set) with exactly {@code na} of the n draws in the first set, uniformly at random (Fisher–Yates). */
    byte[] shuffledLabels(UniformRandomProvider rng) {
      byte[] first = new byte[n];
      Arrays.fill(first, 0, na, (byte) 1);
      for (int i = n - 1; i > 0; i--) {
        int j = rng.nextInt(i + 1);
        byte t = first[i];
        first[i] = first[j];
        first[j] = t;
      }
      return first;
    }

    /**
     * Σ_k Σ_i (F₁(X_i) − F₂(X_i))² over the n pooled values X_i of each dimension, F the empirical
     * CDFs (the fraction of a set's values ≤ x) of the two sets the labels make; tied values share
     * the CDFs at their common value. The labels are counted without a branch (half of them would
     * be mispredicted).
     */
    double score(byte[] first) {
      double total = 0;
      double invA = 1.0 / na;
      double invB = 1.0 / (n - na);
      for (int d = 0; d < order.length; d++) {
        int[] o = order[d];
        boolean[] end = groupEnd[d];
        int ca = 0;
        int groupStart = 0;
        double s = 0;
        for (int i = 0; i < n; i++) {
          ca += first[o[i]];
          if (end[i]) {
            int seen = i + 1;
            double diff = ca * invA - (seen - ca) * invB;
            s += (seen - groupStart) * diff * diff;
            groupStart = seen;
          }
        }
        total += s;
      }
      return total;
    }
  }
}
