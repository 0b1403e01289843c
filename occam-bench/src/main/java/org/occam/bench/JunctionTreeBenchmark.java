package org.occam.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.CliqueTree;
import org.occam.mrf.JunctionTree;
import org.occam.mrf.loglinear.LogLinearEnumeration;
import org.occam.mrf.loglinear.LogLinearJunctionTree;
import org.occam.mrf.loglinear.LogLinearStructure;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 17, point 5, junction-tree calibration: log Z and the feature means, the trees built
 * beforehand.
 *
 * <p>{@code binary}: {@link JunctionTree#run(BoltzmannMachine, CliqueTree)} on the 10 × 10
 * Boltzmann grid of {@link GridModels#boltzmann} (the clique tree's 83 cliques hold up to 14
 * variables, 41,824 cells in all). Flops
 * ({@link #binaryFlopsPerCall()}; exp and log one each, comparisons and max none), per clique c of
 * k variables, T = 2^k cells, S_c separator cells with its parent, children d:
 *
 * <ul>
 *   <li>log potentials: {@code k 2^(k−1)} adds (each cell adds a bias and its couplings);
 *   <li>collect: T adds per child message, then 3T (subtract, exp, add) and 2 S_c (log, add) for the
 *       message up, or 3T + 2 for log Z at a root;
 *   <li>distribute: 3T (add, subtract, exp) for the marginal, 2T at a root; per child T adds and
 *       3 S_d (log, add, subtract);
 *   <li>feature means: 2^(k−1) adds per bias, 2^(k−2) per coupling, in its clique.
 * </ul>
 *
 * <p>{@code logLinear}: {@link LogLinearJunctionTree#run(double[], boolean)} without covariance on
 * the pairwise model of a 5 × 5 grid of three-state variables (20 cliques of up to 6 variables,
 * 4,158 cells). Flops
 * ({@link #logLinearFlopsPerCall()}), per non-root clique c of T_c cells with parent p and S_c
 * separator cells: collect 3T_c (subtract, exp, add: its belief exponentiated about its maximum and
 * summed to the separator), 2S_c (log, add) for the message up and T_p adds into the parent;
 * distribute T_p adds (the parent's marginal summed to the separator), S_c divisions and T_c
 * multiplies (Hugin's update in probabilities); per root 3T + 2 for log Z and T + 1 for its
 * marginal; and the potentials and the means, one add each per (cell, feature) pair where the
 * feature is on ({@link LogLinearJunctionTree#activeFeatureCells}). The cliques and the tree are the class's own
 * ({@link LogLinearJunctionTree#cliques}, {@link LogLinearJunctionTree#parents}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class JunctionTreeBenchmark {
  static final int BINARY_SIDE = 10;
  static final int LOG_LINEAR_SIDE = 5;
  static final int LOG_LINEAR_STATES = 3;

  private BoltzmannMachine model;
  private CliqueTree tree;
  private LogLinearJunctionTree logLinearTree;
  private double[] lambda;

  @Setup
  public void setUp() {
    model = GridModels.boltzmann(BINARY_SIDE, 11);
    tree = CliqueTree.build(model.graph(), JunctionTree.DEFAULT_MAX_CLIQUE_SIZE);
    LogLinearStructure s = GridModels.pairwise(LOG_LINEAR_SIDE, LOG_LINEAR_STATES);
    logLinearTree = new LogLinearJunctionTree(s);
    lambda = GridModels.pairwiseParameters(s, 12);
  }

  @Benchmark
  public JunctionTree binary() {
    return JunctionTree.run(model, tree);
  }

  @Benchmark
  public LogLinearEnumeration.Result logLinear() {
    return logLinearTree.run(lambda, false);
  }

  /** See the class comment. */
  public static double binaryFlopsPerCall() {
    BoltzmannMachine m = GridModels.boltzmann(BINARY_SIDE, 11);
    CliqueTree t = CliqueTree.build(m.graph(), JunctionTree.DEFAULT_MAX_CLIQUE_SIZE);
    int n = t.cliqueCount();
    int[] children = new int[n];
    for (int c = 0; c < n; c++) {
      if (t.parent(c) >= 0) {
        children[t.parent(c)]++;
      }
    }
    double flops = 0;
    for (int c = 0; c < n; c++) {
      int k = t.clique(c).length;
      double cells = Math.pow(2, k);
      flops += k * cells / 2;
      flops += 2 * children[c] * cells;
      if (t.parent(c) >= 0) {
        double separator = Math.pow(2, t.separator(c).length);
        flops += 3 * cells + 2 * separator; // collect: the message up
        flops += 3 * cells + 3 * separator; // distribute: this marginal, and the message down to c
      } else {
        flops += 3 * cells + 2 + 2 * cells;
      }
    }
    int v = m.variableCount();
    for (int a = 0; a < m.featureCount(); a++) {
      int k = t.clique(t.featureClique(a)).length;
      flops += Math.pow(2, k - (a < v ? 1 : 2));
    }
    return flops;
  }

  /** See the class comment. */
  public static double logLinearFlopsPerCall() {
    LogLinearStructure s = GridModels.pairwise(LOG_LINEAR_SIDE, LOG_LINEAR_STATES);
    LogLinearJunctionTree tree = new LogLinearJunctionTree(s);
    int[][] cliques = tree.cliques().toArray(new int[0][]);
    int k = cliques.length;
    double[] cells = new double[k];
    for (int c = 0; c < k; c++) {
      cells[c] = cellsOf(s, cliques[c]);
    }
    int[] parent = tree.parents();
    double flops = 0;
    for (int c = 0; c < k; c++) {
      int p = parent[c];
      if (p < 0) {
        flops += 4 * cells[c] + 3;
      } else {
        double separator = cellsOf(s, intersection(cliques[c], cliques[p]));
        flops += 4 * cells[c] + 2 * cells[p] + 3 * separator;
      }
    }
    return flops + 2 * tree.activeFeatureCells();
  }

  private static double cellsOf(LogLinearStructure s, int[] vars) {
    double cells = 1;
    for (int v : vars) {
      cells *= s.cardinality(v);
    }
    return cells;
  }

  private static int[] intersection(int[] a, int[] b) {
    return Arrays.stream(a).filter(v -> Arrays.stream(b).anyMatch(w -> w == v)).toArray();
  }
}
