package org.occam.mrf;

/**
 * The Bethe free energy of a binary pairwise MRF as a function of pseudo-marginals
 * {@code μ = (q, ξ)} (Yedidia, Freeman &amp; Weiss 2005; {@code docs/notes/bethe-linear-response.md}):
 *
 * <pre>
 *   S_Bethe(μ) = Σ_ij H(b_ij) − Σ_i (z_i − 1) H(b_i)
 *   F_Bethe(μ) = −Σ_i θ_i q_i − Σ_ij w_ij ξ_ij − S_Bethe(μ)
 * </pre>
 *
 * with the edge cells read from (q, ξ) and {@code 0 log 0 = 0}. Its stationary points are the BP
 * fixed points, where {@code −F_Bethe = log Z_Bethe}; the gradient {@code −∇S_Bethe} is the map
 * {@link PseudoMomentMatching#fixedPointParameters} and the Hessian {@code −∇²S_Bethe} is the J of
 * {@link LinearResponse}. For BP's own beliefs prefer {@link BeliefPropagationResult#logZ()}, which
 * uses log-domain cells.
 */
public final class BetheFreeEnergy {
  private BetheFreeEnergy() {}

  /**
   * {@code S_Bethe(μ)}.
   *
   * @throws IllegalArgumentException if μ has the wrong length or a negative cell
   */
  public static double entropy(PairwiseGraph graph, double[] means) {
    PseudoMarginals.requireShape(graph, means);
    double[] cell = new double[4];
    double s = 0;
    for (int e = 0; e < graph.edgeCount(); e++) {
      PseudoMarginals.cells(graph, means, e, cell);
      for (int c = 0; c < 4; c++) {
        s -= PseudoMarginals.xlogx(cell[c]);
      }
    }
    for (int i = 0; i < graph.vertexCount(); i++) {
      double q = Math.min(Math.max(means[i], 0), 1);
      double nodeEntropy = -PseudoMarginals.xlogx(q) - PseudoMarginals.xlogx(1 - q);
      s -= (graph.degree(i) - 1) * nodeEntropy;
    }
    return s;
  }

  /**
   * {@code −F_Bethe(μ) = λᵀμ + S_Bethe(μ)}: equal to log Z_Bethe when μ is a BP fixed point of
   * {@code model}, and to log Z when the graph is a forest and μ are the exact marginals.
   *
   * @throws IllegalArgumentException if μ has the wrong length or a negative cell
   */
  public static double logZ(BoltzmannMachine model, double[] means) {
    double s = entropy(model.graph(), means);
    double[] lambda = model.parameters();
    for (int a = 0; a < lambda.length; a++) {
      s += lambda[a] * means[a];
    }
    return s;
  }
}
