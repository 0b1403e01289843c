package org.occam.mrf;

/**
 * Pseudo-moment matching (Wainwright, Jaakkola &amp; Willsky, "Tree-reweighted belief propagation
 * algorithms and approximate ML estimation by pseudo-moment matching", AISTATS 2003): the parameters
 * at which the given pseudo-marginals are a BP fixed point, in closed form. For a fully observed
 * binary pairwise MRF they maximise the Bethe approximation to the likelihood, so they are the BP
 * maximum-likelihood point and the natural start for MAP with BP gradients. On a forest they are the
 * exact maximum-likelihood parameters.
 *
 * <p>The map is the BP fixed-point relation (Welling &amp; Teh 2003; Parise &amp; Welling 2006,
 * eqns 8–9; {@code docs/notes/bethe-linear-response.md}):
 *
 * <pre>
 *   w_ij = log[ p11 p00 / (p10 p01) ]
 *   θ_i  = log[ (1 − q_i)^(z_i − 1) Π_{j∈N(i)} p10_ij  /  ( q_i^(z_i − 1) Π_{j∈N(i)} p00_ij ) ]
 * </pre>
 *
 * (p10_ij the cell with x_i = 1, x_j = 0 seen from i). It needs every cell strictly positive;
 * empirical marginals with empty cells are first smoothed by {@link #smoothedMeans}.
 *
 * <pre>{@code
 * double[] means = …;                                   // (q, ξ) from data
 * BoltzmannMachine start = PseudoMomentMatching.fit(graph, means, 0.5 / n);   // half a count per cell
 * }</pre>
 */
public final class PseudoMomentMatching {
  /** The default pseudo-count per edge cell, as a fraction of the sample (see {@link #smoothedMeans}). */
  public static final double DEFAULT_CELL_PSEUDO_COUNT = 1e-3;

  private PseudoMomentMatching() {}

  /** {@link #fit(PairwiseGraph, double[], double)} with {@link #DEFAULT_CELL_PSEUDO_COUNT}. */
  public static BoltzmannMachine fit(PairwiseGraph graph, double[] means) {
    return fit(graph, means, DEFAULT_CELL_PSEUDO_COUNT);
  }

  /**
   * The PMM parameters for the smoothed pseudo-marginals: BP on the returned model has
   * {@code smoothedMeans(graph, means, cellPseudoCount)} as a fixed point.
   *
   * @param means empirical (or any locally consistent) {@code (q, ξ)}, in feature order
   * @param cellPseudoCount α ≥ 0, added to each of the four cells of each edge table as a fraction of
   *     the sample; with α = 0 every cell must already be positive
   * @throws IllegalArgumentException if μ is not locally consistent, or has an empty cell and α = 0
   */
  public static BoltzmannMachine fit(PairwiseGraph graph, double[] means, double cellPseudoCount) {
    return new BoltzmannMachine(graph, fixedPointParameters(graph, smoothedMeans(graph, means, cellPseudoCount)));
  }

  /**
   * Adds α to each cell of each edge table and renormalises by {@code 1 + 4α}; equivalently mixes μ
   * with the uniform distribution with weight {@code ε = 4α / (1 + 4α)}:
   * {@code q' = (q + 2α) / (1 + 4α)}, {@code ξ' = (ξ + α) / (1 + 4α)}. Every edge cell becomes at
   * least {@code α / (1 + 4α)}, the tables stay locally consistent (each node cell gets 2α, the sum
   * of two edge cells' α), and an isolated vertex is smoothed the same way. With N observations,
   * α = c / N adds c pseudo-observations to each cell.
   *
   * @throws IllegalArgumentException for a negative or non-finite α, or μ not locally consistent
   */
  public static double[] smoothedMeans(PairwiseGraph graph, double[] means, double cellPseudoCount) {
    if (!(cellPseudoCount >= 0 && cellPseudoCount < Double.POSITIVE_INFINITY)) {
      throw new IllegalArgumentException("the cell pseudo-count must be finite and >= 0, got " + cellPseudoCount);
    }
    PseudoMarginals.requireShape(graph, means);
    double[] cell = new double[4];
    for (int e = 0; e < graph.edgeCount(); e++) {
      PseudoMarginals.cells(graph, means, e, cell);
    }
    int v = graph.vertexCount();
    double norm = 1 + 4 * cellPseudoCount;
    double[] out = new double[means.length];
    for (int a = 0; a < means.length; a++) {
      out[a] = (means[a] + (a < v ? 2 : 1) * cellPseudoCount) / norm;
    }
    return out;
  }

  /**
   * The BP fixed-point relation λ(μ): the parameters (θ, w) for which μ = (q, ξ) is a BP fixed point.
   * Equal to {@code −∇S_Bethe(μ)}; its Jacobian is the J of {@link LinearResponse}.
   *
   * @throws IllegalArgumentException unless every node marginal is in (0, 1) and every cell positive
   */
  public static double[] fixedPointParameters(PairwiseGraph graph, double[] means) {
    PseudoMarginals.requireShape(graph, means);
    int v = graph.vertexCount();
    double[] lambda = new double[means.length];
    for (int i = 0; i < v; i++) {
      PseudoMarginals.requireInterior(means[i], i, "pseudo-moment matching");
      lambda[i] = (graph.degree(i) - 1) * (Math.log1p(-means[i]) - Math.log(means[i]));
    }
    double[] cell = new double[4];
    for (int e = 0; e < graph.edgeCount(); e++) {
      PseudoMarginals.positiveCells(graph, means, e, cell, "pseudo-moment matching");
      double l00 = Math.log(cell[PseudoMarginals.P00]);
      double l01 = Math.log(cell[PseudoMarginals.P01]);
      double l10 = Math.log(cell[PseudoMarginals.P10]);
      double l11 = Math.log(cell[PseudoMarginals.P11]);
      lambda[v + e] = l11 + l00 - l10 - l01;
      lambda[graph.edgeFrom(e)] += l10 - l00;
      lambda[graph.edgeTo(e)] += l01 - l00;
    }
    return lambda;
  }
}
