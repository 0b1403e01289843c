package org.occam.bench;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.loglinear.LogLinearStructure;

/** The grid models of the kernel benchmarks, the same for every call with the same arguments. */
final class GridModels {
  private GridModels() {}

  /**
   * A side × side Boltzmann machine with Parise &amp; Welling's section 4.1 parameters: biases U[−1, 1],
   * weights ±(d + U[0, 0.025]) with d = 0.125 (0/1 variables).
   */
  static BoltzmannMachine boltzmann(int side, long seed) {
    PairwiseGraph grid = PairwiseGraph.grid(side, side);
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    int v = grid.vertexCount();
    double[] lambda = new double[v + grid.edgeCount()];
    for (int i = 0; i < v; i++) {
      lambda[i] = 2 * rng.nextDouble() - 1;
    }
    for (int e = 0; e < grid.edgeCount(); e++) {
      double w = 0.125 + 0.025 * rng.nextDouble();
      lambda[v + e] = rng.nextBoolean() ? w : -w;
    }
    return new BoltzmannMachine(grid, lambda);
  }

  /** The pairwise log-linear model of a side × side grid of variables with {@code states} states each. */
  static LogLinearStructure pairwise(int side, int states) {
    List<Variable> vars = new ArrayList<>();
    for (int i = 0; i < side * side; i++) {
      vars.add(Variable.withCount("x" + i, states));
    }
    return LogLinearStructure.pairwise(vars, PairwiseGraph.grid(side, side));
  }

  /** λ of {@link #pairwise}: main effects U[−1, 1], interactions U[−0.5, 0.5]. */
  static double[] pairwiseParameters(LogLinearStructure s, long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    double[] lambda = new double[s.featureCount()];
    for (int t = 0; t < s.termCount(); t++) {
      double width = s.term(t).length == 1 ? 2 : 1;
      for (int a = s.offset(t); a < s.offset(t) + s.termSize(t); a++) {
        lambda[a] = width * (rng.nextDouble() - 0.5);
      }
    }
    return lambda;
  }
}
