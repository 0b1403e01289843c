package org.occam.mrf.loglinear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;

class LogLinearEnumerationTest {
  private static final LogLinearStructure MODEL = LogLinearStructure.parse(LogLinearTestModels.variables(3, 2, 4),
      "A*B,B*C,A*C");

  @Test
  void logZMatchesBruteForceAndItsDerivativesAreTheMomentsByFiniteDifferences() {
    LogLinearEnumeration engine = new LogLinearEnumeration(MODEL);
    for (long seed : new long[] {71, 72, 73}) {
      double[] lambda = LogLinearTestModels.randomParameters(MODEL, 1.5, RandomStreams.fromSeed(seed));
      LogLinearModel model = new LogLinearModel(MODEL, lambda);
      LogLinearEnumeration.Result r = engine.run(lambda, true);
      assertEquals(LogLinearTestModels.bruteLogZ(MODEL.variables(), model::logPotential), r.logZ(), 1e-12);
      double h = 1e-5;
      for (int a = 0; a < lambda.length; a++) {
        double[] up = lambda.clone();
        double[] down = lambda.clone();
        up[a] += h;
        down[a] -= h;
        LogLinearEnumeration.Result ru = engine.run(up, false);
        LogLinearEnumeration.Result rd = engine.run(down, false);
        assertEquals(r.means()[a], (ru.logZ() - rd.logZ()) / (2 * h), 1e-9, "dlogZ/dλ" + a);
        for (int b = 0; b < lambda.length; b++) {
          assertEquals(r.covariance()[a][b], (ru.means()[b] - rd.means()[b]) / (2 * h), 1e-9, "dE[f" + b + "]/dλ" + a);
        }
      }
    }
  }

  @Test
  void exactDrawsHaveTheModelsFeatureMeans() {
    LogLinearEnumeration engine = new LogLinearEnumeration(MODEL);
    for (long seed : new long[] {81, 82, 83}) {
      double[] lambda = LogLinearTestModels.randomParameters(MODEL, 1, RandomStreams.fromSeed(seed));
      double[] expected = engine.run(lambda, false).means();
      int n = 40_000;
      double[] got = LogLinearData.of(MODEL, LogLinearTestModels.sample(MODEL, lambda, n, seed + 100)).means();
      for (int a = 0; a < expected.length; a++) {
        double se = Math.sqrt(expected[a] * (1 - expected[a]) / n);
        assertEquals(expected[a], got[a], 4.5 * se, "feature " + a + ", seed " + seed);
      }
    }
  }

  @Test
  void refusesTooManyStates() {
    var vars = LogLinearTestModels.variables(8, 8, 8, 8, 8, 8, 8, 8);
    LogLinearStructure big = LogLinearStructure.parse(vars, "A,B,C,D,E,F,G,H");
    assertThrows(InvalidInputException.class, () -> new LogLinearEnumeration(big));
  }
}
