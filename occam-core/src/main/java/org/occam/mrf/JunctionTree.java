package org.occam.mrf;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Exact inference for a {@link BoltzmannMachine} of small treewidth by sum-product on a junction
 * tree (Lauritzen &amp; Spiegelhalter 1988; Jensen, Lauritzen &amp; Olesen 1990; Koller &amp;
 * Friedman 2009, ch. 10): log Z, the node marginals {@code q_i = p(x_i = 1)}, the edge marginals
 * {@code ξ_ij = p(x_i = 1, x_j = 1)}, the exact feature covariance and exact samples. The cost is
 * {@code O(Σ_c 2^|C_c|)} per calibration instead of enumeration's {@code O(2^V)}: on a 10×10 grid
 * the min-fill tree has 83 cliques of at most 14 variables, 41,824 table entries in all.
 *
 * <p>The clique potentials are {@code ψ_c(x_c) = exp(Σ_{a assigned to c} λ_a f_a(x))}, tabulated
 * in the log domain on clique configuration bitmasks, so {@code log Z = log Σ_x Π_c ψ_c(x_c)}.
 *
 * <p>Example:
 *
 * <pre>{@code
 * BoltzmannMachine m = new BoltzmannMachine(PairwiseGraph.grid(10, 10), lambda);
 * JunctionTree jt = JunctionTree.run(m);
 * double logZ = jt.logZ();
 * double[] q = jt.nodeMarginals();
 * double[][] c = jt.covariance(2);
 * int[][] x = jt.sampler().sample(1000, RandomStreams.fromSeed(1));
 * }</pre>
 */
public final class JunctionTree implements MrfInference {
  /** The default largest clique, in variables (2^20 table entries, 8 MB per table). */
  public static final int DEFAULT_MAX_CLIQUE_SIZE = 20;

  private final BoltzmannMachine model;
  private final CliqueTree tree;
  private final double[][] logPotential;
  private final double[][] cliqueMarginal;
  private final double logZ;
  private final double[] means;

  private JunctionTree(BoltzmannMachine model, CliqueTree tree, double[][] logPotential,
      double[][] cliqueMarginal, double logZ, double[] means) {
    this.model = model;
    this.tree = tree;
    this.logPotential = logPotential;
    this.cliqueMarginal = cliqueMarginal;
    this.logZ = logZ;
    this.means = means;
  }

  /**
   * Builds the tree (cliques of at most {@link #DEFAULT_MAX_CLIQUE_SIZE} variables) and calibrates.
   *
   * @throws IllegalArgumentException if the graph's junction tree has a larger clique
   */
  public static JunctionTree run(BoltzmannMachine model) {
    return run(model, DEFAULT_MAX_CLIQUE_SIZE);
  }

  /**
   * Builds the tree with a clique size limit and calibrates.
   *
   * @throws IllegalArgumentException if the graph's junction tree has a clique above
   *     {@code maxCliqueSize} variables; the message names the treewidth bound
   */
  public static JunctionTree run(BoltzmannMachine model, int maxCliqueSize) {
    return run(model, CliqueTree.build(model.graph(), maxCliqueSize));
  }

  /**
   * Calibrates on a tree built before (for many models on one graph).
   *
   * @throws IllegalArgumentException if the tree is for another graph
   */
  public static JunctionTree run(BoltzmannMachine model, CliqueTree tree) {
    if (!tree.graph().equals(model.graph())) {
      throw new InvalidInputException("the clique tree was built for " + tree.graph() + ", not for the model's "
          + model.graph());
    }
    double[][] logPotential = logPotentials(model, tree);
    CliqueCalibration calibration = new CliqueCalibration(tree, logPotential);
    double logZ = calibration.calibrate();
    double[] means = new double[model.featureCount()];
    calibration.featureMeans(means);
    return new JunctionTree(model, tree, logPotential, calibration.marginal, logZ, means);
  }

  /**
   * {@code log ψ_c} for every clique. Adding variable t to a configuration {@code rest} of
   * higher-numbered variables adds its bias and its couplings to the variables in {@code rest}.
   */
  private static double[][] logPotentials(BoltzmannMachine model, CliqueTree tree) {
    int n = tree.cliqueCount();
    double[][] field = new double[n][];
    double[][] coupling = new double[n][];
    for (int c = 0; c < n; c++) {
      int k = tree.vars[c].length;
      field[c] = new double[k];
      coupling[c] = new double[k * k];
    }
    int v = model.variableCount();
    for (int a = 0; a < model.featureCount(); a++) {
      int c = tree.featureClique[a];
      int mask = tree.featureMask[a];
      int t = Integer.numberOfTrailingZeros(mask);
      if (a < v) {
        field[c][t] += model.bias(a);
      } else {
        int k = tree.vars[c].length;
        int s = 31 - Integer.numberOfLeadingZeros(mask);
        double w = model.weight(a - v);
        coupling[c][t * k + s] += w;
        coupling[c][s * k + t] += w;
      }
    }
    double[][] out = new double[n][];
    for (int c = 0; c < n; c++) {
      int k = tree.vars[c].length;
      double[] table = new double[1 << k];
      double[] h = field[c];
      double[] w = coupling[c];
      for (int mask = 1; mask < table.length; mask++) {
        int t = Integer.numberOfTrailingZeros(mask);
        int rest = mask & (mask - 1);
        double s = table[rest] + h[t];
        for (int r = rest; r != 0; r &= r - 1) {
          s += w[t * k + Integer.numberOfTrailingZeros(r)];
        }
        table[mask] = s;
      }
      out[c] = table;
    }
    return out;
  }

  @Override
  public BoltzmannMachine model() {
    return model;
  }

  /** The clique tree the calibration ran on. */
  public CliqueTree tree() {
    return tree;
  }

  @Override
  public double logZ() {
    return logZ;
  }

  @Override
  public double[] featureMeans() {
    return means.clone();
  }

  /** {@code q_i = p(x_i = 1)}, i = 0…V−1 (a fresh array). */
  public double[] nodeMarginals() {
    return Arrays.copyOfRange(means, 0, model.variableCount());
  }

  /** {@code ξ_e = p(x_i = 1, x_j = 1)} for edge e = (i, j), in edge order (a fresh array). */
  public double[] edgeMarginals() {
    return Arrays.copyOfRange(means, model.variableCount(), means.length);
  }

  /**
   * The calibrated marginal of clique c, {@code p(x_c)} indexed by configuration bitmask over
   * {@link CliqueTree#clique(int)} (a fresh array).
   */
  public double[] cliqueMarginal(int c) {
    return cliqueMarginal[c].clone();
  }

  /** An exact sampler from this calibrated tree. */
  public ExactSampler sampler() {
    return new ExactSampler(tree, cliqueMarginal);
  }

  /** {@link #covariance(int)} on every available processor. */
  public double[][] covariance() {
    return covariance(Runtime.getRuntime().availableProcessors());
  }

  /**
   * The exact feature covariance {@code C_ab = Cov(f_a, f_b)}, F×F (a fresh array). Since f_a is
   * 0/1, {@code E[f_a f_b] = p(f_a = 1) E[f_b | f_a = 1]}, so row a is
   *
   * <pre>
   *   C_ab = E[f_a] (E[f_b | f_a = 1] − E[f_b])
   * </pre>
   *
   * and each row costs one calibration with f_a clamped to 1 (x_i = 1 for a node, x_i = x_j = 1
   * for an edge), F calibrations in all, split over {@code threads} workers. The result is
   * symmetrised; rows do not depend on the number of threads.
   *
   * @param threads worker threads (≥ 1)
   */
  public double[][] covariance(int threads) {
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
    int f = means.length;
    double[][] c = new double[f][];
    int workers = Math.min(threads, f);
    if (workers == 1) {
      covarianceRows(0, f, c);
    } else {
      ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
        Thread t = new Thread(r, "occam-jtree");
        t.setDaemon(true);
        return t;
      });
      try {
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
          int from = (int) ((long) f * w / workers);
          int to = (int) ((long) f * (w + 1) / workers);
          futures.add(pool.submit(() -> covarianceRows(from, to, c)));
        }
        for (Future<?> future : futures) {
          future.get();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while computing the covariance", e);
      } catch (ExecutionException e) {
        throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
      } finally {
        pool.shutdownNow();
      }
    }
    for (int a = 0; a < f; a++) {
      for (int b = a + 1; b < f; b++) {
        double s = 0.5 * (c[a][b] + c[b][a]);
        c[a][b] = s;
        c[b][a] = s;
      }
    }
    return c;
  }

  private void covarianceRows(int from, int to, double[][] out) {
    CliqueCalibration calibration = new CliqueCalibration(tree, logPotential);
    double[] conditional = new double[means.length];
    for (int a = from; a < to; a++) {
      calibration.calibrateClamped(tree.featureClique[a], tree.featureMask[a]);
      calibration.featureMeans(conditional);
      double[] row = new double[means.length];
      for (int b = 0; b < row.length; b++) {
        row[b] = means[a] * (conditional[b] - means[b]);
      }
      out[a] = row;
    }
  }

  @Override
  public String toString() {
    return "JunctionTree[" + tree + ", logZ=" + logZ + "]";
  }
}
