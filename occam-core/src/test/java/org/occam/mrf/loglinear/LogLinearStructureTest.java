package org.occam.mrf.loglinear;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.mrf.PairwiseGraph;

class LogLinearStructureTest {
  private static final List<Variable> TITANIC = List.of(new Variable("Class", List.of("1st", "2nd", "3rd", "Crew")),
      new Variable("Sex", List.of("Male", "Female")), new Variable("Age", List.of("Child", "Adult")),
      new Variable("Survived", List.of("No", "Yes")));

  @Test
  void generatorsCloseUnderSubsetsAndCountReferenceCodedParameters() {
    LogLinearStructure s = LogLinearStructure.parse(TITANIC, "Class*Survived, Sex*Survived, Age");
    // main effects 3 + 1 + 1 + 1, Class×Survived 3×1, Sex×Survived 1×1
    assertEquals(10, s.featureCount());
    assertEquals(6, s.termCount());
    assertEquals("Class,Sex,Age,Survived", String.join(",", s.names(new int[] {0, 1, 2, 3})));
    assertEquals("Age,Class*Survived,Sex*Survived", s.generatorString());
    assertEquals(s, LogLinearStructure.parse(TITANIC, "Survived:Class + Sex*Survived + Age"));
  }

  @Test
  void runTogetherGeneratorsWhenNamesAreSingleCharacters() {
    List<Variable> six = LogLinearTestModels.variables(2, 2, 2, 2, 2, 2);
    LogLinearStructure s = LogLinearStructure.parse(six, "ACE,ADE,BC,F");
    assertEquals("F,B*C,A*C*E,A*D*E", s.generatorString());
    // 6 main effects, edges AC AE CE AD DE BC, triangles ACE ADE
    assertEquals(6 + 6 + 2, s.featureCount());
  }

  @Test
  void refusesUnknownUncoveredAndNonHierarchical() {
    var e = assertThrows(InvalidInputException.class, () -> LogLinearStructure.parse(TITANIC, "Class*Survive,Sex,Age"));
    assertTrue(e.getMessage().contains("unknown variable \"Survive\""), e.getMessage());
    e = assertThrows(InvalidInputException.class, () -> LogLinearStructure.parse(TITANIC, "Class*Survived,Sex"));
    assertTrue(e.getMessage().contains("Age is in no generator"), e.getMessage());
    e = assertThrows(InvalidInputException.class, () -> new LogLinearStructure(TITANIC,
        List.of(new int[] {0}, new int[] {1}, new int[] {0, 2})));
    assertTrue(e.getMessage().contains("not hierarchical"), e.getMessage());
    assertThrows(InvalidInputException.class, () -> LogLinearStructure.parse(TITANIC, "Class*Class,Sex,Age,Survived"));
    assertThrows(InvalidInputException.class, () -> LogLinearStructure.parse(TITANIC, "Class,,Sex"));
  }

  @Test
  void binaryPairwiseFeaturesAreTheBoltzmannMachines() {
    PairwiseGraph g = new PairwiseGraph(4, new int[][] {{2, 3}, {0, 1}, {1, 3}});
    LogLinearStructure s = LogLinearStructure.pairwise(LogLinearTestModels.variables(2, 2, 2, 2), g);
    assertEquals(7, s.featureCount());
    int[] out = new int[s.termCount()];
    for (int code = 0; code < 16; code++) {
      int[] x = {code >> 3 & 1, code >> 2 & 1, code >> 1 & 1, code & 1};
      double[] expected = new double[7];
      for (int i = 0; i < 4; i++) {
        expected[i] = x[i];
      }
      for (int e = 0; e < 3; e++) {
        expected[4 + e] = x[g.edgeFrom(e)] * x[g.edgeTo(e)];
      }
      double[] got = new double[7];
      int k = s.activeFeatures(x, out);
      for (int j = 0; j < k; j++) {
        got[out[j]] = 1;
      }
      assertArrayEquals(expected, got);
    }
  }

  @Test
  void featuresOfATermRunOverNonReferenceStatesLastVariableFastest() {
    LogLinearStructure s = LogLinearStructure.parse(LogLinearTestModels.variables(3, 4), "A*B");
    int t = s.termCount() - 1;
    assertEquals(6, s.termSize(t));
    assertEquals(s.offset(t), s.activeFeature(t, new int[] {1, 1}));
    assertEquals(s.offset(t) + 1, s.activeFeature(t, new int[] {1, 2}));
    assertEquals(s.offset(t) + 3, s.activeFeature(t, new int[] {2, 1}));
    assertEquals(-1, s.activeFeature(t, new int[] {0, 3}));
  }
}
