package org.occam.mrf.loglinear;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;

class LogLinearModelTest {
  private static FactorModel randomFactors(UniformRandomProvider rng) {
    List<Variable> vars = LogLinearTestModels.variables(2, 3, 4, 2);
    int[][] scopes = {{1, 0}, {2, 1}, {2}, {0, 3, 2}};
    List<FactorModel.Factor> factors = new java.util.ArrayList<>();
    for (int[] scope : scopes) {
      int cells = 1;
      for (int v : scope) {
        cells *= vars.get(v).cardinality();
      }
      double[] table = new double[cells];
      for (int i = 0; i < cells; i++) {
        table[i] = 2 * rng.nextDouble() - 1;
      }
      factors.add(new FactorModel.Factor(scope, table));
    }
    return new FactorModel(vars, factors);
  }

  @Test
  void mobiusInversionGivesTheSameDistribution() {
    for (long seed : new long[] {31, 32, 33, 34}) {
      FactorModel factors = randomFactors(RandomStreams.fromSeed(seed));
      LogLinearModel model = LogLinearModel.of(factors);
      double zf = LogLinearTestModels.bruteLogZ(factors.variables(), factors::logPotential);
      double zm = LogLinearTestModels.bruteLogZ(factors.variables(), model::logPotential);
      LogLinearEnumeration engine = new LogLinearEnumeration(model.structure());
      for (int s = 0; s < engine.states(); s++) {
        int[] x = engine.assignment(s);
        assertEquals(factors.logPotential(x) - zf, model.logPotential(x) - zm, 1e-12);
      }
      assertEquals("A*B,B*C,A*C*D", model.structure().generatorString());
    }
  }

  @Test
  void factorTablesRoundTripTheParameters() {
    LogLinearStructure s = LogLinearStructure.parse(LogLinearTestModels.variables(3, 2, 4), "A*B,B*C,A*C");
    double[] lambda = LogLinearTestModels.randomParameters(s, 2, RandomStreams.fromSeed(5));
    LogLinearModel back = LogLinearModel.of(new LogLinearModel(s, lambda).toFactorModel());
    assertEquals(s, back.structure());
    assertArrayEquals(lambda, back.parameters(), 1e-12);
  }

  @Test
  void aVariableInNoFactorIsUniformAndAZeroPotentialIsRefused() {
    List<Variable> vars = LogLinearTestModels.variables(2, 3);
    FactorModel onlyA = new FactorModel(vars, List.of(new FactorModel.Factor(new int[] {0}, new double[] {0, 1})));
    LogLinearModel m = LogLinearModel.of(onlyA);
    assertEquals("A,B", m.structure().generatorString());
    assertArrayEquals(new double[] {1, 0, 0}, m.parameters(), 1e-15);
    FactorModel zero = new FactorModel(vars, List.of(new FactorModel.Factor(new int[] {1},
        new double[] {0, Double.NEGATIVE_INFINITY, 0})));
    var e = assertThrows(InvalidInputException.class, () -> LogLinearModel.of(zero));
    assertTrue(e.getMessage().contains("zero potential at entry 1"), e.getMessage());
  }
}
