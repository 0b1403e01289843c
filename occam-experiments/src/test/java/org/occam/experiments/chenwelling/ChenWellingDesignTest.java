package org.occam.experiments.chenwelling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmExactSampler;

/** The data design of the Chen–Welling experiment, and how a method's K is chosen. */
class ChenWellingDesignTest {
  @Test
  void nestedSamplesAreTheFirstNOfOneDraw() {
    Rbm rbm = ChenWellingDesign.randomRbm(4, 2, 1.0, RandomStreams.fromSeed(3));
    int[] sizes = {5, 40, 300};
    List<RbmData> sets = ChenWellingDesign.nestedSamples(rbm, sizes, RandomStreams.fromSeed(9));
    int[][] draw = new RbmExactSampler(rbm).sampleVisible(300, RandomStreams.fromSeed(9));
    for (int j = 0; j < sizes.length; j++) {
      RbmData d = sets.get(j);
      assertThat(d.size()).isEqualTo(sizes[j]);
      Map<String, Long> expected = new HashMap<>();
      for (int t = 0; t < sizes[j]; t++) {
        expected.merge(java.util.Arrays.toString(draw[t]), 1L, Long::sum);
      }
      Map<String, Long> got = new HashMap<>();
      for (int r = 0; r < d.distinctRowCount(); r++) {
        got.put(java.util.Arrays.toString(d.row(r)), d.count(r));
      }
      assertThat(got).isEqualTo(expected);
    }
  }

  @Test
  void randomRbmsDrawEveryParameterFromThePrior() {
    Rbm rbm = ChenWellingDesign.randomRbm(10, 5, 2.0, RandomStreams.fromSeed(1));
    double[] l = rbm.parameters();
    assertThat(l).hasSize(65);
    double ss = 0;
    for (double v : l) {
      ss += v * v;
    }
    // E[λ²] = σ0² = 4; 65 draws put the mean square well inside (2, 6)
    assertThat(ss / l.length).isBetween(2.0, 6.0);
  }

  @Test
  void coveringSubsetsHaveEveryWordAndDependOnTheSeedOnly() {
    List<int[]> rows = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      rows.add(new int[] {1, i % 10 == 0 ? 1 : 0, 0});
    }
    rows.add(new int[] {0, 0, 1});
    RbmData all = RbmData.of(rows.toArray(new int[0][]));
    // one document in 61 has the third word, so a subset of 5 usually needs several draws
    ChenWellingDesign.Subset a = ChenWellingDesign.coveringSubset(all, 5, 11);
    ChenWellingDesign.Subset b = ChenWellingDesign.coveringSubset(all, 5, 11);
    assertThat(a.seed()).isEqualTo(b.seed());
    assertThat(a.draws()).isEqualTo(b.draws()).isPositive();
    assertThat(ChenWellingDesign.everyColumnOccurs(a.data())).isTrue();
    assertThat(all.randomSubset(5, a.seed()).columnOnes()).isEqualTo(a.data().columnOnes());
    assertThatThrownBy(() -> ChenWellingDesign.coveringSubset(RbmData.of(new int[][] {{1, 0}, {1, 0}}), 2, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("choose a larger size");
  }

  @Test
  void taskSeedsDifferByEveryCoordinate() {
    long a = ChenWellingDesign.taskSeed(7, 0, 100, 3);
    assertThat(ChenWellingDesign.taskSeed(7, 0, 100, 3)).isEqualTo(a);
    assertThat(List.of(ChenWellingDesign.taskSeed(8, 0, 100, 3), ChenWellingDesign.taskSeed(7, 1, 100, 3),
        ChenWellingDesign.taskSeed(7, 0, 101, 3), ChenWellingDesign.taskSeed(7, 0, 100, 4))).doesNotContain(a)
        .doesNotHaveDuplicates();
  }

  @Test
  void partsAndRangesParse() {
    assertThat(ChenWellingDesign.Part.parseList("1-2,7")).isEqualTo(EnumSet.of(ChenWellingDesign.Part.FIGURES_1_2,
        ChenWellingDesign.Part.FIGURE_7));
    assertThat(ChenWellingDesign.Part.parseList("all")).hasSize(4);
    assertThatThrownBy(() -> ChenWellingDesign.Part.parseList("3")).hasMessageContaining("unknown part \"3\"");
    assertThat(ChenWellingPlan.hiddenRange("--x", "1..3,5", null)).containsExactly(1, 2, 3, 5);
    assertThat(ChenWellingPlan.hiddenRange("--x", null, "2,1")).containsExactly(1, 2);
    assertThatThrownBy(() -> ChenWellingPlan.hiddenRange("--x", "0..2", null))
        .hasMessageContaining("--x needs orders >= 1");
    assertThat(ChenWellingPlan.joinedK(new int[] {1, 2, 3})).isEqualTo("1..3");
    assertThat(ChenWellingPlan.joinedK(new int[] {11, 13})).isEqualTo("11,13");
  }

  @Test
  void theChosenKIsTheBestScoreTheSmallerOnTiesIgnoringMissingOnes() {
    List<ChenWellingScoring.Row> rows = List.of(row(1, -5.0), row(2, -4.0), row(3, -4.0), row(4, Double.NaN));
    List<ChenWellingFigures.Choice> c = ChenWellingFigures.choices(rows);
    assertThat(c).containsExactly(new ChenWellingFigures.Choice(0, 100, "laplace", 2));
    List<ChenWellingFigures.ChoiceSummary> s = ChenWellingFigures.choiceSummaries(c, 5);
    assertThat(s).containsExactly(new ChenWellingFigures.ChoiceSummary(100, "laplace", 1, 2, 0, 3, 0));
  }

  /** A fine-tuning that did not converge says by how much, in its note and in the Convergence table. */
  @Test
  void anUnconvergedFineTuningSaysByHowMuch() {
    Map<String, Object> diag = new java.util.LinkedHashMap<>();
    diag.put("converged", false);
    diag.put("fineTuningStop", "max_iterations");
    diag.put("newtonStop", "iterate_refused");
    diag.put("fineTuningRemaining", 0.53);
    diag.put("fineTuningDistance", 7.5);
    EvidenceEstimate far = new EvidenceEstimate("laplace", -100, java.util.OptionalDouble.empty(), 1, Map.of(),
        java.util.OptionalLong.of(1), diag);
    assertThat(ChenWellingScoring.note(far)).isEqualTo("stopped: max_iterations then newton iterate_refused; 0.530"
        + " nats above the minimum");
    diag.put("fineTuningRemaining", Double.NaN);
    EvidenceEstimate indefinite = new EvidenceEstimate("laplace", -100, java.util.OptionalDouble.empty(), 1, Map.of(),
        java.util.OptionalLong.of(1), diag);
    assertThat(ChenWellingScoring.note(indefinite)).isEqualTo("stopped: max_iterations then newton iterate_refused;"
        + " hessian indefinite (not a minimum)");

    List<ChenWellingScoring.Row> rows = List.of(
        new ChenWellingScoring.Row("1-2", 0, 100, 1, "laplace", 0, -1, -0.01, Double.NaN, Double.NaN, true, 2.0, 0.004,
            "", 0, 1),
        new ChenWellingScoring.Row("1-2", 0, 100, 2, "laplace", 0, -1, -0.01, Double.NaN, Double.NaN, false, 7.5, 0.53,
            "", 0, 1),
        new ChenWellingScoring.Row("1-2", 0, 100, 3, "laplace", 0, -1, -0.01, Double.NaN, Double.NaN, false, 3.0,
            Double.NaN, "", 0, 1),
        new ChenWellingScoring.Row("1-2", 0, 100, 3, "cv", 0, Double.NaN, -0.01, Double.NaN, Double.NaN, true,
            Double.NaN, Double.NaN, "", 0, 1));
    assertThat(ChenWellingReport.Convergence.of(rows)).containsExactly(
        new ChenWellingReport.Convergence("1-2", "laplace", 3, 2, 0, 7.5, 0.53, 1),
        new ChenWellingReport.Convergence("1-2", "cv", 1, 0, 0, Double.NaN, Double.NaN, 0));
  }

  private static ChenWellingScoring.Row row(int k, double perDocument) {
    return new ChenWellingScoring.Row("1-2", 0, 100, k, "laplace", 0, perDocument * 100, perDocument, Double.NaN,
        Double.NaN, true, Double.NaN, Double.NaN, "", 0, 1);
  }
}
