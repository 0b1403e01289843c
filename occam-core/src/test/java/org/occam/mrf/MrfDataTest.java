package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.junit.jupiter.api.Test;

class MrfDataTest {
  private static final List<Variable> XYZ =
      List.of(Variable.withCount("x", 2), Variable.withCount("y", 2), Variable.withCount("z", 2));

  @Test
  void weightedMeansOfNodeAndEdgeFeatures() {
    PairwiseGraph g = new PairwiseGraph(3, new int[][] {{0, 1}, {1, 2}});
    Dataset d = Dataset.of(XYZ, new int[][] {{1, 1, 0}, {0, 1, 1}, {1, 1, 1}}, new double[] {2, 1, 1});
    MrfData s = MrfData.of(g, d);
    assertThat(s.rows()).isEqualTo(4.0);
    // x: 3/4, y: 4/4, z: 2/4; xy: 3/4, yz: 2/4
    assertThat(s.featureMeans()).containsExactly(0.75, 1.0, 0.5, 0.75, 0.5);
  }

  @Test
  void refusesNonBinaryColumnsMissingValuesAndWrongWidth() {
    PairwiseGraph g = new PairwiseGraph(3, new int[0][]);
    Dataset three = Dataset.of(List.of(Variable.withCount("x", 3), Variable.withCount("y", 2), Variable.withCount("z", 2)),
        new int[][] {{2, 1, 0}});
    assertThatThrownBy(() -> MrfData.of(g, three)).hasMessageContaining("x has 3 states");
    Dataset missing = Dataset.of(XYZ, new int[][] {{1, Dataset.MISSING, 0}});
    assertThatThrownBy(() -> MrfData.of(g, missing)).hasMessageContaining("missing");
    assertThatThrownBy(() -> MrfData.of(new PairwiseGraph(2, new int[0][]), missing)).hasMessageContaining("2 variables");
  }
}
