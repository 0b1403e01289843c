package org.occam.evidence;

import java.util.Arrays;
import java.util.function.BiFunction;

/**
 * Chen &amp; Welling's (2013, section 3.1.4) test of whether a posterior mode and its image under a
 * symmetry of the likelihood (swapping or flipping hidden units) are one mode or two: with d half
 * the difference of the two parameter vectors and A the posterior precision at the mode, they are
 * one when the Gaussian approximation at the mode is still above half its height halfway between
 * them, {@code exp(−½ dᵀ A d) > ½}. Hidden units whose swaps pass are grouped by transitive
 * closure, and a mode stands for {@code K!/(K_1!⋯K_R!)} distinct ones.
 */
public final class HalfHeightModes {
  private HalfHeightModes() {}

  /**
   * Whether the two points {@code 2d} apart are one mode.
   *
   * @param halfDifference d, half the difference of the two points. Not modified.
   * @param precision A at the mode, row-major. Not modified.
   */
  public static boolean sameMode(double[] halfDifference, double[][] precision) {
    return Math.exp(-0.5 * quadraticForm(halfDifference, precision)) > 0.5;
  }

  /** {@code dᵀ A d}, skipping d's zero entries (a swap of two units touches few parameters). */
  static double quadraticForm(double[] d, double[][] a) {
    double q = 0;
    for (int r = 0; r < d.length; r++) {
      if (d[r] == 0) {
        continue;
      }
      double sum = 0;
      double[] row = a[r];
      for (int c = 0; c < d.length; c++) {
        sum += row[c] * d[c];
      }
      q += d[r] * sum;
    }
    return q;
  }

  /**
   * The groups of k units, unit i joined to j when the swap of i and j is {@link #sameMode}; the
   * groups are the transitive closure. Returns the group sizes, largest first.
   *
   * @param halfSwapDifference (i, j) with i &lt; j to d = (λ − λ_ij)/2
   * @param precision A at λ, row-major. Not modified.
   */
  public static int[] groups(int k, BiFunction<Integer, Integer, double[]> halfSwapDifference, double[][] precision) {
    int[] parent = new int[k];
    Arrays.setAll(parent, i -> i);
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++) {
        if (sameMode(halfSwapDifference.apply(i, j), precision)) {
          parent[find(parent, i)] = find(parent, j);
        }
      }
    }
    int[] size = new int[k];
    for (int i = 0; i < k; i++) {
      size[find(parent, i)]++;
    }
    return Arrays.stream(size).filter(s -> s > 0).boxed().sorted((x, y) -> y - x).mapToInt(Integer::intValue)
        .toArray();
  }

  private static int find(int[] parent, int i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }
}
