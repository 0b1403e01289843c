package org.occam.mrf.hidden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.mrf.PairwiseGraph;

/** Reading hidden-variable data, grouping rows by what they clamp, and the clamping map on a hand case. */
class HiddenMrfDataTest {
  private static final int M = Dataset.MISSING;

  @Test
  void columnsGoToTheirVerticesAndUnnamedVerticesAreHidden() {
    PairwiseGraph g = HiddenTestModels.rbm(3, 2);
    List<Variable> vars = List.of(Variable.withCount("c", 2), Variable.withCount("a", 2), Variable.withCount("b", 2));
    Dataset d = Dataset.of(vars, new int[][] {{1, 0, 1}, {0, M, 1}, {1, 0, 1}, {M, 1, 0}, {0, M, 0}});
    HiddenMrfData data = HiddenMrfData.of(g, new int[] {2, 0, 1}, d);
    assertThat(data.rows()).isEqualTo(5);
    assertThat(data.distinctRows()).isEqualTo(4);
    assertThat(data.hiddenCount()).isEqualTo(2);
    assertThat(data.hidden(3)).isTrue();
    assertThat(data.hidden(0)).isFalse();
    // column c is vertex 2, a is 0, b is 1
    assertThat(data.row(0)).containsExactly(0, 1, 1, M, M);
    assertThat(data.count(0)).isEqualTo(2);
    assertThat(data.row(1)).containsExactly(M, 1, 0, M, M);
    // three clamped sets: {0,1,2}, {1,2}, {0,1}
    assertThat(data.patterns()).hasSize(3);
    assertThat(data.patterns().get(0).clamped()).containsExactly(0, 1, 2);
    assertThat(data.patterns().get(1).clamped()).containsExactly(1, 2);
    assertThat(data.patterns().get(1).free()).containsExactly(0, 3, 4);
    assertThat(data.patterns().get(2).clamped()).containsExactly(0, 1);
    assertThat(data.rowsOf(1)).containsExactly(1, 3);
    assertThat(data.patternOf(2)).isEqualTo(2);
  }

  @Test
  void equalRowsAreMergedAndEmptyOnesDropped() {
    PairwiseGraph g = HiddenTestModels.rbm(2, 1);
    HiddenMrfData data = HiddenMrfData.ofRows(g, HiddenTestModels.hiddenSet(3, 2),
        new int[][] {{0, 1, M}, {1, 1, M}, {0, 1, M}, {1, 0, M}}, new double[] {1.5, 2, 3, 0});
    assertThat(data.distinctRows()).isEqualTo(2);
    assertThat(data.row(0)).containsExactly(0, 1, M);
    assertThat(data.count(0)).isEqualTo(4.5);
    assertThat(data.row(1)).containsExactly(1, 1, M);
    assertThat(data.rows()).isEqualTo(6.5);
    assertThat(data.patterns()).hasSize(1);
  }

  @Test
  void badDataAreRefused() {
    PairwiseGraph g = HiddenTestModels.rbm(2, 1);
    boolean[] hidden = HiddenTestModels.hiddenSet(3, 2);
    assertThatThrownBy(() -> HiddenMrfData.ofRows(g, hidden, new int[][] {{0, 1, 1}}, new double[] {1}))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("hidden variable 2");
    assertThatThrownBy(() -> HiddenMrfData.ofRows(g, hidden, new int[][] {{0, 2, M}}, new double[] {1}))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("value 2");
    assertThatThrownBy(() -> HiddenMrfData.ofRows(g, hidden, new int[][] {{0, 1}}, new double[] {1}))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("2 values for 3");
    assertThatThrownBy(() -> HiddenMrfData.ofRows(g, hidden, new int[][] {{0, 1, M}}, new double[] {0}))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("total weight");
    Dataset d = Dataset.of(List.of(Variable.withCount("a", 2), Variable.withCount("b", 3)), new int[][] {{0, 2}});
    assertThatThrownBy(() -> HiddenMrfData.of(g, new int[] {0, 1}, d))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("3 states");
    Dataset binary = Dataset.of(List.of(Variable.withCount("a", 2), Variable.withCount("b", 2)), new int[][] {{0, 1}});
    assertThatThrownBy(() -> HiddenMrfData.of(g, new int[] {0, 0}, binary))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("two columns");
  }

  /** Chain 0-1-2-3 with 1 and 3 clamped: λ' and κ worked by hand. */
  @Test
  void clampingAbsorbsTheClampedNeighboursIntoTheFreeBiases() {
    PairwiseGraph chain = new PairwiseGraph(4, new int[][] {{0, 1}, {1, 2}, {2, 3}});
    Clamping clamping = new Clamping(chain, new boolean[] {false, true, false, true});
    assertThat(clamping.free()).containsExactly(0, 2);
    assertThat(clamping.freeGraph().edgeCount()).isZero();
    // θ = (1, 2, 3, 4), w01 = 10, w12 = 20, w23 = 30
    double[] lambda = {1, 2, 3, 4, 10, 20, 30};
    double[] reduced = new double[2];
    // x1 = 1, x3 = 0: θ'0 = 1 + 10, θ'2 = 3 + 20, κ = θ1 = 2
    assertThat(clamping.condition(lambda, new int[] {M, 1, M, 0}, reduced)).isEqualTo(2);
    assertThat(reduced).containsExactly(11, 23);
    // x1 = 1, x3 = 1: θ'2 gains w23 too, κ = θ1 + θ3
    assertThat(clamping.condition(lambda, new int[] {M, 1, M, 1}, reduced)).isEqualTo(6);
    assertThat(reduced).containsExactly(11, 53);
    // E[f | x]: the free means lift to x_0, x_2 and the edges' products
    double[] sum = new double[7];
    clamping.addMeans(new int[] {M, 1, M, 0}, new double[] {0.25, 0.5}, 2, sum);
    assertThat(sum).containsExactly(0.5, 2, 1, 0, 0.5, 1, 0);
    double[][] cov = new double[7][7];
    clamping.addCovariance(new int[] {M, 1, M, 0}, new double[][] {{0.1, 0.02}, {0.02, 0.3}}, 1, cov);
    // f_0 = x_0 and f_4 = x_0 x_1 = x_0 share C'_00; f_2 = f_5 = x_2 share C'_11; f_6 = x_2 x_3 = 0
    assertThat(cov[0][4]).isEqualTo(0.1);
    assertThat(cov[4][5]).isEqualTo(0.02);
    assertThat(cov[2][2]).isEqualTo(0.3);
    assertThat(cov[6]).containsOnly(0.0);
    assertThat(cov[1]).containsOnly(0.0);
  }
}
