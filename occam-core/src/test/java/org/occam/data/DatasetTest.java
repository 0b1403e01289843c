package org.occam.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Dataset#of} validation and compression, and {@link Variable} validation. */
class DatasetTest {
  private static final List<Variable> VARS = List.of(Variable.withCount("a", 2), Variable.withCount("b", 3));

  @ParameterizedTest
  @ValueSource(ints = {2, 5, -2, Integer.MIN_VALUE})
  void outOfRangeStateInTheFirstColumnIsRejected(int state) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Dataset.of(VARS, new int[][] {{0, 0}, {state, 1}}))
        .withMessageContaining("row 1")
        .withMessageContaining("a");
  }

  @ParameterizedTest
  @ValueSource(ints = {3, -5})
  void outOfRangeStateInTheSecondColumnIsRejected(int state) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Dataset.of(VARS, new int[][] {{1, state}}))
        .withMessageContaining("row 0")
        .withMessageContaining("b");
  }

  @ParameterizedTest
  @ValueSource(doubles = {-1.0, -1e-300, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
  void badWeightsAreRejected(double w) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Dataset.of(VARS, new int[][] {{0, 0}, {1, 1}}, new double[] {1.0, w}))
        .withMessageContaining("row 1");
  }

  @Test
  void wrongRowLengthIsRejected() {
    assertThatIllegalArgumentException().isThrownBy(() -> Dataset.of(VARS, new int[][] {{0, 0}, {1}}));
    assertThatIllegalArgumentException().isThrownBy(() -> Dataset.of(VARS, new int[][] {{0, 0, 0}}));
  }

  @Test
  void missingIsAllowedAndFlagged() {
    Dataset d = Dataset.of(VARS, new int[][] {{Dataset.MISSING, 2}, {0, 1}});
    assertThat(d.hasMissing()).isTrue();
    assertThat(d.row(0)).containsExactly(-1, 2);
    assertThat(Dataset.of(VARS, new int[][] {{0, 2}}).hasMissing()).isFalse();
  }

  @Test
  void compressionAddsWeightsKeepsFirstAppearanceOrderAndDropsZeroWeights() {
    int[][] raw = {{1, 2}, {0, 0}, {1, 2}, {0, 1}, {0, 0}, {1, 2}, {1, 1}};
    double[] w = {1.0, 0.5, 2.0, 0.0, 0.25, 3.0, 0.0};
    Dataset d = Dataset.of(VARS, raw, w);
    assertThat(d.distinctRows()).isEqualTo(2);
    assertThat(d.row(0)).containsExactly(1, 2);
    assertThat(d.count(0)).isEqualTo(6.0);
    assertThat(d.row(1)).containsExactly(0, 0);
    assertThat(d.count(1)).isEqualTo(0.75);
    assertThat(d.size()).isEqualTo(6.75);
  }

  @Test
  void unweightedRowsCountOne() {
    Dataset d = Dataset.of(VARS, new int[][] {{1, 0}, {1, 0}, {0, 2}});
    assertThat(d.size()).isEqualTo(3.0);
    assertThat(d.distinctRows()).isEqualTo(2);
    assertThat(d.count(0)).isEqualTo(2.0);
    assertThat(d.count(1)).isEqualTo(1.0);
  }

  @Test
  void theCallersArrayIsCopied() {
    int[][] raw = {{1, 0}};
    Dataset d = Dataset.of(VARS, raw);
    raw[0][0] = 0;
    assertThat(d.row(0)).containsExactly(1, 0);
  }

  @Test
  void variablesNeedDistinctLabelsAndAtLeastOneState() {
    assertThatIllegalArgumentException().isThrownBy(() -> new Variable("v", List.of("x", "y", "x")));
    assertThatIllegalArgumentException().isThrownBy(() -> new Variable("v", List.of()));
    assertThatIllegalArgumentException().isThrownBy(() -> Variable.withCount("v", 0));
    Variable v = Variable.withCount("v", 3);
    assertThat(v.states()).containsExactly("0", "1", "2");
    assertThat(v.indexOf("2")).isEqualTo(2);
    assertThat(v.indexOf("3")).isEqualTo(-1);
  }
}
