package org.occam.mrf;

/**
 * The outcome of a {@link LoopyBeliefPropagation} run: node beliefs {@code q_i = b_i(1)}, edge
 * beliefs {@code b_ij(x_i, x_j)}, the Bethe approximation to log Z at those beliefs, and the
 * convergence diagnostics. Immutable. When BP did not converge the beliefs are those of the last
 * sweep and {@link #converged()} is false; nothing is thrown and nothing is replaced by a sentinel.
 */
public final class BeliefPropagationResult implements MrfInference {
  private final BoltzmannMachine model;
  private final LoopyBeliefPropagation.Settings settings;
  private final double[] nodeBeliefs;
  private final double[] edgeCells;
  private final double logZ;
  private final boolean converged;
  private final int iterations;
  private final double maxMessageChange;

  BeliefPropagationResult(BoltzmannMachine model, LoopyBeliefPropagation.Settings settings, double[] nodeBeliefs,
      double[] edgeCells, double logZ, boolean converged, int iterations, double maxMessageChange) {
    this.model = model;
    this.settings = settings;
    this.nodeBeliefs = nodeBeliefs;
    this.edgeCells = edgeCells;
    this.logZ = logZ;
    this.converged = converged;
    this.iterations = iterations;
    this.maxMessageChange = maxMessageChange;
  }

  @Override
  public BoltzmannMachine model() {
    return model;
  }

  /** The settings BP ran with. */
  public LoopyBeliefPropagation.Settings settings() {
    return settings;
  }

  /**
   * {@code log Z_Bethe = −F_Bethe(b) = Σ_i θ_i q_i + Σ_ij w_ij ξ_ij + Σ_ij H(b_ij) − Σ_i (z_i − 1) H(b_i)}
   * at the final beliefs (equal to log Z on a forest at convergence).
   */
  @Override
  public double logZ() {
    return logZ;
  }

  /** {@code (q_0 … q_{V−1}, ξ_0 … ξ_{E−1})} with {@code ξ_e = b_e(1, 1)} (a fresh array). */
  @Override
  public double[] featureMeans() {
    int v = nodeBeliefs.length;
    int edges = edgeCells.length / 4;
    double[] out = new double[v + edges];
    System.arraycopy(nodeBeliefs, 0, out, 0, v);
    for (int e = 0; e < edges; e++) {
      out[v + e] = edgeCells[4 * e + PseudoMarginals.P11];
    }
    return out;
  }

  /**
   * {@code b_e(x_from, x_to)} for edge e, {@code from} its smaller end; the four cells come from the
   * log domain, so a cell that is tiny is accurate in relative terms (unlike {@code q_i − ξ_e}).
   */
  public double edgeBelief(int e, int xFrom, int xTo) {
    return edgeCells[4 * e + 2 * xFrom + xTo];
  }

  /** Whether the largest message residual fell below the tolerance within the iteration cap. */
  public boolean converged() {
    return converged;
  }

  /** Sweeps performed; equal to {@code maxIterations} when BP did not converge. */
  public int iterations() {
    return iterations;
  }

  /** The largest undamped message residual {@code |μ_new − μ_old|} of the last sweep (log-ratio units). */
  public double maxMessageChange() {
    return maxMessageChange;
  }

  @Override
  public String toString() {
    return "BeliefPropagationResult[" + settings + ", converged=" + converged + ", iterations=" + iterations
        + ", maxMessageChange=" + maxMessageChange + ", logZ=" + logZ + "]";
  }
}
