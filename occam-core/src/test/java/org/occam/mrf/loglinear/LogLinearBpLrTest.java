package org.occam.mrf.loglinear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.Lbfgs;
import org.occam.math.RandomStreams;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.methods.MrfMethods;

class LogLinearBpLrTest {
  /**
   * A tight optimiser and BP, so that different starts and objectives stop at the same point: with BP's
   * default tolerance (1e-10 in the messages) the Bethe objective is noisy at ~1e-11 per row, the line
   * search stops ~1e-6 from the optimum, and log det A, first order in the point, moves by ~1e-6.
   */
  private static final MrfScoreSettings TIGHT = MrfScoreSettings.defaults().withOptimiser(
      Lbfgs.Settings.defaults().withGradientTolerance(1e-11).withRelativeFunctionTolerance(0))
      .withBp(org.occam.mrf.LoopyBeliefPropagation.Settings.defaults().withTolerance(1e-14)
          .withMaxIterations(100_000));

  private static List<EvidenceEstimate> score(LogLinearStructure s, Dataset data, MrfScoreSettings settings,
      String methods) {
    return new LogLinearProblem(s, data, settings, 1).estimate(LogLinearMethods.parseList(methods));
  }

  @Test
  void onTreesBpLrIsLaplaceExact() {
    long seed = 51;
    double worst = 0;
    for (LogLinearStructure s : LogLinearBeliefPropagationTest.trees()) {
      for (int n : new int[] {200, 3000}) {
        double[] lambda = LogLinearTestModels.randomParameters(s, 1.0, RandomStreams.fromSeed(seed));
        Dataset data = LogLinearTestModels.sample(s, lambda, n, seed++);
        List<EvidenceEstimate> e = score(s, data, TIGHT, "bp-lr,laplace-exact");
        EvidenceEstimate bp = e.get(0);
        assertEquals("pmm", bp.diagnostics().get("start"));
        assertEquals(true, bp.diagnostics().get("converged"), bp.diagnostics().toString());
        assertEquals(true, bp.diagnostics().get("bpConverged"));
        assertEquals(true, bp.diagnostics().get("linearResponsePositiveDefinite"));
        assertEquals(e.get(1).logEvidence(), bp.logEvidence(), 1e-6, s + ", N=" + n);
        worst = Math.max(worst, Math.abs(e.get(1).logEvidence() - bp.logEvidence()));
      }
    }
    System.out.println("trees: worst |bp-lr − laplace-exact| " + worst);
  }

  @Test
  void onBinaryPairwiseModelsBpLrIsTheBoltzmannMachines() {
    PairwiseGraph[] graphs = {PairwiseGraph.grid(3, 3), PairwiseGraph.complete(4)};
    long seed = 61;
    double worst = 0;
    for (PairwiseGraph g : graphs) {
      int[] twos = new int[g.vertexCount()];
      java.util.Arrays.fill(twos, 2);
      LogLinearStructure s = LogLinearStructure.pairwise(LogLinearTestModels.variables(twos), g);
      for (int n : new int[] {100, 2000}) {
        double[] lambda = LogLinearTestModels.randomParameters(s, 1.0, RandomStreams.fromSeed(seed));
        Dataset data = LogLinearTestModels.sample(s, lambda, n, seed++);
        EvidenceEstimate binary = MrfProblem.of(g, data, TIGHT, 1).estimate(List.of(MrfMethods.get("bp-lr"))).get(0);
        EvidenceEstimate general = score(s, data, TIGHT, "bp-lr").get(0);
        assertEquals(binary.diagnostics().get("converged"), general.diagnostics().get("converged"));
        assertEquals(binary.logEvidence(), general.logEvidence(), 1e-5, g + ", N=" + n);
        worst = Math.max(worst, Math.abs(binary.logEvidence() - general.logEvidence()));
      }
    }
    System.out.println("binary pairwise: worst |bp-lr − the Boltzmann machine's bp-lr| " + worst);
  }

  @Test
  void onALoopyMultiStateModelBpLrIsNearLaplaceExact() {
    LogLinearStructure s = LogLinearStructure.parse(LogLinearTestModels.variables(3, 3, 3, 3, 3),
        "AB,BC,CD,DE,EA,AC");
    double worst = 0;
    for (long seed = 71; seed < 75; seed++) {
      double[] lambda = LogLinearTestModels.randomParameters(s, 0.7, RandomStreams.fromSeed(seed));
      Dataset data = LogLinearTestModels.sample(s, lambda, 500, seed);
      List<EvidenceEstimate> e = score(s, data, MrfScoreSettings.defaults(), "bp-lr,laplace-exact");
      assertEquals(true, e.get(0).diagnostics().get("converged"), e.get(0).diagnostics().toString());
      double gap = Math.abs(e.get(0).logEvidence() - e.get(1).logEvidence());
      @SuppressWarnings("unchecked")
      double[] at = ((List<Double>) e.get(0).diagnostics().get("lambda")).stream().mapToDouble(x -> x).toArray();
      double betheError = (Double) e.get(0).diagnostics().get("logZ")
          - new LogLinearEnumeration(s).run(at, false).logZ();
      System.out.printf("loopy 3-state, seed %d: bp-lr %.6f, laplace-exact %.6f, gap %.3g; at λMP_BP"
          + " log Z_Bethe − log Z = %.3g (× N = %.3g)%n", seed, e.get(0).logEvidence(), e.get(1).logEvidence(), gap,
          betheError, betheError * 500);
      worst = Math.max(worst, gap);
    }
    assertTrue(worst < LOOPY_GAP, "worst gap " + worst);
  }

  /** The largest gap measured on the loopy 3-state model over its four seeds, rounded up. */
  private static final double LOOPY_GAP = 2.0;

  @Test
  void triplesThatSharePairsStartFromZero() {
    LogLinearStructure s = LogLinearBeliefPropagationTest.loopy().get(1);
    double[] lambda = LogLinearTestModels.randomParameters(s, 0.7, RandomStreams.fromSeed(81));
    Dataset data = LogLinearTestModels.sample(s, lambda, 400, 81);
    List<EvidenceEstimate> e = score(s, data, MrfScoreSettings.defaults(), "bp-lr,laplace-exact");
    assertEquals("zero", e.get(0).diagnostics().get("start"));
    assertTrue((Integer) e.get(0).diagnostics().get("betheExtraCoordinates") > 0);
    assertEquals(true, e.get(0).diagnostics().get("converged"));
    System.out.printf("triples sharing pairs: bp-lr %.6f, laplace-exact %.6f%n", e.get(0).logEvidence(),
        e.get(1).logEvidence());
    assertEquals(e.get(1).logEvidence(), e.get(0).logEvidence(), LOOPY_GAP);
  }

  @Test
  void runsOnAGridTooLargeToEnumerate() {
    int side = 10;
    PairwiseGraph grid = PairwiseGraph.grid(side, side);
    int[] threes = new int[side * side];
    java.util.Arrays.fill(threes, 3);
    LogLinearStructure s = LogLinearStructure.pairwise(LogLinearTestModels.variables(threes), grid);
    assertTrue(s.jointStates() > 1e47);
    double[] lambda = LogLinearTestModels.randomParameters(s, 0.5, RandomStreams.fromSeed(91));
    Dataset data = LogLinearTestModels.gibbs(s, lambda, 1000, 200, 5, 91);
    LogLinearProblem problem = new LogLinearProblem(s, data, MrfScoreSettings.defaults(), 1);
    List<org.occam.evidence.EvidenceMethod<LogLinearProblem>> bpLr = LogLinearMethods.parseList("bp-lr");
    problem.requireExactInference(bpLr);
    // the grid's junction tree (cliques of 11 variables) is within reach; the complete graph on 14
    // four-state variables is not, and only the methods that need exact inference are refused there
    int[] fours = new int[14];
    java.util.Arrays.fill(fours, 4);
    LogLinearStructure complete = LogLinearStructure.pairwise(LogLinearTestModels.variables(fours),
        PairwiseGraph.complete(14));
    LogLinearProblem tooWide = new LogLinearProblem(complete, LogLinearTestModels.gibbs(complete,
        new double[complete.featureCount()], 20, 5, 1, 92), MrfScoreSettings.defaults(), 1);
    tooWide.requireExactInference(bpLr);
    assertThrows(InvalidInputException.class, () -> tooWide.requireExactInference(
        LogLinearMethods.parseList("bp-lr,laplace-exact")));
    EvidenceEstimate e = problem.estimate(bpLr).get(0);
    var d = e.diagnostics();
    System.out.printf("10×10 grid of 3-state variables, F = %d, N = 1000: bp-lr %.4f (%s iterations, %s BP calls,"
        + " last BP %s sweeps, max change %s, smallest eigenvalue of A %s)%n", s.featureCount(), e.logEvidence(),
        d.get("iterations"), d.get("bpCalls"), d.get("bpIterations"), d.get("bpMaxMessageChange"),
        d.get("smallestEigenvalue"));
    assertEquals(true, d.get("converged"), d.toString());
    assertEquals(true, d.get("bpConverged"));
    assertEquals(0, d.get("bpNonConvergedCalls"));
    assertEquals(true, d.get("linearResponsePositiveDefinite"));
    assertEquals(true, d.get("positiveDefinite"));
    assertTrue((Double) d.get("smallestEigenvalue") > 0);
    assertTrue(Double.isFinite(e.logEvidence()));
    assertEquals("pmm", d.get("start"));
  }

  @Test
  void theBetheExcessIsMeasuredWhereExactInferenceIsCheapAndSharedPairsAreNamed() {
    // two triples sharing the pair B*C, with a strong B-C interaction: the Bethe entropy counts
    // I(B; C) as entropy, so the Bethe L stands above the exact one by about N I(B; C)
    LogLinearStructure shared = LogLinearStructure.parse(LogLinearTestModels.variables(3, 2, 2, 3), "A*B*C,B*C*D");
    double[] lambda = new double[shared.featureCount()];
    int bc = shared.terms().stream().map(java.util.Arrays::toString).toList().indexOf("[1, 2]");
    lambda[shared.offset(bc)] = 3;
    Dataset data = LogLinearTestModels.sample(shared, lambda, 2000, 95);
    EvidenceEstimate e = score(shared, data, MrfScoreSettings.defaults(), "bp-lr").get(0);
    assertEquals(List.of("B*C"), e.diagnostics().get("generatorsSharingSeveralVariables"));
    double excess = (Double) e.diagnostics().get("betheLikelihoodExcess");
    assertEquals((Double) e.diagnostics().get("logLikelihood") - (Double) e.diagnostics().get("exactLogLikelihood"),
        excess, 1e-9);
    assertTrue(excess > 50, "excess " + excess);
    LogLinearStructure tree = LogLinearStructure.parse(LogLinearTestModels.variables(3, 2, 2, 3), "A*B,B*C,C*D");
    EvidenceEstimate t = score(tree, LogLinearTestModels.sample(tree, LogLinearTestModels.randomParameters(tree, 1,
        RandomStreams.fromSeed(96)), 500, 96), MrfScoreSettings.defaults(), "bp-lr").get(0);
    assertEquals(0, (Double) t.diagnostics().get("betheLikelihoodExcess"), 1e-6);
    assertTrue(!t.diagnostics().containsKey("generatorsSharingSeveralVariables"));
  }
}
