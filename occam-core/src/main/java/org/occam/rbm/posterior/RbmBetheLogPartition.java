package org.occam.rbm.posterior;

import org.occam.mrf.BeliefPropagationResult;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.mrf.PairwiseGraph;
import org.occam.rbm.Rbm;

/**
 * The Bethe approximation to an RBM's log Z(λ), as Chen &amp; Welling (2013, section 3.2) use belief
 * propagation for the likelihood of the Langevin draws: the RBM is a Boltzmann machine on V + K
 * binary variables (visible units 0..V−1, hidden units V..V+K−1) whose edges are the complete
 * bipartite graph, edge (i, V+k) carrying W_ik and the node biases (α, β); loopy BP
 * ({@link LoopyBeliefPropagation}) runs on it and {@code log Z ≈ −F_Bethe} at its beliefs
 * ({@link BeliefPropagationResult#logZ()}, Yedidia, Freeman &amp; Weiss 2005). With K = 1 (or V = 1)
 * the graph is a tree and the value is exact at convergence; with K ≥ 2 it has loops.
 *
 * <p>Every call starts BP from uniform messages, so a value does not depend on which λ the engine
 * saw before (and results do not depend on the thread count). Not thread-safe: one per worker.
 */
public final class RbmBetheLogPartition {
  private final int v;
  private final int k;
  private final PairwiseGraph graph;
  private final LoopyBeliefPropagation bp;
  private final double[] parameters;

  /** @param settings BP's settings (damping, tolerance, iteration cap) */
  public RbmBetheLogPartition(int visibleCount, int hiddenCount, LoopyBeliefPropagation.Settings settings) {
    this.v = visibleCount;
    this.k = hiddenCount;
    this.graph = bipartite(visibleCount, hiddenCount);
    this.bp = new LoopyBeliefPropagation(settings);
    this.parameters = new double[v + k + v * k];
  }

  /** The complete bipartite graph between V visible and K hidden vertices, edge i·K + k = (i, V + k). */
  public static PairwiseGraph bipartite(int visibleCount, int hiddenCount) {
    int[][] edges = new int[visibleCount * hiddenCount][];
    for (int i = 0; i < visibleCount; i++) {
      for (int u = 0; u < hiddenCount; u++) {
        edges[i * hiddenCount + u] = new int[] {i, visibleCount + u};
      }
    }
    return new PairwiseGraph(visibleCount + hiddenCount, edges);
  }

  /** The Boltzmann machine of an RBM: nodes (α, β), edges W in {@link #bipartite} order. */
  public static BoltzmannMachine asBoltzmannMachine(Rbm rbm) {
    return new BoltzmannMachine(bipartite(rbm.visibleCount(), rbm.hiddenCount()),
        boltzmannParameters(rbm.visibleCount(), rbm.hiddenCount(), rbm.parameters(), null));
  }

  private static double[] boltzmannParameters(int v, int k, double[] lambda, double[] out) {
    double[] p = out != null ? out : new double[v + k + v * k];
    int vk = v * k;
    System.arraycopy(lambda, vk, p, 0, v + k);
    System.arraycopy(lambda, 0, p, v + k, vk);
    return p;
  }

  /**
   * BP on the RBM at λ, cold-started.
   *
   * @param lambda λ in {@link Rbm}'s feature order (finite). Not modified.
   */
  public BeliefPropagationResult run(double[] lambda) {
    boltzmannParameters(v, k, lambda, parameters);
    bp.reset();
    return bp.run(new BoltzmannMachine(graph, parameters));
  }
}
