package org.occam.mrf.loglinear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;

class LogLinearJunctionTreeTest {
  private static void sameAsEnumeration(LogLinearStructure s, long seed, double scale) {
    sameAsEnumeration(s, LogLinearTestModels.randomParameters(s, scale, RandomStreams.fromSeed(seed)), s + " seed " + seed);
  }

  private static void sameAsEnumeration(LogLinearStructure s, double[] lambda, String what) {
    LogLinearJunctionTree tree = new LogLinearJunctionTree(s);
    LogLinearEnumeration all = new LogLinearEnumeration(s);
    LogLinearEnumeration.Result a = tree.run(lambda, true);
    LogLinearEnumeration.Result b = all.run(lambda, true);
    LogLinearEnumeration.Result withoutCovariance = tree.run(lambda, false);
    assertEquals(b.logZ(), a.logZ(), 1e-10 * Math.max(1, Math.abs(b.logZ())), what);
    for (int i = 0; i < b.means().length; i++) {
      assertEquals(b.means()[i], withoutCovariance.means()[i], 1e-11, what + ": E[f" + i + "] without the covariance");
      assertEquals(b.means()[i], a.means()[i], 1e-11, "E[f" + i + "]");
    }
    for (int i = 0; i < b.means().length; i++) {
      for (int j = 0; j < b.means().length; j++) {
        assertEquals(b.covariance()[i][j], a.covariance()[i][j], 1e-11, "Cov[f" + i + ", f" + j + "]");
      }
    }
  }

  @Test
  void equalsEnumerationOnLoopyDisconnectedAndHigherOrderModels() {
    String[] specs = {"A*B*C,C*D,D*E,E*A,B*D", "A*B,B*C,C*A,D*E,F", "A*B,B*C,C*D,D*E,E*F,F*A,A*D", "A*B*C*D,D*E*F"};
    int[][] states = {{2, 3, 2, 4, 3}, {3, 2, 3, 2, 2, 3}, {2, 3, 2, 3, 2, 3}, {2, 2, 3, 2, 3, 2}};
    long seed = 2100;
    for (int k = 0; k < specs.length; k++) {
      LogLinearStructure s = LogLinearStructure.parse(LogLinearTestModels.variables(states[k]), specs[k]);
      for (int r = 0; r < 3; r++) {
        sameAsEnumeration(s, seed++, r == 2 ? 6 : 1.5); // the last with large parameters: log-domain sums
      }
    }
  }

  /**
   * In the chain A − B − C − D, C's unary parameters of 3000 and B·C's of −3000 put the separator
   * cells B &gt; 0 of the clique (B, C) e^−3000 below its maximum: those cliques are summed about each cell's own maximum and their marginals
   * taken in logs, since Hugin's ratio P_p(s) / σ_s would divide by an underflowed sum (with that
   * fallback turned off this test fails: NaN means). Random parameters of hundreds and thousands of
   * nats on loopy models as well.
   */
  @Test
  void extremeParametersFallBackToLogsAndStillEqualEnumeration() {
    LogLinearStructure chain = LogLinearStructure.parse(LogLinearTestModels.variables(2, 3, 3, 2), "A*B,B*C,C*D");
    for (long seed = 2300; seed < 2304; seed++) {
      double[] lambda = LogLinearTestModels.randomParameters(chain, 2, RandomStreams.fromSeed(seed));
      for (int t = 0; t < chain.termCount(); t++) { // C's states above 0 need B = 0
        int[] term = chain.term(t);
        boolean onC = term.length == 1 && term[0] == 2;
        if (onC || term.length == 2 && term[0] == 1 && term[1] == 2) {
          for (int a = chain.offset(t); a < chain.offset(t) + chain.termSize(t); a++) {
            lambda[a] = onC ? 3000 : -3000;
          }
        }
      }
      sameAsEnumeration(chain, lambda, "chain, seed " + seed);
    }
    String[] specs = {"A*B*C,C*D,D*E,E*A,B*D", "A*B,B*C,C*D,D*E,E*F,F*A,A*D", "A*B*C*D,D*E*F"};
    int[][] states = {{2, 3, 2, 4, 3}, {2, 3, 2, 3, 2, 3}, {2, 2, 3, 2, 3, 2}};
    long seed = 2200;
    for (int k = 0; k < specs.length; k++) {
      LogLinearStructure s = LogLinearStructure.parse(LogLinearTestModels.variables(states[k]), specs[k]);
      for (double scale : new double[] {300, 3000}) {
        sameAsEnumeration(s, seed++, scale);
      }
    }
  }

  @Test
  void cliquesCoverEveryTermAndTheCheaperEngineIsChosen() {
    LogLinearStructure chain = LogLinearStructure.parse(LogLinearTestModels.variables(new int[] {3, 3, 3, 3, 3, 3, 3,
        3, 3, 3, 3, 3, 3, 3, 3, 3}), "A*B,B*C,C*D,D*E,E*F,F*G,G*H,H*I,I*J,J*K,K*L,L*M,M*N,N*O,O*P");
    LogLinearJunctionTree.Shape shape = LogLinearJunctionTree.shape(chain);
    assertEquals(15, shape.cliques().size());
    assertEquals(15 * 9, shape.tableEntries(), 0);
    LogLinearInference engine = LogLinearInference.of(chain);
    assertTrue(engine instanceof LogLinearJunctionTree, engine.describe());
    assertTrue(LogLinearInference.of(LogLinearStructure.parse(LogLinearTestModels.variables(3, 3), "A*B"))
        instanceof LogLinearEnumeration);
  }

  @Test
  void refusesTooWideATree() {
    int[] k = new int[30];
    java.util.Arrays.fill(k, 4);
    StringBuilder spec = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      for (int j = i + 1; j < 30; j++) {
        spec.append(spec.length() == 0 ? "" : ",").append((char) ('A' + i)).append('*').append((char) ('A' + j));
      }
    }
    var vars = new java.util.ArrayList<org.occam.data.Variable>();
    for (int i = 0; i < 30; i++) {
      vars.add(org.occam.data.Variable.withCount(String.valueOf((char) ('A' + i)), 4));
    }
    LogLinearStructure complete = LogLinearStructure.parse(vars, spec.toString());
    var e = assertThrows(InvalidInputException.class, () -> LogLinearInference.of(complete));
    assertTrue(e.getMessage().contains("largest clique 30 variables"), e.getMessage());
  }

  @Test
  void forwardSamplingDownTheTreeDrawsFromTheModel() {
    String[] specs = {"A*B*C,C*D,D*E,E*A,B*D", "A*B,B*C,C*A,D*E,F"};
    int[][] states = {{2, 3, 2, 4, 3}, {3, 2, 3, 2, 2, 3}};
    for (int k = 0; k < specs.length; k++) {
      LogLinearStructure s = LogLinearStructure.parse(LogLinearTestModels.variables(states[k]), specs[k]);
      for (long seed : new long[] {2201, 2202}) {
        double[] lambda = LogLinearTestModels.randomParameters(s, 1, RandomStreams.fromSeed(seed));
        double[] expected = new LogLinearEnumeration(s).run(lambda, false).means();
        int n = 40_000;
        int[][] x = new LogLinearJunctionTree(s).sample(lambda, n, RandomStreams.fromSeed(seed + 50));
        double[] got = LogLinearData.of(s, org.occam.data.Dataset.of(s.variables(), x)).means();
        for (int a = 0; a < expected.length; a++) {
          double se = Math.sqrt(expected[a] * (1 - expected[a]) / n);
          assertEquals(expected[a], got[a], 4.5 * se, specs[k] + " feature " + a + ", seed " + seed);
        }
      }
    }
  }
}
