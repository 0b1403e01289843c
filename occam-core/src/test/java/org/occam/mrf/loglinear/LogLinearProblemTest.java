package org.occam.mrf.loglinear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.methods.MrfMethods;

class LogLinearProblemTest {
  private static final List<String> SHARED = List.of("map", "bic-ml", "bic-map", "laplace-exact");

  @Test
  void onBinaryPairwiseModelsTheScoresAreTheBoltzmannMachines() {
    PairwiseGraph[] graphs = {new PairwiseGraph(3, new int[][] {{0, 1}, {1, 2}}),
        new PairwiseGraph(4, new int[][] {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}}), PairwiseGraph.complete(5)};
    int[] sizes = {30, 400, 3000};
    long seed = 501;
    double worst = 0;
    for (PairwiseGraph g : graphs) {
      for (int n : sizes) {
        LogLinearStructure s = LogLinearStructure.pairwise(LogLinearTestModels.variables(twos(g.vertexCount())), g);
        double[] lambda = LogLinearTestModels.randomParameters(s, 1.5, RandomStreams.fromSeed(seed));
        Dataset data = LogLinearTestModels.sample(s, lambda, n, seed++);
        // a tight optimiser, so that both stop at the same point whatever their starts (PMM, zero)
        MrfScoreSettings settings = MrfScoreSettings.defaults().withOptimiser(
            org.occam.math.Lbfgs.Settings.defaults().withGradientTolerance(1e-11).withRelativeFunctionTolerance(0));
        List<EvidenceEstimate> bm = MrfProblem.of(g, data, settings, 1).estimate(
            SHARED.stream().map(MrfMethods::get).toList());
        List<EvidenceEstimate> ll = new LogLinearProblem(s, data, settings, 1).estimate(
            SHARED.stream().map(LogLinearMethods::get).toList());
        for (int k = 0; k < SHARED.size(); k++) {
          worst = Math.max(worst, Math.abs(bm.get(k).logEvidence() - ll.get(k).logEvidence()));
          // the optimisers' precision: L at λMP is first order in the point, and both stop within ~1e-9 of it
          boolean boundary = SHARED.get(k).equals("bic-ml") && (Boolean) bm.get(k).diagnostics().get("mlOnBoundary");
          if (SHARED.get(k).equals("bic-ml")) {
            assertEquals(bm.get(k).diagnostics().get("mlEmptyCells"), ll.get(k).diagnostics().get("mlEmptyCells"));
          }
          // The objectives are the same to 1e-12 (the test below); the points differ by the optimisers'
          // precision, and L there is first order in the point: 1e-7 nats measured with the tight optimiser.
          // On the boundary λML is far out on the smoothed data, where the fit is ill conditioned: the
          // points give L 4e-6 apart (complete graph on 5, N = 30).
          assertEquals(bm.get(k).logEvidence(), ll.get(k).logEvidence(), boundary ? 1e-5 : 1e-6,
              SHARED.get(k) + " on " + g + ", N=" + n);
        }
      }
    }
    System.out.println("worst difference (nats) from the Boltzmann machine: " + worst);
  }

  @Test
  void atAnyPointTheLikelihoodIsTheBoltzmannMachines() {
    PairwiseGraph g = new PairwiseGraph(5, new int[][] {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {1, 3}});
    LogLinearStructure s = LogLinearStructure.pairwise(LogLinearTestModels.variables(twos(5)), g);
    LogLinearEnumeration engine = new LogLinearEnumeration(s);
    for (long seed : new long[] {601, 602, 603}) {
      double[] lambda = LogLinearTestModels.randomParameters(s, 2, RandomStreams.fromSeed(seed));
      var bm = new org.occam.mrf.BoltzmannMachine(g, lambda);
      LogLinearEnumeration.Result r = engine.run(lambda, true);
      assertEquals(org.occam.mrf.ExactInference.exact(bm).logZ(), r.logZ(), 1e-12);
      double[][] c = org.occam.mrf.ExactInference.covariance(bm, 1);
      for (int a = 0; a < c.length; a++) {
        for (int b = 0; b < c.length; b++) {
          assertEquals(c[a][b], r.covariance()[a][b], 1e-12);
        }
      }
    }
  }

  private static int[] twos(int n) {
    int[] k = new int[n];
    java.util.Arrays.fill(k, 2);
    return k;
  }
}
