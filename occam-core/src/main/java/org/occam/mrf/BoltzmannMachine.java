package org.occam.mrf;

import org.occam.data.InvalidInputException;
import java.util.Arrays;

/**
 * A binary pairwise MRF (Boltzmann machine) on 0/1 variables,
 * {@code p(x | λ) = exp(Σ_i θ_i x_i + Σ_(ij)∈E w_ij x_i x_j) / Z(λ)}, with parameters
 * {@code λ = (θ_0 … θ_{V−1}, w_0 … w_{E−1})} in feature order (nodes, then edges in the graph's
 * order). Immutable.
 */
public final class BoltzmannMachine {
  private final PairwiseGraph graph;
  private final double[] parameters;

  /**
   * @param graph the graph
   * @param parameters λ, length V + E (copied)
   */
  public BoltzmannMachine(PairwiseGraph graph, double[] parameters) {
    this.graph = graph;
    int f = graph.vertexCount() + graph.edgeCount();
    if (parameters.length != f) {
      throw new InvalidInputException("a Boltzmann machine on " + graph.vertexCount() + " variables and "
          + graph.edgeCount() + " edges has " + f + " parameters, got " + parameters.length);
    }
    for (int k = 0; k < f; k++) {
      if (!Double.isFinite(parameters[k])) {
        throw new InvalidInputException("parameter " + k + " is not finite: " + parameters[k]);
      }
    }
    this.parameters = parameters.clone();
  }

  /** A model with all parameters zero (the uniform distribution). */
  public static BoltzmannMachine zero(PairwiseGraph graph) {
    return new BoltzmannMachine(graph, new double[graph.vertexCount() + graph.edgeCount()]);
  }

  /**
   * The model for ±1 spins {@code s = 2x − 1} with {@code p(s) ∝ exp(Σ h_i s_i + Σ J_ij s_i s_j)},
   * written on 0/1 variables: {@code w_ij = 4 J_ij}, {@code θ_i = 2 h_i − 2 Σ_{j∈N(i)} J_ij} (the
   * constant goes into Z).
   */
  public static BoltzmannMachine fromSpins(PairwiseGraph graph, double[] fields, double[] couplings) {
    int v = graph.vertexCount();
    if (fields.length != v || couplings.length != graph.edgeCount()) {
      throw new InvalidInputException("spin model needs " + v + " fields and " + graph.edgeCount()
          + " couplings, got " + fields.length + " and " + couplings.length);
    }
    double[] lambda = new double[v + couplings.length];
    for (int i = 0; i < v; i++) {
      lambda[i] = 2 * fields[i];
    }
    for (int e = 0; e < couplings.length; e++) {
      lambda[v + e] = 4 * couplings[e];
      lambda[graph.edgeFrom(e)] -= 2 * couplings[e];
      lambda[graph.edgeTo(e)] -= 2 * couplings[e];
    }
    return new BoltzmannMachine(graph, lambda);
  }

  public PairwiseGraph graph() {
    return graph;
  }

  public int variableCount() {
    return graph.vertexCount();
  }

  /** F = V + E. */
  public int featureCount() {
    return parameters.length;
  }

  /** λ (a fresh copy). */
  public double[] parameters() {
    return parameters.clone();
  }

  /** θ_i. */
  public double bias(int i) {
    return parameters[i];
  }

  /** w_e. */
  public double weight(int e) {
    return parameters[graph.vertexCount() + e];
  }

  /** The same graph with other parameters. */
  public BoltzmannMachine withParameters(double[] lambda) {
    return new BoltzmannMachine(graph, lambda);
  }

  /** λᵀf(x), the unnormalised log probability of a 0/1 configuration. */
  public double logPotential(int[] x) {
    int v = graph.vertexCount();
    double s = 0;
    for (int i = 0; i < v; i++) {
      if (x[i] != 0) {
        s += parameters[i];
      }
    }
    for (int e = 0; e < graph.edgeCount(); e++) {
      if (x[graph.edgeFrom(e)] != 0 && x[graph.edgeTo(e)] != 0) {
        s += parameters[v + e];
      }
    }
    return s;
  }

  /**
   * f(x) into {@code out} (length F; modified): x_i for the nodes, then x_i x_j per edge.
   */
  public void features(int[] x, double[] out) {
    int v = graph.vertexCount();
    for (int i = 0; i < v; i++) {
      out[i] = x[i];
    }
    for (int e = 0; e < graph.edgeCount(); e++) {
      out[v + e] = x[graph.edgeFrom(e)] * x[graph.edgeTo(e)];
    }
  }

  @Override
  public String toString() {
    return "BoltzmannMachine[" + graph + ", λ=" + Arrays.toString(parameters) + "]";
  }
}
