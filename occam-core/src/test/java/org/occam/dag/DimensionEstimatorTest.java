package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;

/** Algorithm 6.2 on cases whose dimensions are known. */
class DimensionEstimatorTest {
  /**
   * Beal's own example (section 6.5.2): one k-valued hidden parent of one p-valued observed
   * variable. The observed marginal is any distribution over p values, d = p − 1; the complete
   * model has all its (k − 1) + k(p − 1) parameters.
   */
  @ParameterizedTest
  @CsvSource({"2, 5", "3, 4", "4, 3", "2, 2", "5, 6"})
  void oneHiddenParentOfOneObservedVariable(int k, int p) {
    List<Variable> vars = List.of(Variable.withCount("h", k), Variable.withCount("y", p));
    DagStructure s = DagStructure.of(vars, new boolean[] {true, false}, new int[][] {{}, {0}});
    Dataset d = Dataset.of(List.of(vars.get(1)), new int[][] {{0}});
    var rng = RandomStreams.fromSeed(k * 10L + p);
    double[] theta = DagScorer.randomParameters(s, rng);
    var r = DimensionEstimator.estimate(s, d, theta, rng, DimensionEstimator.Settings.defaults());
    assertThat(r.incomplete()).isEqualTo(p - 1);
    assertThat(r.complete()).isEqualTo((k - 1) + k * (p - 1));
  }

  @Test
  void withNothingHiddenBothAreTheParameterCount() {
    List<Variable> vars = List.of(Variable.withCount("a", 3), Variable.withCount("b", 2), Variable.withCount("c", 4));
    DagStructure s = DagStructure.of(vars, new boolean[3], new int[][] {{}, {0}, {0, 1}});
    Dataset d = Dataset.of(vars, new int[][] {{0, 0, 0}});
    var rng = RandomStreams.fromSeed(4);
    var r = DimensionEstimator.estimate(s, d, DagScorer.randomParameters(s, rng), rng,
        DimensionEstimator.Settings.defaults());
    assertThat(r.incomplete()).isEqualTo(s.freeParameters());
    assertThat(r.complete()).isEqualTo(s.freeParameters());
  }

  /**
   * Structures of Beal's class whose dimensions follow from algebra: no links (d = 16 four free
   * 5-valued marginals, d' = 18 with the two hidden priors); h2 → {y1, y3} with h1 childless (the
   * (y1, y3) marginal is a 5×5 probability matrix of rank ≤ 2, a set of dimension
   * 2·(5 + 5 − 2) − 1 = 15, so d = 15 + 4 + 4 = 23 while d' = 26: a gap of 3, beyond the "≤ 2" Beal
   * reports, because two indicators do not identify a latent class); h1 → {y1, y2, y3} with h2
   * childless (three indicators identify two classes, so d = d' − 1 = 29, the missing one being
   * h2's prior). And d ≤ d' = the parameter count throughout the class.
   */
  @Test
  void bealsClassHasTheAlgebraicDimensions() {
    var cls = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables());
    Dataset d = Dataset.of(BealExample.observedVariables(), new int[][] {{0, 0, 0, 0}});
    var rng = RandomStreams.fromSeed(12);
    assertDimensions(cls, d, rng, new int[][] {{}, {}, {}, {}}, 16, 18);
    assertDimensions(cls, d, rng, new int[][] {{1}, {}, {1}, {}}, 23, 26);
    assertDimensions(cls, d, rng, new int[][] {{0}, {0}, {0}, {}}, 29, 30);
    for (int i = 5; i < cls.structures().size(); i += 17) {
      DagStructure s = cls.structures().get(i);
      var r = DimensionEstimator.estimate(s, d, DagScorer.randomParameters(s, rng), rng,
          DimensionEstimator.Settings.defaults());
      assertThat(r.complete()).as(s.toString()).isEqualTo(s.freeParameters());
      assertThat(r.incomplete()).as(s.toString()).isLessThanOrEqualTo(r.complete());
    }
  }

  /** The analytic Jacobian rank equals Algorithm 6.2's perturbation rank across Beal's class. */
  @Test
  void analyticRanksEqualThePerturbationRanks() {
    var cls = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables());
    Dataset d = Dataset.of(BealExample.observedVariables(), new int[][] {{0, 0, 0, 0}});
    var rng = RandomStreams.fromSeed(21);
    int gaps = 0;
    for (int i = 0; i < cls.structures().size(); i += 4) {
      DagStructure s = cls.structures().get(i);
      double[] theta = DagScorer.randomParameters(s, rng);
      var analytic = DimensionEstimator.estimate(s, d, theta, RandomStreams.fromSeed(i),
          DimensionEstimator.Settings.defaults());
      var perturbed = DimensionEstimator.estimateByPerturbation(s, d, theta, RandomStreams.fromSeed(i),
          DimensionEstimator.Settings.defaults());
      assertThat(analytic.incomplete()).as("d of " + s).isEqualTo(perturbed.incomplete());
      assertThat(analytic.complete()).as("d' of " + s).isEqualTo(perturbed.complete());
      gaps += analytic.complete() - analytic.incomplete();
    }
    assertThat(gaps).isPositive(); // the comparison covers structures with a gap, not only d = d'
  }

  private static void assertDimensions(BipartiteStructureClass cls, Dataset d,
      org.apache.commons.rng.UniformRandomProvider rng, int[][] observedParents, int expectD, int expectDComplete) {
    int[][] parents = new int[6][];
    parents[0] = new int[0];
    parents[1] = new int[0];
    System.arraycopy(observedParents, 0, parents, 2, 4);
    DagStructure s = cls.structures().get(0).withParents(parents);
    var r = DimensionEstimator.estimate(s, d, DagScorer.randomParameters(s, rng), rng,
        DimensionEstimator.Settings.defaults());
    assertThat(r.incomplete()).as("d of " + s).isEqualTo(expectD);
    assertThat(r.complete()).as("d' of " + s).isEqualTo(expectDComplete);
  }

  @Test
  void csDaggerAddsHalfTheDimensionGapTimesLogN() {
    DagModel truth = BealExample.trueModel();
    int[][] full = AncestralSampler.sample(truth.structure(), truth.parameters().orElseThrow(), 200,
        RandomStreams.fromSeed(2));
    int[][] y = new int[200][4];
    for (int i = 0; i < 200; i++) {
      System.arraycopy(full[i], 2, y[i], 0, 4);
    }
    var e = new HiddenStateEnumeration(truth.structure(), Dataset.of(BealExample.observedVariables(), y));
    var est = DagScorer.score(e, truth.prior(), DagMethod.parseList("cs,cs-dagger"), DagScoreSettings.defaults(),
        RandomStreams.fromSeed(3), 3);
    var csDagger = est.get(1);
    int gap = (Integer) csDagger.diagnostics().get("dComplete") - (Integer) csDagger.diagnostics().get("d");
    assertThat(gap).isBetween(0, 3);
    assertThat(csDagger.logEvidence() - est.get(0).logEvidence()).isCloseTo(0.5 * gap * Math.log(200),
        org.assertj.core.data.Offset.offset(1e-9));
  }
}
