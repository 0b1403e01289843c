package org.occam.mrf;

import java.util.Arrays;
import org.occam.math.LogSpace;

/**
 * The working state of two-pass sum-product on a {@link CliqueTree}: one instance per thread, the
 * log potentials shared read-only. Hugin architecture (Jensen, Lauritzen &amp; Olesen 1990):
 *
 * <pre>
 *   collect (leaves to root):  β_c = ψ_c · Π_{d child} μ_{d→c},   μ_{c→p}(s) = Σ_{x_c ~ s} β_c(x_c)
 *   distribute (root down):    p(x_c) = β_c · μ_{p→c} / Z,         μ_{c→d}(s) = Z p_c(s) / μ_{d→c}(s)
 * </pre>
 *
 * where {@code p_c(s)} is the clique marginal summed to the separator. All tables are in the log
 * domain; the collect sums are log-sum-exp per separator cell, so no message loses a cell however
 * large the parameters, and the distribute sums run on the clique marginal {@code p(x_c)}, whose
 * neglected entries are below e^−745 of the total.
 *
 * <p>Evidence (clamping variables to 1) sets the excluded entries of one clique's potential to −∞.
 * A message depends only on the potentials on its sending side, so evidence in clique c changes
 * only the messages directed away from c: the collect messages on the path from c to its root and
 * the distribute messages of c's component. {@link #calibrateClamped} recomputes just those, from
 * the unclamped calibration it starts from.
 */
final class CliqueCalibration {
  private final CliqueTree tree;
  private final double[][] logPotential;
  /** The collect belief β_c (ψ_c times the messages from c's children), log domain. */
  private final double[][] belief;
  /** μ_{c→parent} and μ_{parent→c}, log domain, per non-root clique. */
  private final double[][] up;
  private final double[][] down;
  /** The calibrated clique marginals p(x_c), normalised. */
  final double[][] marginal;
  private final double[] componentLogZ;
  private final double[] cellMax;
  /** The unclamped β and μ_{c→parent}, restored after each clamped calibration; null until needed. */
  private double[][] baseBelief;
  private double[][] baseUp;
  private double[] baseComponentLogZ;
  private double[][] baseMarginal;
  /** The root of the component whose marginals the last clamped calibration changed, or −1. */
  private int clampedRoot = -1;

  CliqueCalibration(CliqueTree tree, double[][] logPotential) {
    this.tree = tree;
    this.logPotential = logPotential;
    int n = tree.cliqueCount();
    belief = new double[n][];
    marginal = new double[n][];
    up = new double[n][];
    down = new double[n][];
    int largestSeparator = 0;
    for (int c = 0; c < n; c++) {
      belief[c] = new double[1 << tree.vars[c].length];
      marginal[c] = new double[belief[c].length];
      if (tree.parent[c] >= 0) {
        int s = tree.separator[c].length;
        up[c] = new double[1 << s];
        down[c] = new double[1 << s];
        largestSeparator = Math.max(largestSeparator, s);
      }
    }
    componentLogZ = new double[n];
    cellMax = new double[1 << largestSeparator];
  }

  /**
   * Calibrates without evidence.
   *
   * @return log Z
   */
  double calibrate() {
    int[] order = tree.preOrder;
    for (int k = order.length - 1; k >= 0; k--) {
      collect(order[k], -1, 0);
    }
    double logZ = 0;
    for (int c : order) {
      distribute(c);
      if (tree.parent[c] < 0) {
        logZ += componentLogZ[c];
      }
    }
    return logZ;
  }

  /**
   * Recalibrates with the evidence that every variable of {@code clampMask} (local bits) in clique
   * {@code clampClique} is 1. The first call runs {@link #calibrate()} and keeps its messages; every
   * call leaves {@link #marginal} conditional on the evidence (other components keep their
   * unconditional marginals, which the evidence does not change).
   *
   * @return {@code log Σ_{x agreeing} exp(λᵀf(x))} for the clamped clique's component
   */
  double calibrateClamped(int clampClique, int clampMask) {
    if (baseBelief == null) {
      calibrate();
      baseBelief = deepCopy(belief);
      baseUp = deepCopy(up);
      baseComponentLogZ = componentLogZ.clone();
      baseMarginal = deepCopy(marginal);
    }
    int root = tree.componentRoot[clampClique];
    if (clampedRoot >= 0 && clampedRoot != root) {
      for (int c = 0; c < marginal.length; c++) {
        if (tree.componentRoot[c] == clampedRoot) {
          System.arraycopy(baseMarginal[c], 0, marginal[c], 0, marginal[c].length);
        }
      }
    }
    clampedRoot = root;
    for (int c = clampClique; c >= 0; c = tree.parent[c]) {
      collect(c, clampClique, clampMask);
    }
    for (int c : tree.preOrder) {
      if (tree.componentRoot[c] == root) {
        distribute(c);
      }
    }
    double logZ = componentLogZ[root];
    for (int c = clampClique; c >= 0; c = tree.parent[c]) {
      System.arraycopy(baseBelief[c], 0, belief[c], 0, belief[c].length);
      if (up[c] != null) {
        System.arraycopy(baseUp[c], 0, up[c], 0, up[c].length);
      }
    }
    System.arraycopy(baseComponentLogZ, 0, componentLogZ, 0, componentLogZ.length);
    return logZ;
  }

  private void collect(int c, int clampClique, int clampMask) {
    double[] b = belief[c];
    System.arraycopy(logPotential[c], 0, b, 0, b.length);
    if (c == clampClique) {
      for (int mask = 0; mask < b.length; mask++) {
        if ((mask & clampMask) != clampMask) {
          b[mask] = Double.NEGATIVE_INFINITY;
        }
      }
    }
    for (int d : tree.children[c]) {
      double[] m = up[d];
      int[] map = tree.parentToSeparator[d];
      for (int mask = 0; mask < b.length; mask++) {
        b[mask] += m[map[mask]];
      }
    }
    if (tree.parent[c] < 0) {
      componentLogZ[c] = LogSpace.logSumExp(b);
      return;
    }
    double[] m = up[c];
    int[] map = tree.childToSeparator[c];
    Arrays.fill(cellMax, 0, m.length, Double.NEGATIVE_INFINITY);
    for (int mask = 0; mask < b.length; mask++) {
      int s = map[mask];
      if (b[mask] > cellMax[s]) {
        cellMax[s] = b[mask];
      }
    }
    Arrays.fill(m, 0);
    for (int mask = 0; mask < b.length; mask++) {
      int s = map[mask];
      m[s] += Math.exp(b[mask] - cellMax[s]);
    }
    for (int s = 0; s < m.length; s++) {
      m[s] = cellMax[s] == Double.NEGATIVE_INFINITY ? Double.NEGATIVE_INFINITY : cellMax[s] + Math.log(m[s]);
    }
  }

  private void distribute(int c) {
    double[] b = belief[c];
    double[] q = marginal[c];
    int p = tree.parent[c];
    if (p >= 0) {
      componentLogZ[c] = componentLogZ[p];
    }
    double logZ = componentLogZ[c];
    if (p >= 0) {
      double[] m = down[c];
      int[] map = tree.childToSeparator[c];
      for (int mask = 0; mask < b.length; mask++) {
        q[mask] = Math.exp(b[mask] + m[map[mask]] - logZ);
      }
    } else {
      for (int mask = 0; mask < b.length; mask++) {
        q[mask] = Math.exp(b[mask] - logZ);
      }
    }
    for (int d : tree.children[c]) {
      double[] m = down[d];
      double[] old = up[d];
      int[] map = tree.parentToSeparator[d];
      Arrays.fill(m, 0);
      for (int mask = 0; mask < q.length; mask++) {
        m[map[mask]] += q[mask];
      }
      // Hugin division by the collect message, with 0/0 = 0 where evidence emptied a cell.
      for (int s = 0; s < m.length; s++) {
        m[s] = old[s] == Double.NEGATIVE_INFINITY ? Double.NEGATIVE_INFINITY : Math.log(m[s]) + logZ - old[s];
      }
    }
  }

  /** E[f] from the calibrated marginals into {@code out} (length F; modified). */
  void featureMeans(double[] out) {
    for (int a = 0; a < out.length; a++) {
      double[] q = marginal[tree.featureClique[a]];
      int need = tree.featureMask[a];
      double s = 0;
      for (int mask = need; mask < q.length; mask = (mask + 1) | need) {
        s += q[mask];
      }
      out[a] = s;
    }
  }

  private static double[][] deepCopy(double[][] tables) {
    double[][] out = new double[tables.length][];
    for (int c = 0; c < tables.length; c++) {
      out[c] = tables[c] == null ? null : tables[c].clone();
    }
    return out;
  }
}
