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
