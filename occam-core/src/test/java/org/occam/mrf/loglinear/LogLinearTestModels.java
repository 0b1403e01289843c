package org.occam.mrf.loglinear;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;

/** Small log-linear models and data drawn from them, for the tests of this package. */
final class LogLinearTestModels {
  private LogLinearTestModels() {}

  /** Variables named A, B, C… with the given numbers of states. */
  static List<Variable> variables(int... states) {
    List<Variable> out = new ArrayList<>();
    for (int v = 0; v < states.length; v++) {
      out.add(Variable.withCount(String.valueOf((char) ('A' + v)), states[v]));
    }
    return out;
  }

  /** Parameters drawn uniformly from [−scale, scale]. */
  static double[] randomParameters(LogLinearStructure s, double scale, UniformRandomProvider rng) {
    double[] lambda = new double[s.featureCount()];
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] = scale * (2 * rng.nextDouble() - 1);
    }
    return lambda;
  }

  /** N rows drawn exactly from the model, as a data set. */
  static Dataset sample(LogLinearStructure s, double[] lambda, int rows, long seed) {
    int[][] x = new LogLinearEnumeration(s).sample(lambda, rows, RandomStreams.fromSeed(seed));
    return Dataset.of(s.variables(), x);
  }

  /**
   * N rows by Gibbs sampling (single-site, variables in order), for models too large to enumerate:
   * {@code burnIn} sweeps from the all-reference state, then one row every {@code thin} sweeps.
   */
  static Dataset gibbs(LogLinearStructure s, double[] lambda, int rows, int burnIn, int thin, long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    int n = s.variableCount();
    List<List<Integer>> termsOf = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      termsOf.add(new ArrayList<>());
    }
    for (int t = 0; t < s.termCount(); t++) {
      for (int v : s.term(t)) {
        termsOf.get(v).add(t);
      }
    }
    int[] x = new int[n];
    int[][] out = new int[rows][];
    double[] weight = new double[32];
    for (int sweep = 0, r = 0; r < rows; sweep++) {
      for (int v = 0; v < n; v++) {
        int k = s.cardinality(v);
        double max = Double.NEGATIVE_INFINITY;
        for (int state = 0; state < k; state++) {
          x[v] = state;
          double e = 0;
          for (int t : termsOf.get(v)) {
            int a = s.activeFeature(t, x);
            e += a < 0 ? 0 : lambda[a];
          }
          weight[state] = e;
          max = Math.max(max, e);
        }
        double sum = 0;
        for (int state = 0; state < k; state++) {
          weight[state] = Math.exp(weight[state] - max);
          sum += weight[state];
        }
        double u = rng.nextDouble() * sum;
        int pick = 0;
        while (pick < k - 1 && (u -= weight[pick]) > 0) {
          pick++;
        }
        x[v] = pick;
      }
      if (sweep >= burnIn && (sweep - burnIn) % thin == 0) {
        out[r++] = x.clone();
      }
    }
    return Dataset.of(s.variables(), out);
  }

  /** log Σ_x exp(logPotential(x)) by brute force over the joint states. */
  static double bruteLogZ(List<Variable> vars, java.util.function.ToDoubleFunction<int[]> logPotential) {
    int n = vars.size();
    int[] x = new int[n];
    List<Double> values = new ArrayList<>();
    while (true) {
      values.add(logPotential.applyAsDouble(x.clone()));
      int v = n - 1;
      while (v >= 0 && ++x[v] == vars.get(v).cardinality()) {
        x[v] = 0;
        v--;
      }
      if (v < 0) {
        break;
      }
    }
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    double sum = values.stream().mapToDouble(e -> Math.exp(e - max)).sum();
    return max + Math.log(sum);
  }
}
