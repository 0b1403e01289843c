package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;

/**
 * BP-LR against laplace-exact on loopy graphs, on 8 seeds nobody chose (random models with biases
 * in ±1 and couplings in ±0.5, exact samples), at N = 100, 400 and 2,000. The two differ by the
 * Bethe approximation's error in the log-likelihood and its curvature, which is a sum over the rows,
 * so the difference grows in proportion to N: 0.05 nats holds only on the sparse grid at small N.
 * Measured |bp-lr − laplace-exact| (mean / worst): K5 0.099 / 0.220 at N = 100, 0.223 / 0.650 at
 * 400, 1.021 / 2.860 at 2,000; 3×3 grid 0.016 / 0.054, 0.018 / 0.087, 0.042 / 0.160. Per row the worst
 * is 2.2e-3 nats on K5 and 5.4e-4 on the grid, the bounds asserted (with the measured worst rounded
 * up in the second digit). This is Parise &amp; Welling's finding that BP-LR degrades with N on loopy
 * models: on the dense K5 it is plain, on the grid (girth 4, one loop per face) it is ten times smaller.
 */
class BpLrLoopyAccuracyTest {
  private static final long[] SEEDS = {9101, 9102, 9103, 9104, 9105, 9106, 9107, 9108};

  @ParameterizedTest
  @CsvSource({"K5, 100, 0.0023", "K5, 400, 0.0023", "K5, 2000, 0.0023", "grid, 100, 0.00055", "grid, 400, 0.00055",
      "grid, 2000, 0.00055"})
  void bpLrStaysWithinItsMeasuredErrorPerRowOfLaplaceExact(String graph, int n, double perRow) {
    PairwiseGraph g = graph.equals("K5") ? PairwiseGraph.complete(5) : PairwiseGraph.grid(3, 3);
    for (long seed : SEEDS) {
      BoltzmannMachine truth = MrfTestModels.random(g, seed, 1.0, 0.5);
      int[][] x = ExactSampler.of(truth).sample(n, RandomStreams.fromSeed(seed + 100));
      MrfData d = new MrfData(g, n, PseudoMomentMatchingTest.empiricalMeans(g, x));
      List<EvidenceEstimate> r = MrfScorer.score(g, d, List.of(MrfMethod.LAPLACE_EXACT, MrfMethod.BP_LR),
          MrfScoreSettings.defaults());
      assertThat(r.get(1).converged()).as("seed " + seed + " " + r.get(1).diagnostics()).isTrue();
      assertThat(Math.abs(r.get(1).logEvidence() - r.get(0).logEvidence())).as(graph + " N = " + n + " seed " + seed)
          .isLessThanOrEqualTo(perRow * n);
    }
  }
}
