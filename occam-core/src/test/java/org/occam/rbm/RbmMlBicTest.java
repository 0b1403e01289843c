package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.Lbfgs;
import org.occam.math.RandomStreams;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.hidden.HiddenLogLikelihood;
import org.occam.mrf.hidden.HiddenMrfData;
import org.occam.rbm.methods.RbmMethods;

/**
 * {@code ml-bic} against an independent computation: the maximum of the exact log-likelihood found by
 * L-BFGS on the RBM written as a Boltzmann machine with hidden units (the MRF package's enumeration,
 * not the RBM code), from several starts, on a 3 × 1 RBM with N = 1,000 rows drawn from a random RBM
 * per seed; and the saturated model's log-likelihood, which no model exceeds. PCD's maximum-likelihood
 * estimate, behind {@code ml-bic}, ends 0.12–1.59 nats below the exact maximum on the 8 seeds.
 */
class RbmMlBicTest {
  private static final int V = 3;
  private static final int K = 1;
  private static final int N = 1000;

  /** The RBM's data as a Boltzmann machine's: visible 0…V−1, hidden V…V+K−1 (blank), edge i·K + k. */
  private static HiddenMrfData asBoltzmann(int[][] rows) {
    int[][] edges = new int[V * K][];
    for (int i = 0; i < V; i++) {
      for (int k = 0; k < K; k++) {
        edges[i * K + k] = new int[] {i, V + k};
      }
    }
    boolean[] hidden = new boolean[V + K];
    Arrays.fill(hidden, V, V + K, true);
    int[][] x = new int[rows.length][];
    double[] counts = new double[rows.length];
    for (int r = 0; r < rows.length; r++) {
      x[r] = Arrays.copyOf(rows[r], V + K);
      Arrays.fill(x[r], V, V + K, Dataset.MISSING);
      counts[r] = 1;
    }
    return HiddenMrfData.ofRows(new PairwiseGraph(V + K, edges), hidden, x, counts);
  }

  /** max L by L-BFGS on the exact likelihood, best of 5 starts N(0, I). */
  private static double exactMaxLogLikelihood(HiddenMrfData data, long seed) {
    HiddenLogLikelihood objective = HiddenLogLikelihood.exact(data);
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    double best = Double.NEGATIVE_INFINITY;
    for (int start = 0; start < 5; start++) {
      double[] x0 = new double[data.featureCount()];
      for (int a = 0; a < x0.length; a++) {
        x0[a] = 2 * rng.nextDouble() - 1;
      }
      Lbfgs.Result r = new Lbfgs(Lbfgs.Settings.defaults().withMaxIterations(5000)).minimize(objective, x0);
      best = Math.max(best, -r.value());
    }
    return best;
  }

  private static double saturatedLogLikelihood(int[][] rows) {
    Map<String, Integer> counts = new HashMap<>();
    for (int[] r : rows) {
      counts.merge(Arrays.toString(r), 1, Integer::sum);
    }
    return counts.values().stream().mapToDouble(c -> c * Math.log((double) c / rows.length)).sum();
  }

  @Test
  void pcdReachesTheExactMaximumLikelihood() {
    for (long seed : new long[] {7301, 7302, 7303, 7304, 7305, 7306, 7307, 7308}) {
      int[][] rows = RbmParameterAisTest.sample(V, K, N, seed);
      RbmProblem problem = new RbmProblem(new RbmLaplace(RbmData.of(rows)), K, RbmLaplace.Settings.defaults(),
          RbmParameterAis.defaultSettings(), seed, 1, s -> { });
      EvidenceEstimate e = RbmMethods.get("ml-bic").estimate(problem);
      double pcd = ((Number) e.diagnostics().get("logLikelihood")).doubleValue();
      double exact = exactMaxLogLikelihood(asBoltzmann(rows), seed);
      double saturated = saturatedLogLikelihood(rows);
      String where = "seed " + seed;
      assertThat(exact).as(where).isLessThanOrEqualTo(saturated + 1e-9);
      assertThat(pcd).as(where).isLessThanOrEqualTo(exact + 1e-6);
      // measured on these 8 seeds: PCD's L 0.12–1.59 nats below the exact maximum (10,000 stochastic
      // updates with 1/t steps stop short of it); ml-bic carries that shortfall
      assertThat(pcd).as(where).isGreaterThan(exact - 2.0);
      int f = V * K + V + K;
      assertThat(e.logEvidence()).as(where).isCloseTo(pcd + ((Number) e.diagnostics().get("logPrior")).doubleValue()
          - 0.5 * f * Math.log(N), within(1e-9));
    }
  }
}
