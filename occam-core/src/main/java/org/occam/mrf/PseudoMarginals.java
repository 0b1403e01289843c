package org.occam.mrf;

/**
 * Reads pseudo-marginals {@code μ = (q_0 … q_{V−1}, ξ_0 … ξ_{E−1})} (feature means in feature order)
 * as the four cells of each edge table, as in {@code docs/notes/bethe-linear-response.md}:
 * {@code p11 = ξ_ij, p10 = q_i − ξ_ij, p01 = q_j − ξ_ij, p00 = 1 − q_i − q_j + ξ_ij}, with i the
 * smaller end of the edge. Shared by the Bethe free energy, linear response and pseudo-moment
 * matching so that all three validate their input the same way.
 */
final class PseudoMarginals {
  /**
   * Rounding allowance: a cell computed by subtraction may come out at −1e−17 for a true zero; cells
   * down to −ROUNDING are read as 0, anything more negative is outside the local polytope.
   */
  static final double ROUNDING = 1e-12;

  /** Cell order within the four-cell arrays: index 2·x_i + x_j. */
  static final int P00 = 0;
  static final int P01 = 1;
  static final int P10 = 2;
  static final int P11 = 3;

  private PseudoMarginals() {}

  /**
   * Checks the length and that every node marginal is in [0, 1].
   *
   * @throws IllegalArgumentException otherwise
   */
  static void requireShape(PairwiseGraph graph, double[] means) {
    int f = graph.vertexCount() + graph.edgeCount();
    if (means.length != f) {
      throw new IllegalArgumentException("pseudo-marginals on " + graph.vertexCount() + " variables and "
          + graph.edgeCount() + " edges have " + f + " entries, got " + means.length);
    }
    for (int i = 0; i < graph.vertexCount(); i++) {
      double q = means[i];
      if (!(q >= -ROUNDING && q <= 1 + ROUNDING)) {
        throw new IllegalArgumentException("node marginal q_" + i + " = " + q + " is not in [0, 1]");
      }
    }
  }

  /**
   * The four cells of edge e into {@code out} (length 4, order {@link #P00}…{@link #P11};
   * modified). Cells within {@link #ROUNDING} below zero are set to 0.
   *
   * @throws IllegalArgumentException if a cell is negative beyond rounding (μ is not locally
   *     consistent) or not finite
   */
  static void cells(PairwiseGraph graph, double[] means, int e, double[] out) {
    int v = graph.vertexCount();
    int i = graph.edgeFrom(e);
    int j = graph.edgeTo(e);
    double qi = means[i];
    double qj = means[j];
    double xi = means[v + e];
    out[P11] = xi;
    out[P10] = qi - xi;
    out[P01] = qj - xi;
    out[P00] = 1 - qi - qj + xi;
    for (int c = 0; c < 4; c++) {
      if (!(out[c] >= -ROUNDING)) {
        throw new IllegalArgumentException("edge " + e + " (" + i + "-" + j + ") has cell p" + (c >> 1) + (c & 1)
            + " = " + out[c] + " from q_" + i + " = " + qi + ", q_" + j + " = " + qj + ", ξ = " + xi
            + ": not a pseudo-marginal");
      }
      out[c] = Math.max(out[c], 0);
    }
  }

  /**
   * Like {@link #cells} but every cell, and every node marginal and its complement, must be strictly
   * positive: the fixed-point relations and J take their logarithms and reciprocals.
   *
   * @param what the caller, for the message (e.g. "linear response")
   * @throws IllegalArgumentException on a zero cell, naming a pseudo-count as the remedy
   */
  static void positiveCells(PairwiseGraph graph, double[] means, int e, double[] out, String what) {
    cells(graph, means, e, out);
    for (int c = 0; c < 4; c++) {
      if (out[c] <= 0) {
        throw new IllegalArgumentException(what + " needs strictly positive pseudo-marginals, but edge " + e + " ("
            + graph.edgeFrom(e) + "-" + graph.edgeTo(e) + ") has cell p" + (c >> 1) + (c & 1) + " = " + out[c]
            + "; smooth the marginals first (PseudoMomentMatching.smoothedMeans)");
      }
    }
  }

  /**
   * @throws IllegalArgumentException if q_i is 0 or 1
   */
  static void requireInterior(double q, int i, String what) {
    if (!(q > 0 && q < 1)) {
      throw new IllegalArgumentException(what + " needs 0 < q_" + i + " < 1, got " + q
          + "; smooth the marginals first (PseudoMomentMatching.smoothedMeans)");
    }
  }

  /** {@code x log x} with {@code 0 log 0 = 0}. */
  static double xlogx(double x) {
    return x > 0 ? x * Math.log(x) : 0;
  }
}
