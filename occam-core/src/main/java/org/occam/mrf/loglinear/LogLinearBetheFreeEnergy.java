package org.occam.mrf.loglinear;

import org.ejml.data.DMatrixRMaj;

/**
 * The Bethe free energy of a log-linear model on its {@link LogLinearFactorGraph}, as a function of
 * the beliefs written in Bethe coordinates ν (the factors' local moments, see the factor graph):
 *
 * <pre>
 *   S_Bethe(ν) = Σ_g H(b_g) − Σ_v (d_v − 1) H(b_v)
 *   F_Bethe(ν) = −Σ_g E_{b_g}[log ψ_g] − S_Bethe(ν)         log Z_Bethe = −F_Bethe at a BP fixed point
 * </pre>
 *
 * <p>with each belief linear in ν (Möbius inversion, {@code b_g(x) = Σ_{y⪰x} ±m_g(y)}). BP fixed
 * points are its stationary points (Yedidia, Freeman &amp; Weiss 2005), so there
 * {@code λ = −∇S_Bethe} on the feature coordinates and {@code ∂S_Bethe/∂ν = 0} on the extra ones, and
 * the Hessian {@code J = −∇²S_Bethe = Σ_g Mᵀ_g diag(1/b_g) M_g − Σ_v (d_v − 1) Mᵀ_v diag(1/b_v) M_v}
 * is the inverse of the linear response ∂ν/∂λ (Welling &amp; Teh 2004, generalised from binary
 * pairwise models to factor graphs; {@link LogLinearLinearResponse}). On binary pairwise models these
 * are {@link org.occam.mrf.BetheFreeEnergy}, {@link org.occam.mrf.PseudoMomentMatching#fixedPointParameters}
 * and {@link org.occam.mrf.LinearResponse#precision}.
 */
public final class LogLinearBetheFreeEnergy {
  private LogLinearBetheFreeEnergy() {}

  /**
   * The factor beliefs of locally consistent pseudo-marginals given as feature means (every factor
   * reads every term it contains from the means, owned or not).
   *
   * @throws IllegalArgumentException for a wrong length
   */
  public static double[][] factorBeliefs(LogLinearFactorGraph graph, double[] means) {
    requireLength(graph, means);
    double[][] out = new double[graph.factorCount()][];
    for (int g = 0; g < out.length; g++) {
      int cells = graph.cells(g);
      int[] above = new int[cells];
      int[] signs = new int[cells];
      double[] b = new double[cells];
      for (int c = 0; c < cells; c++) {
        int n = graph.above(g, c, above, signs);
        double sum = 0;
        for (int k = 0; k < n; k++) {
          int a = graph.momentFeature(g, above[k]);
          sum += signs[k] * (a < 0 ? 1 : means[a]);
        }
        b[c] = sum;
      }
      out[g] = b;
    }
    return out;
  }

  /** The variable beliefs of pseudo-marginals given as feature means. */
  public static double[][] variableBeliefs(LogLinearFactorGraph graph, double[] means) {
    requireLength(graph, means);
    LogLinearStructure s = graph.structure();
    double[][] out = new double[s.variableCount()][];
    for (int v = 0; v < out.length; v++) {
      double[] b = new double[s.cardinality(v)];
      b[0] = 1;
      for (int k = 1; k < b.length; k++) {
        b[k] = means[graph.singletonFeature(v, k)];
        b[0] -= b[k];
      }
      out[v] = b;
    }
    return out;
  }

  /**
   * {@code −F_Bethe = λᵀμ + S_Bethe} at pseudo-marginals given as feature means: log Z_Bethe when they
   * are a BP fixed point of λ (and the factor graph has no shared terms), log Z on a tree at the
   * exact marginals.
   *
   * @throws IllegalArgumentException for a wrong length or a negative cell
   */
  public static double logZ(LogLinearFactorGraph graph, double[] lambda, double[] means) {
    requireLength(graph, means);
    double s = entropy(graph, factorBeliefs(graph, means), variableBeliefs(graph, means));
    for (int a = 0; a < lambda.length; a++) {
      s += lambda[a] * means[a];
    }
    return s;
  }

  /** {@code S_Bethe = Σ_g H(b_g) − Σ_v (d_v − 1) H(b_v)}, with 0 log 0 = 0. */
  public static double entropy(LogLinearFactorGraph graph, double[][] factorBeliefs, double[][] variableBeliefs) {
    double s = 0;
    for (int g = 0; g < graph.factorCount(); g++) {
      s += entropy(factorBeliefs[g], "factor " + g);
    }
    for (int v = 0; v < variableBeliefs.length; v++) {
      s -= (graph.degree(v) - 1) * entropy(variableBeliefs[v], "variable " + v);
    }
    return s;
  }

  private static double entropy(double[] b, String what) {
    double h = 0;
    for (double p : b) {
      if (p < -1e-12) {
        throw new IllegalArgumentException("the belief of " + what + " has a negative cell: " + p);
      }
      if (p > 0) {
        h -= p * Math.log(p);
      }
    }
    return h;
  }

  /**
   * {@code −∇S_Bethe} in Bethe coordinates: the parameters at which the beliefs are a BP fixed point,
   * where the extra coordinates' entries are 0.
   *
   * <pre>
   *   −∂S/∂ν_y = Σ_g Σ_{x ⪯ y} (−1)^{|S(y)|−|S(x)|} log b_g(x) − Σ_v (d_v − 1) (log b_v(s) − log b_v(0))
   * </pre>
   *
   * (the second sum for the coordinates y = (v, s) of single variables).
   *
   * @throws IllegalArgumentException unless every cell is positive
   */
  public static double[] gradient(LogLinearFactorGraph graph, double[][] factorBeliefs, double[][] variableBeliefs) {
    double[] out = new double[graph.betheDimension()];
    for (int g = 0; g < graph.factorCount(); g++) {
      int cells = graph.cells(g);
      int[] above = new int[cells];
      int[] signs = new int[cells];
      for (int c = 0; c < cells; c++) {
        double logB = Math.log(positive(factorBeliefs[g][c], "factor " + g));
        int n = graph.above(g, c, above, signs);
        for (int k = 0; k < n; k++) {
          int y = graph.coordinate(g, above[k]);
          if (y >= 0) {
            out[y] += signs[k] * logB;
          }
        }
      }
    }
    for (int v = 0; v < variableBeliefs.length; v++) {
      int d = graph.degree(v);
      if (d == 1) {
        continue;
      }
      double[] b = variableBeliefs[v];
      double log0 = Math.log(positive(b[0], "variable " + v));
      for (int s = 1; s < b.length; s++) {
        out[graph.singletonFeature(v, s)] -= (d - 1) * (Math.log(positive(b[s], "variable " + v)) - log0);
      }
    }
    return out;
  }

  /**
   * The pseudo-moment-matching parameters (Wainwright, Jaakkola &amp; Willsky 2003): λ such that the
   * pseudo-marginals given as feature means are a BP fixed point, {@code λ = −∇S_Bethe(μ)}. Defined
   * when every term of two or more variables is in one generator only (no extra coordinates: trees,
   * pairwise models, generators that share at most one variable); for a tree they are the exact
   * maximum-likelihood parameters of those marginals.
   *
   * @throws IllegalArgumentException if the factor graph has extra coordinates or a cell is not positive
   */
  public static double[] fixedPointParameters(LogLinearFactorGraph graph, double[] means) {
    if (graph.extraCoordinates() > 0) {
      throw new IllegalArgumentException("pseudo-moment matching needs generators that share at most one variable;"
          + " this factor graph has " + graph.extraCoordinates() + " moments of shared terms");
    }
    return gradient(graph, factorBeliefs(graph, means), variableBeliefs(graph, means));
  }

  /**
   * {@code J = −∇²S_Bethe} in Bethe coordinates (D × D, symmetric; a fresh matrix):
   * {@code Σ_g Mᵀ_g diag(1/b_g) M_g − Σ_v (d_v − 1) (diag(1/b_v(s)) + 1/b_v(0))}.
   *
   * @throws IllegalArgumentException unless every cell is positive
   */
  public static DMatrixRMaj hessian(LogLinearFactorGraph graph, double[][] factorBeliefs, double[][] variableBeliefs) {
    int dim = graph.betheDimension();
    DMatrixRMaj j = new DMatrixRMaj(dim, dim);
    for (int g = 0; g < graph.factorCount(); g++) {
      int cells = graph.cells(g);
      int[] above = new int[cells];
      int[] signs = new int[cells];
      int[] coords = new int[cells];
      for (int c = 0; c < cells; c++) {
        double w = 1 / positive(factorBeliefs[g][c], "factor " + g);
        int n = graph.above(g, c, above, signs);
        int m = 0;
        for (int k = 0; k < n; k++) {
          int y = graph.coordinate(g, above[k]);
          if (y >= 0) {
            coords[m] = y;
            signs[m] = signs[k];
            m++;
          }
        }
        for (int a = 0; a < m; a++) {
          int row = coords[a] * dim;
          double sa = signs[a] * w;
          for (int b = 0; b < m; b++) {
            j.data[row + coords[b]] += sa * signs[b];
          }
        }
      }
    }
    for (int v = 0; v < variableBeliefs.length; v++) {
      int d = graph.degree(v);
      if (d == 1) {
        continue;
      }
      double[] b = variableBeliefs[v];
      double r0 = 1 / positive(b[0], "variable " + v);
      for (int s = 1; s < b.length; s++) {
        int ys = graph.singletonFeature(v, s);
        for (int t = 1; t < b.length; t++) {
          int yt = graph.singletonFeature(v, t);
          double h = r0 + (s == t ? 1 / positive(b[s], "variable " + v) : 0);
          j.data[ys * dim + yt] -= (d - 1) * h;
        }
      }
    }
    return j;
  }

  private static double positive(double p, String what) {
    if (!(p > 0)) {
      throw new IllegalArgumentException("the belief of " + what + " has a cell that is not positive (" + p
          + "); the Bethe derivatives need every cell positive");
    }
    return p;
  }

  private static void requireLength(LogLinearFactorGraph graph, double[] means) {
    if (means.length != graph.structure().featureCount()) {
      throw new IllegalArgumentException(means.length + " means for " + graph.structure().featureCount()
          + " features");
    }
  }
}
