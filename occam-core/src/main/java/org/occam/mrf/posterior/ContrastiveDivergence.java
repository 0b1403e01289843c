package org.occam.mrf.posterior;

import org.apache.commons.rng.UniformRandomProvider;
import org.occam.mrf.MrfData;
import org.occam.mrf.PairwiseGraph;

/**
 * The contrastive-divergence estimate of the log posterior's gradient of a fully observed Boltzmann
 * machine (Hinton 2002; used for posterior sampling by Murray &amp; Ghahramani 2004, "Bayesian
 * learning in undirected graphical models: approximate MCMC algorithms", UAI):
 *
 * <pre>  ∇ ≈ N f̄ − Σ_n E[f(x'_n)] − λ/σ0²,   x'_n = one Gibbs sweep over all variables from data row x_n</pre>
 *
 * <p>in place of the exact {@code N f̄ − N E_λ[f] − λ/σ0²}. The sweep visits the variables in index
 * order, drawing {@code x_i ~ p(x_i | x_rest) = σ(θ_i + Σ_j w_ij x_j)}. The expectation over the
 * sweep's last draws is Rao–Blackwellised: vertex i adds its conditional probability p_i rather
 * than its draw, and edge (i, j), i &lt; j, adds x'_i p_j at j's update (x'_i is final by then), an
 * unbiased estimate of the same expectation with less variance.
 *
 * <p>Each distinct data row r of count c_r is swept {@code k_r = ⌈c_r⌉} times (each sweep weighted
 * {@code c_r/k_r}), as if every row were swept once; when N exceeds {@value #SWEEP_BUDGET} the
 * counts are scaled down to that budget (at least one sweep per distinct row), so a data set of a
 * million copies of one row costs a bounded amount. All loops are over primitive arrays; one
 * instance per chain (buffers reused).
 */
final class ContrastiveDivergence {
  /** The most sweeps per gradient from rows with large counts (all distinct rows are swept). */
  static final double SWEEP_BUDGET = 1 << 16;

  private final int v;
  private final int f;
  private final int[] start;
  private final int[] neighbour;
  private final int[] edge;
  private final int[][] rows;
  private final int[] sweeps;
  private final double[] weight;
  private final double[] dataTerm;
  private final double priorPrecision;
  private final int[] x;
  private final double[] model;

  /**
   * @param data with its distinct rows ({@link MrfData#hasRows()})
   * @param priorPrecision 1/σ0²
   */
  ContrastiveDivergence(MrfData data, double priorPrecision) {
    PairwiseGraph g = data.graph();
    v = g.vertexCount();
    f = data.featureCount();
    start = new int[v + 1];
    for (int i = 0; i < v; i++) {
      start[i + 1] = start[i] + g.degree(i);
    }
    neighbour = new int[start[v]];
    edge = new int[start[v]];
    for (int i = 0; i < v; i++) {
      for (int k = 0; k < g.degree(i); k++) {
        neighbour[start[i] + k] = g.neighbour(i, k);
        edge[start[i] + k] = g.incidentEdge(i, k);
      }
    }
    MrfData.RowTable table = data.table();
    rows = table.x();
    double n = data.rows();
    double scale = n > SWEEP_BUDGET ? SWEEP_BUDGET / n : 1;
    sweeps = new int[rows.length];
    weight = new double[rows.length];
    for (int r = 0; r < rows.length; r++) {
      double c = table.counts()[r];
      sweeps[r] = (int) Math.max(1, Math.ceil(c * scale - 1e-9));
      weight[r] = c / sweeps[r];
    }
    dataTerm = data.featureMeans();
    for (int a = 0; a < f; a++) {
      dataTerm[a] *= n;
    }
    this.priorPrecision = priorPrecision;
    x = new int[v];
    model = new double[f];
  }

  /** Sweeps per gradient. */
  long sweepsPerGradient() {
    long s = 0;
    for (int k : sweeps) {
      s += k;
    }
    return s;
  }

  /**
   * The CD estimate of ∇ log p(λ | D).
   *
   * @param lambda not modified
   * @param out length F. Modified.
   */
  void gradient(double[] lambda, double[] out, UniformRandomProvider rng) {
    java.util.Arrays.fill(model, 0);
    for (int r = 0; r < rows.length; r++) {
      int[] row = rows[r];
      double wt = weight[r];
      for (int s = 0; s < sweeps[r]; s++) {
        System.arraycopy(row, 0, x, 0, v);
        for (int i = 0; i < v; i++) {
          double field = lambda[i];
          for (int k = start[i]; k < start[i + 1]; k++) {
            if (x[neighbour[k]] != 0) {
              field += lambda[v + edge[k]];
            }
          }
          double p = field >= 0 ? 1 / (1 + Math.exp(-field)) : Math.exp(field) / (1 + Math.exp(field));
          model[i] += wt * p;
          double wp = wt * p;
          for (int k = start[i]; k < start[i + 1]; k++) {
            if (neighbour[k] < i && x[neighbour[k]] != 0) {
              model[v + edge[k]] += wp;
            }
          }
          x[i] = rng.nextDouble() < p ? 1 : 0;
        }
      }
    }
    for (int a = 0; a < f; a++) {
      out[a] = dataTerm[a] - model[a] - priorPrecision * lambda[a];
    }
  }
}
