package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.LogSpace;
import org.occam.math.RandomStreams;

/**
 * {@link ImportanceSampledObjective} works from each row's ones; here against the dense formulas
 * over whole rows through {@link Rbm#logZGivenVisible} and {@link Rbm#conditionalFeatureMeans}
 * (the code it replaced), on several densities with all-zero and all-one rows.
 */
class ImportanceSampledObjectiveSparseTest {

  private static int[][] rows(int n, int v, double density, UniformRandomProvider rng) {
    int[][] out = new int[n + 2][v];
    for (int r = 0; r < n; r++) {
      for (int i = 0; i < v; i++) {
        out[r][i] = rng.nextDouble() < density ? 1 : 0;
      }
    }
    Arrays.fill(out[n + 1], 1);
    return out;
  }

  /** The dense ℓ and ∇ℓ, as the objective computed them before. */
  private static double denseValueAndGradient(Rbm rbm, int[][] data, double[] counts, int[][] samples,
      double priorVariance, double[] gradOut) {
    // the samples' distinct rows with multiplicities, in order of first appearance
    Map<String, int[]> distinct = new LinkedHashMap<>();
    Map<String, Integer> multiplicity = new LinkedHashMap<>();
    for (int[] x : samples) {
      distinct.putIfAbsent(Arrays.toString(x), x);
      multiplicity.merge(Arrays.toString(x), 1, Integer::sum);
    }
    int[][] rows = distinct.values().toArray(new int[0][]);
    int[] mult = multiplicity.values().stream().mapToInt(Integer::intValue).toArray();
    Rbm proposal = rbm; // only the difference from λ0 matters through normalisation; λ0 = λ here
    double total = Arrays.stream(counts).sum();
    int f = rbm.featureCount();
    double[] m = new double[f];
    double value = 0;
    Arrays.fill(gradOut, 0);
    for (int n = 0; n < data.length; n++) {
      double c = counts[n];
      if (c == 0) {
        continue;
      }
      value -= c * rbm.logZGivenVisible(data[n]);
      rbm.conditionalFeatureMeans(data[n], m);
      for (int a = 0; a < f; a++) {
        gradOut[a] -= c * m[a];
      }
    }
    double[] w = new double[rows.length];
    for (int t = 0; t < rows.length; t++) {
      w[t] = Math.log(mult[t]) - proposal.logZGivenVisible(rows[t]) + rbm.logZGivenVisible(rows[t]);
    }
    double logSum = LogSpace.logSumExp(w);
    for (int t = 0; t < w.length; t++) {
      w[t] = Math.exp(w[t] - logSum);
    }
    value += total * (logSum - Math.log(samples.length));
    for (int t = 0; t < rows.length; t++) {
      rbm.conditionalFeatureMeans(rows[t], m);
      double nw = total * w[t];
      for (int a = 0; a < f; a++) {
        gradOut[a] += nw * m[a];
      }
    }
    double squares = 0;
    for (int a = 0; a < f; a++) {
      gradOut[a] += rbm.parameter(a) / priorVariance;
      squares += rbm.parameter(a) * rbm.parameter(a);
    }
    return value + squares / (2 * priorVariance);
  }

  @Test
  void valueAndGradientEqualTheDenseOnesAtTheProposal() {
    double[] densities = {0, 0.05, 0.2, 0.5, 1};
    for (long seed = 1; seed <= 3; seed++) {
      for (double density : densities) {
        UniformRandomProvider rng = RandomStreams.fromSeed(100 * seed + (long) (100 * density));
        int v = 3 + rng.nextInt(30);
        int k = 1 + rng.nextInt(6);
        Rbm rbm = RbmBruteForce.random(v, k, 2, rng);
        int[][] data = rows(50, v, density, rng);
        double[] counts = new double[data.length];
        for (int n = 0; n < counts.length; n++) {
          counts[n] = rng.nextInt(4); // zeros included
        }
        counts[counts.length - 1] = 2;
        int[][] samples = rows(80, v, density, rng);
        ImportanceSampledObjective objective = new ImportanceSampledObjective(rbm, samples, data, counts, 2.5);
        double[] lambda = rbm.parameters();
        double[] dense = new double[lambda.length];
        double denseValue = denseValueAndGradient(rbm, data, counts, samples, 2.5, dense);
        double[] sparse = new double[lambda.length];
        double sparseValue = objective.valueAndGradient(lambda, sparse);
        String what = "seed " + seed + ", density " + density + ", V=" + v + ", K=" + k;
        assertThat(sparseValue).as(what).isCloseTo(denseValue, within(1e-12 * Math.max(1, Math.abs(denseValue))));
        assertThat(objective.value(lambda)).as(what).isCloseTo(denseValue,
            within(1e-12 * Math.max(1, Math.abs(denseValue))));
        for (int a = 0; a < lambda.length; a++) {
          assertThat(sparse[a]).as("%s, %s", what, rbm.featureName(a)).isCloseTo(dense[a], within(1e-12));
        }
        // at λ0 every sample has the same weight per draw
        assertThat(objective.effectiveSampleSize(lambda)).as(what).isCloseTo(samples.length,
            within(1e-9 * samples.length));
      }
    }
  }

  /**
   * Away from λ0: the sparse ℓ against {@code −Σ_n c_n log Z(x_n) + N log((1/T) Σ_t Z(x_t, λ)/Z(x_t, λ0))
   * + |λ|²/2σ0²} from dense rows, and the ESS against its definition.
   */
  @Test
  void valueAndEssAwayFromTheProposalEqualTheDenseOnes() {
    for (long seed = 1; seed <= 3; seed++) {
      UniformRandomProvider rng = RandomStreams.fromSeed(seed);
      int v = 25;
      int k = 4;
      Rbm proposal = RbmBruteForce.random(v, k, 1, rng);
      int[][] data = rows(40, v, 0.2, rng);
      double[] counts = new double[data.length];
      Arrays.fill(counts, 1);
      int[][] samples = rows(60, v, 0.3, rng);
      ImportanceSampledObjective objective = new ImportanceSampledObjective(proposal, samples, data, counts, 1);
      double[] lambda = proposal.parameters();
      for (int a = 0; a < lambda.length; a++) {
        lambda[a] += 0.2 * (2 * rng.nextDouble() - 1);
      }
      Rbm at = proposal.withParameters(lambda);
      double value = 0;
      for (int[] x : data) {
        value -= at.logZGivenVisible(x);
      }
      double[] logW = new double[samples.length];
      for (int t = 0; t < samples.length; t++) {
        logW[t] = at.logZGivenVisible(samples[t]) - proposal.logZGivenVisible(samples[t]);
      }
      double logSum = LogSpace.logSumExp(logW);
      value += data.length * (logSum - Math.log(samples.length));
      double squares = 0;
      for (double l : lambda) {
        squares += l * l;
      }
      value += squares / 2;
      double sumSquares = 0;
      for (double lw : logW) {
        sumSquares += Math.exp(2 * (lw - logSum));
      }
      ImportanceSampledObjective.Evaluation e = objective.evaluate(lambda);
      assertThat(e.value()).isCloseTo(value, within(1e-12 * Math.abs(value)));
      assertThat(e.effectiveSampleSize()).isCloseTo(1 / sumSquares, within(1e-12 / sumSquares));
      assertThat(objective.effectiveSampleSize(lambda)).isEqualTo(e.effectiveSampleSize());
    }
  }
}
