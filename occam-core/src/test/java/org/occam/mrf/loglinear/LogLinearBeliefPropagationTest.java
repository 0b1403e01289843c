package org.occam.mrf.loglinear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;
import org.occam.mrf.BeliefPropagationResult;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.LinearResponse;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.mrf.PairwiseGraph;

class LogLinearBeliefPropagationTest {
  private static final LoopyBeliefPropagation.Settings TIGHT = LoopyBeliefPropagation.Settings.defaults()
      .withTolerance(1e-13).withMaxIterations(100_000);

  /** Factor graphs without cycles: a multi-state chain, a star of triples sharing one variable, a forest. */
  static List<LogLinearStructure> trees() {
    return List.of(
        LogLinearStructure.parse(LogLinearTestModels.variables(3, 4, 2, 3), "AB,BC,CD"),
        LogLinearStructure.parse(LogLinearTestModels.variables(3, 2, 3, 2, 4, 2, 3), "ABC,ADE,AFG"),
        LogLinearStructure.parse(LogLinearTestModels.variables(2, 3, 3, 2, 4), "ABC,CD,E"));
  }

  /** Loopy factor graphs: a cycle of 3-state pairs, and triples that share pairs (extra Bethe coordinates). */
  static List<LogLinearStructure> loopy() {
    return List.of(
        LogLinearStructure.parse(LogLinearTestModels.variables(3, 3, 3, 3), "AB,BC,CD,DA"),
        LogLinearStructure.parse(LogLinearTestModels.variables(3, 2, 3, 2), "ABC,BCD,AD"));
  }

  @Test
  void onTreesBpIsExact() {
    long seed = 11;
    double worstLogZ = 0;
    double worstCov = 0;
    for (LogLinearStructure s : trees()) {
      LogLinearFactorGraph graph = new LogLinearFactorGraph(s);
      assertTrue(graph.isTree(), s.toString());
      assertEquals(0, graph.extraCoordinates());
      LogLinearEnumeration exact = new LogLinearEnumeration(s);
      LogLinearBeliefPropagation engine = new LogLinearBeliefPropagation(graph, TIGHT);
      for (int k = 0; k < 3; k++) {
        double[] lambda = LogLinearTestModels.randomParameters(s, 1.5, RandomStreams.fromSeed(seed++));
        LogLinearEnumeration.Result truth = exact.run(lambda, true);
        LogLinearBpResult bp = engine.run(lambda);
        assertTrue(bp.converged(), bp.toString());
        assertEquals(truth.logZ(), bp.logZ(), 1e-9, s.toString());
        worstLogZ = Math.max(worstLogZ, Math.abs(truth.logZ() - bp.logZ()));
        double[] means = bp.featureMeans();
        for (int a = 0; a < means.length; a++) {
          assertEquals(truth.means()[a], means[a], 1e-9, "E[f_" + a + "] on " + s);
        }
        for (int v = 0; v < s.variableCount(); v++) {
          double[] b = bp.variableBelief(v);
          double rest = 1;
          for (int state = 1; state < b.length; state++) {
            assertEquals(truth.means()[graph.singletonFeature(v, state)], b[state], 1e-9);
            rest -= b[state];
          }
          assertEquals(rest, b[0], 1e-9);
        }
        assertEquals(truth.logZ(), LogLinearBetheFreeEnergy.logZ(graph, lambda, truth.means()), 1e-9);
        // pseudo-moment matching at the exact marginals gives back λ on a tree
        double[] pmm = LogLinearBetheFreeEnergy.fixedPointParameters(graph, truth.means());
        for (int a = 0; a < lambda.length; a++) {
          assertEquals(lambda[a], pmm[a], 1e-8);
        }
        double[][] c = LogLinearLinearResponse.compute(bp).covariance();
        for (int a = 0; a < c.length; a++) {
          for (int b = 0; b < c.length; b++) {
            assertEquals(truth.covariance()[a][b], c[a][b], 1e-6, "C[" + a + "][" + b + "] on " + s);
            assertEquals(c[b][a], c[a][b], 1e-12);
            worstCov = Math.max(worstCov, Math.abs(truth.covariance()[a][b] - c[a][b]));
          }
        }
      }
    }
    System.out.println("trees: worst |log Z_Bethe − log Z| " + worstLogZ + ", worst |C_LR − C| " + worstCov);
  }

  @Test
  void onLoopyModelsTheBetheGradientIsTheBeliefsAndLinearResponseIsTheirDerivative() {
    long seed = 21;
    double h = 1e-5;
    double worstGradient = 0;
    double worstResponse = 0;
    for (LogLinearStructure s : loopy()) {
      LogLinearFactorGraph graph = new LogLinearFactorGraph(s);
      assertFalse(graph.isTree());
      LogLinearBeliefPropagation engine = new LogLinearBeliefPropagation(graph, TIGHT);
      double[] lambda = LogLinearTestModels.randomParameters(s, 0.8, RandomStreams.fromSeed(seed++));
      LogLinearBpResult at = engine.run(lambda);
      assertTrue(at.converged());
      double[] means = at.featureMeans();
      LogLinearLinearResponse lr = LogLinearLinearResponse.compute(at);
      assertTrue(lr.precisionPositiveDefinite());
      double[][] c = lr.covariance();
      LogLinearEnumeration.Result exact = new LogLinearEnumeration(s).run(lambda, true);
      assertTrue(Math.abs(exact.logZ() - at.logZ()) > 1e-6, "the model should be loopy enough to matter");
      double covarianceError = 0;
      for (int a = 0; a < c.length; a++) {
        for (int b = 0; b < c.length; b++) {
          covarianceError = Math.max(covarianceError, Math.abs(c[a][b] - exact.covariance()[a][b]));
        }
      }
      System.out.printf("%s: log Z_Bethe − log Z = %.3g, max |C_LR − C| = %.3g%n", s, at.logZ() - exact.logZ(),
          covarianceError);
      for (int a = 0; a < lambda.length; a++) {
        double[] up = lambda.clone();
        double[] down = lambda.clone();
        up[a] += h;
        down[a] -= h;
        LogLinearBpResult u = engine.run(up);
        LogLinearBpResult d = engine.run(down);
        assertTrue(u.converged() && d.converged());
        double derivative = (u.logZ() - d.logZ()) / (2 * h);
        assertEquals(means[a], derivative, 1e-6, "∂ log Z_Bethe/∂λ_" + a + " on " + s);
        worstGradient = Math.max(worstGradient, Math.abs(means[a] - derivative));
        double[] mu = u.featureMeans();
        double[] md = d.featureMeans();
        for (int b = 0; b < lambda.length; b++) {
          double response = (mu[b] - md[b]) / (2 * h);
          assertEquals(response, c[b][a], 1e-6, "∂E_BP[f_" + b + "]/∂λ_" + a + " on " + s);
          assertEquals(c[a][b], c[b][a], 1e-12);
          worstResponse = Math.max(worstResponse, Math.abs(response - c[b][a]));
        }
      }
    }
    System.out.println("loopy: worst |∂ log Z_Bethe − E_BP[f]| " + worstGradient + ", worst |C_LR − ∂E_BP[f]/∂λ| "
        + worstResponse);
  }

  @Test
  void onBinaryPairwiseModelsBpIsTheBoltzmannMachines() {
    PairwiseGraph[] graphs = {PairwiseGraph.grid(3, 3), PairwiseGraph.complete(5),
        new PairwiseGraph(6, new int[][] {{0, 1}, {1, 2}, {2, 0}, {3, 4}})};
    long seed = 31;
    double worst = 0;
    double worstCov = 0;
    for (PairwiseGraph g : graphs) {
      int[] twos = new int[g.vertexCount()];
      java.util.Arrays.fill(twos, 2);
      LogLinearStructure s = LogLinearStructure.pairwise(LogLinearTestModels.variables(twos), g);
      for (int k = 0; k < 2; k++) {
        double[] lambda = LogLinearTestModels.randomParameters(s, 1.0, RandomStreams.fromSeed(seed++));
        BeliefPropagationResult binary = LoopyBeliefPropagation.run(new BoltzmannMachine(g, lambda), TIGHT);
        LogLinearBpResult general = LogLinearBeliefPropagation.run(new LogLinearModel(s, lambda), TIGHT);
        assertTrue(binary.converged() && general.converged());
        assertEquals(binary.logZ(), general.logZ(), 1e-9, g.toString());
        worst = Math.max(worst, Math.abs(binary.logZ() - general.logZ()));
        double[] a = binary.featureMeans();
        double[] b = general.featureMeans();
        for (int i = 0; i < a.length; i++) {
          assertEquals(a[i], b[i], 1e-9);
          worst = Math.max(worst, Math.abs(a[i] - b[i]));
        }
        for (int v = 0; v < g.vertexCount(); v++) {
          assertEquals(a[v], general.variableBelief(v)[1], 1e-9);
        }
        LogLinearFactorGraph fg = general.graph();
        for (int e = 0; e < g.edgeCount(); e++) {
          int factor = fg.owner(s.termCount() - g.edgeCount() + e);
          double[] cells = general.factorBelief(factor);
          for (int c = 0; c < 4; c++) {
            assertEquals(binary.edgeBelief(e, c / 2, c % 2), cells[c], 1e-9);
          }
        }
        double[][] cb = LinearResponse.compute(binary).covariance();
        double[][] cg = LogLinearLinearResponse.compute(general).covariance();
        for (int i = 0; i < cb.length; i++) {
          for (int j = 0; j < cb.length; j++) {
            assertEquals(cb[i][j], cg[i][j], 1e-6);
            worstCov = Math.max(worstCov, Math.abs(cb[i][j] - cg[i][j]));
          }
        }
      }
    }
    System.out.println("binary pairwise: worst difference from LoopyBeliefPropagation " + worst
        + ", from LinearResponse " + worstCov);
  }

  @Test
  void pseudoMomentMatchingMakesTheMarginalsABpFixedPointOnLoopyGraphs() {
    List<LogLinearStructure> models = List.of(loopy().get(0),
        LogLinearStructure.parse(LogLinearTestModels.variables(3, 2, 4, 2, 3), "ABC,CDE,EA"));
    long seed = 51;
    for (LogLinearStructure s : models) {
      LogLinearFactorGraph graph = new LogLinearFactorGraph(s);
      assertFalse(graph.isTree());
      assertEquals(0, graph.extraCoordinates());
      double[] lambda = LogLinearTestModels.randomParameters(s, 1.0, RandomStreams.fromSeed(seed));
      // smoothed empirical marginals: locally consistent, every cell positive, not BP's own
      double[] means = LogLinearData.of(s, LogLinearTestModels.sample(s, lambda, 300, seed++)).smoothed(0.5).means();
      double[] pmm = LogLinearBetheFreeEnergy.fixedPointParameters(graph, means);
      LogLinearBpResult bp = new LogLinearBeliefPropagation(graph, TIGHT).run(pmm);
      assertTrue(bp.converged());
      double[] b = bp.featureMeans();
      for (int a = 0; a < means.length; a++) {
        assertEquals(means[a], b[a], 1e-9, "feature " + a + " of " + s);
      }
      assertEquals(LogLinearBetheFreeEnergy.logZ(graph, pmm, means), bp.logZ(), 1e-9);
    }
  }

  @Test
  void parallelAndSequentialSchedulesReachTheSameFixedPoint() {
    for (LogLinearStructure s : loopy()) {
      double[] lambda = LogLinearTestModels.randomParameters(s, 0.8, RandomStreams.fromSeed(61));
      LogLinearModel m = new LogLinearModel(s, lambda);
      LogLinearBpResult sequential = LogLinearBeliefPropagation.run(m, TIGHT);
      LogLinearBpResult parallel = LogLinearBeliefPropagation.run(m,
          TIGHT.withSchedule(LoopyBeliefPropagation.Schedule.PARALLEL));
      assertTrue(sequential.converged() && parallel.converged());
      assertEquals(sequential.logZ(), parallel.logZ(), 1e-10);
      for (int a = 0; a < lambda.length; a++) {
        assertEquals(sequential.featureMeans()[a], parallel.featureMeans()[a], 1e-10);
      }
    }
  }

  @Test
  void warmStartsFromThePreviousMessagesAndReportsNonConvergence() {
    LogLinearStructure s = loopy().get(0);
    LogLinearBeliefPropagation engine = new LogLinearBeliefPropagation(s, LoopyBeliefPropagation.Settings.defaults());
    double[] lambda = LogLinearTestModels.randomParameters(s, 0.8, RandomStreams.fromSeed(41));
    LogLinearBpResult cold = engine.run(lambda);
    LogLinearBpResult warm = engine.run(lambda);
    assertTrue(cold.converged() && warm.converged());
    assertTrue(warm.iterations() < cold.iterations(), warm.iterations() + " vs " + cold.iterations());
    engine.reset();
    assertEquals(cold.iterations(), engine.run(lambda).iterations());
    LogLinearBpResult capped = LogLinearBeliefPropagation.run(new LogLinearModel(s, lambda),
        LoopyBeliefPropagation.Settings.defaults().withMaxIterations(2));
    assertFalse(capped.converged());
    assertEquals(2, capped.iterations());
    assertTrue(capped.maxMessageChange() > 1e-10);
  }

  @Test
  void parametersLargeEnoughToUnderflowAGroupStillGiveTheExactAnswerOnATree() {
    // ±700 on a chain of 3-state variables: a state's rescaled cell weights underflow to 0 against the
    // factor's largest cell, so the messages come from each group's own maximum instead
    LogLinearStructure chain = LogLinearStructure.parse(LogLinearTestModels.variables(3, 3, 3), "A*B,B*C");
    double[] lambda = LogLinearTestModels.randomParameters(chain, 700, RandomStreams.fromSeed(77));
    LogLinearBpResult bp = LogLinearBeliefPropagation.run(new LogLinearModel(chain, lambda), TIGHT);
    LogLinearEnumeration.Result exact = new LogLinearEnumeration(chain).run(lambda, false);
    assertTrue(bp.converged());
    assertEquals(exact.logZ(), bp.logZ(), 1e-9 * Math.abs(exact.logZ()));
    for (int a = 0; a < lambda.length; a++) {
      assertEquals(exact.means()[a], bp.featureMeans()[a], 1e-9, "E[f" + a + "]");
    }
  }
}
