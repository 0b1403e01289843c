package org.occam.mrf.loglinear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.mrf.MrfScoreSettings;

/**
 * The log-linear scores on multi-state models against independent answers: quadrature (F ≤ 3), AIS
 * over λ, and the closed-form maximum likelihood of saturated models; over seeds nobody chose.
 */
class LogLinearAccuracyTest {
  private static List<EvidenceEstimate> scores(LogLinearStructure s, Dataset data, long seed, String methods) {
    return new LogLinearProblem(s, data, MrfScoreSettings.defaults(), seed).estimate(LogLinearMethods.parseList(methods));
  }

  @Test
  void laplaceExactAgainstQuadratureOnAThreeStateVariableAndAThreeParameterModel() {
    LogLinearStructure one = LogLinearStructure.parse(LogLinearTestModels.variables(3), "A");
    LogLinearStructure two = LogLinearStructure.parse(LogLinearTestModels.variables(3, 2), "A,B");
    double worst = 0;
    for (LogLinearStructure s : List.of(one, two)) {
      for (int n : new int[] {20, 200, 2000}) {
        for (long seed : new long[] {1101, 1102, 1103, 1104}) {
          double[] lambda = LogLinearTestModels.randomParameters(s, 1.5, RandomStreams.fromSeed(seed));
          Dataset data = LogLinearTestModels.sample(s, lambda, n, seed + n);
          List<EvidenceEstimate> e = scores(s, data, seed, "laplace-exact,quadrature");
          double gap = Math.abs(e.get(0).logEvidence() - e.get(1).logEvidence());
          worst = Math.max(worst, gap);
          // measured: 0.017-0.019 nats at N = 20, 0.004-0.008 at N = 200 (the skew of a rare state's
          // parameter); held to the method's declared accuracy
          assertTrue(gap <= LogLinearMethods.get("laplace-exact").accuracy().tolerance(), "laplace-exact " + e.get(0).logEvidence() + " vs quadrature "
              + e.get(1).logEvidence() + " on " + s + ", N=" + n + ", seed " + seed);
        }
      }
    }
    System.out.println("largest |laplace-exact − quadrature|: " + worst);
  }

  @Test
  void laplaceExactAgainstAisWithInteractions() {
    LogLinearStructure s = LogLinearStructure.parse(LogLinearTestModels.variables(3, 3, 2), "A*B,B*C");
    double worstSe = 0;
    for (long seed : new long[] {1201, 1202, 1203, 1204}) {
      double[] lambda = LogLinearTestModels.randomParameters(s, 1.2, RandomStreams.fromSeed(seed));
      Dataset data = LogLinearTestModels.sample(s, lambda, 500, seed);
      List<EvidenceEstimate> e = scores(s, data, seed, "laplace-exact,ais,map");
      double laplace = e.get(0).logEvidence();
      double ais = e.get(1).logEvidence();
      double se = e.get(1).stdError().orElseThrow();
      worstSe = Math.max(worstSe, Math.abs(laplace - ais) / se);
      assertEquals(ais, laplace, 0.1 + 3 * se, "seed " + seed);
      assertTrue(e.get(2).logEvidence() > laplace, "map is above the evidence");
    }
    System.out.println("largest |laplace-exact − ais| in AIS standard errors: " + worstSe);
  }

  @Test
  void maximumLikelihoodOfTheSaturatedModelIsTheEmpiricalDistribution() {
    LogLinearStructure s = LogLinearStructure.parse(LogLinearTestModels.variables(3, 2, 2), "A*B*C");
    for (long seed : new long[] {1301, 1302, 1303}) {
      double[] lambda = LogLinearTestModels.randomParameters(s, 0.8, RandomStreams.fromSeed(seed));
      Dataset data = LogLinearTestModels.sample(s, lambda, 3000, seed);
      double expected = 0;
      for (int r = 0; r < data.distinctRows(); r++) {
        expected += data.count(r) * Math.log(data.count(r) / data.size());
      }
      LogLinearProblem p = new LogLinearProblem(s, data, MrfScoreSettings.defaults(), 1);
      assertEquals(0, p.data().emptyCells(), "seed " + seed);
      assertEquals(expected, p.ml().logLikelihood(), 1e-6);
      EvidenceEstimate bic = p.estimate(List.of(LogLinearMethods.get("bic-ml"))).get(0);
      assertEquals(expected - 0.5 * 11 * Math.log(3000), bic.logEvidence(), 1e-6);
    }
  }

  @Test
  void exactScoresGraphicalDecomposableModelsOnlyAsTheClosedForm() {
    LogLinearStructure s = LogLinearStructure.parse(LogLinearTestModels.variables(3, 2, 4, 2), "A*B*C,C*D");
    double[] lambda = LogLinearTestModels.randomParameters(s, 1, RandomStreams.fromSeed(1401));
    Dataset data = LogLinearTestModels.sample(s, lambda, 800, 1401);
    LogLinearProblem p = new LogLinearProblem(s, data, MrfScoreSettings.defaults(), 1, null, 2.5);
    EvidenceEstimate e = p.estimate(List.of(LogLinearMethods.get("exact"))).get(0);
    assertEquals(new DecomposableEvidence(data, 2.5).logEvidence(s.interactionGraph()), e.logEvidence(), 1e-12);
    assertEquals("dirichlet:2.5", e.settings().get("prior"));
    var notGraphical = new LogLinearProblem(LogLinearStructure.parse(s.variables(), "A*B,B*C,A*C,D"), data,
        MrfScoreSettings.defaults(), 1);
    var err = org.junit.jupiter.api.Assertions.assertThrows(org.occam.data.InvalidInputException.class,
        () -> notGraphical.estimate(List.of(LogLinearMethods.get("exact"))));
    assertTrue(err.getMessage().contains("the graphical model of its graph is"), err.getMessage());
    assertTrue(err.getMessage().contains("A*B*C"), err.getMessage());
    var cycle = new LogLinearProblem(LogLinearStructure.parse(s.variables(), "A*B,B*C,C*D,D*A"), data,
        MrfScoreSettings.defaults(), 1);
    err = org.junit.jupiter.api.Assertions.assertThrows(org.occam.data.InvalidInputException.class,
        () -> cycle.estimate(List.of(LogLinearMethods.get("exact"))));
    assertTrue(err.getMessage().contains("not chordal"), err.getMessage());
  }
}
