package org.occam.mrf.hidden;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.occam.data.InvalidInputException;
import org.occam.mrf.PairwiseGraph;

/**
 * One set of clamped variables of a {@link PairwiseGraph}: the variables a data row observes. With
 * the clamped variables {@code c} fixed at their row's values, the Boltzmann machine on the
 * remaining (free) variables {@code z} is again a Boltzmann machine, on the subgraph the free
 * variables induce:
 *
 * <pre>
 *   λᵀf(x_c, z) = κ + λ'ᵀg(z),    κ = Σ_{a : f_a has no free end} λ_a f_a(x_c)
 *   λ'_k = Σ_{a : f_a reduces to g_k} λ_a m_a(x_c),   m_a(x_c) = Π_{clamped ends i of a} x_i
 * </pre>
 *
 * where {@code g} are the features of the free subgraph (node features, then its edges in the full
 * graph's edge order): a free node stays itself, an edge with one clamped end becomes its free
 * end's node feature (times the clamped value), an edge between free nodes stays an edge. So
 * {@code log Z(x_c, λ) = κ + log Z'(λ')}, {@code E[f_a | x_c] = m_a E'[g_k(a)]} (or {@code m_a} when
 * f_a has no free end) and {@code Cov(f_a, f_b | x_c) = m_a m_b C'_{k(a) k(b)}}: any engine for
 * fully observed Boltzmann machines (enumeration, junction tree, loopy BP, linear response) gives
 * the clamped quantities of Welling &amp; Parise (2006, section 6) through this map. For BP the
 * reduction is exact too: a clamped node sends its neighbours fixed messages, which are the
 * absorbed fields, and its Bethe entropy terms cancel (a clamped node has entropy 0, an edge to it
 * the entropy of its free end).
 *
 * <p>Immutable; depends on the graph and the clamped set only, so every row that clamps the same
 * variables shares one instance (and one clique tree of {@link #freeGraph()}).
 */
public final class Clamping {
  private final PairwiseGraph graph;
  private final int[] clamped;
  private final int[] free;
  private final PairwiseGraph freeGraph;
  /** Per full feature: the free-subgraph feature it reduces to, or −1 when it has no free end. */
  private final int[] reduced;
  /** Per full feature: its clamped ends (−1 where there is none); a node feature has at most one. */
  private final int[] clampedEndA;
  private final int[] clampedEndB;

  /**
   * @param graph the full graph
   * @param isClamped per vertex, whether it is clamped (copied)
   */
  public Clamping(PairwiseGraph graph, boolean[] isClamped) {
    int v = graph.vertexCount();
    if (isClamped.length != v) {
      throw new InvalidInputException("a clamping of " + v + " variables needs " + v + " flags, got " + isClamped.length);
    }
    this.graph = graph;
    int[] position = new int[v];
    List<Integer> clampedList = new ArrayList<>();
    int freeCount = 0;
    for (int i = 0; i < v; i++) {
      if (isClamped[i]) {
        position[i] = -1;
        clampedList.add(i);
      } else {
        position[i] = freeCount++;
      }
    }
    clamped = clampedList.stream().mapToInt(Integer::intValue).toArray();
    free = new int[freeCount];
    for (int i = 0; i < v; i++) {
      if (position[i] >= 0) {
        free[position[i]] = i;
      }
    }
    int edges = graph.edgeCount();
    int f = v + edges;
    reduced = new int[f];
    clampedEndA = new int[f];
    clampedEndB = new int[f];
    Arrays.fill(clampedEndA, -1);
    Arrays.fill(clampedEndB, -1);
    for (int i = 0; i < v; i++) {
      reduced[i] = position[i];
      if (position[i] < 0) {
        clampedEndA[i] = i;
      }
    }
    List<int[]> freeEdges = new ArrayList<>();
    int[] freeEdgeOf = new int[edges];
    for (int e = 0; e < edges; e++) {
      int i = graph.edgeFrom(e);
      int j = graph.edgeTo(e);
      freeEdgeOf[e] = -1;
      if (position[i] >= 0 && position[j] >= 0) {
        freeEdgeOf[e] = freeEdges.size();
        freeEdges.add(new int[] {position[i], position[j]});
      }
    }
    for (int e = 0; e < edges; e++) {
      int a = v + e;
      int i = graph.edgeFrom(e);
      int j = graph.edgeTo(e);
      if (freeEdgeOf[e] >= 0) {
        reduced[a] = freeCount + freeEdgeOf[e];
      } else if (position[i] >= 0) {
        reduced[a] = position[i];
        clampedEndA[a] = j;
      } else if (position[j] >= 0) {
        reduced[a] = position[j];
        clampedEndA[a] = i;
      } else {
        reduced[a] = -1;
        clampedEndA[a] = i;
        clampedEndB[a] = j;
      }
    }
    freeGraph = freeCount == 0 ? null : new PairwiseGraph(freeCount, freeEdges.toArray(new int[0][]));
  }

  /** The full graph. */
  public PairwiseGraph graph() {
    return graph;
  }

  /** The clamped variables, ascending (a fresh array). */
  public int[] clamped() {
    return clamped.clone();
  }

  /** The free variables, ascending (a fresh array); free variable k is vertex k of {@link #freeGraph()}. */
  public int[] free() {
    return free.clone();
  }

  /** The number of free variables (0 when the row observes every variable). */
  public int freeCount() {
    return free.length;
  }

  /** Whether the row clamps nothing (then the conditional model is the model itself). */
  public boolean clampsNothing() {
    return clamped.length == 0;
  }

  /**
   * The subgraph the free variables induce.
   *
   * @throws IllegalStateException when every variable is clamped ({@link #freeCount()} is 0)
   */
  public PairwiseGraph freeGraph() {
    if (freeGraph == null) {
      throw new IllegalStateException("every variable is clamped: there is no free subgraph");
    }
    return freeGraph;
  }

  /** F' = the free subgraph's feature count (0 when every variable is clamped). */
  public int freeFeatureCount() {
    return freeGraph == null ? 0 : freeGraph.vertexCount() + freeGraph.edgeCount();
  }

  /** m_a(x_c): 1 unless a clamped end of feature a is 0. */
  private int multiplier(int a, int[] x) {
    int ea = clampedEndA[a];
    int eb = clampedEndB[a];
    return (ea < 0 || x[ea] != 0) && (eb < 0 || x[eb] != 0) ? 1 : 0;
  }

  /**
   * The conditional model's parameters λ' and the constant κ, so that
   * {@code log Z(x_c, λ) = κ + log Z'(λ')}.
   *
   * @param lambda λ of the full model, length F. Not modified.
   * @param x a row of length V; only its clamped entries (0/1) are read. Not modified.
   * @param reducedOut λ', length F'. Modified.
   * @return κ
   */
  public double condition(double[] lambda, int[] x, double[] reducedOut) {
    Arrays.fill(reducedOut, 0);
    double kappa = 0;
    for (int a = 0; a < reduced.length; a++) {
      if (multiplier(a, x) == 0) {
        continue;
      }
      if (reduced[a] < 0) {
        kappa += lambda[a];
      } else {
        reducedOut[reduced[a]] += lambda[a];
      }
    }
    return kappa;
  }

  /**
   * Adds {@code weight · E[f | x_c]} to {@code sumOut}, from the conditional model's means.
   *
   * @param reducedMeans E'[g], length F' (empty when nothing is free). Not modified.
   * @param sumOut length F. Modified (added to).
   */
  public void addMeans(int[] x, double[] reducedMeans, double weight, double[] sumOut) {
    for (int a = 0; a < reduced.length; a++) {
      if (multiplier(a, x) != 0) {
        sumOut[a] += weight * (reduced[a] < 0 ? 1 : reducedMeans[reduced[a]]);
      }
    }
  }

  /**
   * Adds {@code weight · Cov(f | x_c)} to {@code sumOut}, from the conditional model's covariance.
   *
   * @param reducedCovariance C', F' × F'. Not modified.
   * @param sumOut F × F. Modified (added to).
   */
  public void addCovariance(int[] x, double[][] reducedCovariance, double weight, double[][] sumOut) {
    int f = reduced.length;
    int[] active = new int[f];
    int n = 0;
    for (int a = 0; a < f; a++) {
      if (reduced[a] >= 0 && multiplier(a, x) != 0) {
        active[n++] = a;
      }
    }
    for (int s = 0; s < n; s++) {
      int a = active[s];
      double[] from = reducedCovariance[reduced[a]];
      double[] to = sumOut[a];
      for (int t = 0; t < n; t++) {
        int b = active[t];
        to[b] += weight * from[reduced[b]];
      }
    }
  }

  @Override
  public String toString() {
    return "Clamping[clamped=" + Arrays.toString(clamped) + ", free=" + Arrays.toString(free) + "]";
  }
}
