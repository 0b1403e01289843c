package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;
import org.occam.testing.BruteForceEvidence;
import org.occam.testing.RandomDagProblems;

/** {@link ExactEvidence} against the independent brute force of {@link BruteForceEvidence}. */
class ExactEvidenceTest {
  private static final double LIMIT = 1e9;

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
  void equalsTheBruteForceSumOnRandomTinyProblems(long seed) {
    var p = RandomDagProblems.random(seed, RandomDagProblems.Spec.tiny(seed % 3 == 0 ? 0.25 : 0.0));
    var e = new HiddenStateEnumeration(p.structure(), p.data());
    assertThat(ExactEvidence.logEvidence(e, p.prior(), LIMIT)).isCloseTo(p.exactLogEvidence(),
        org.assertj.core.data.Offset.offset(1e-9 * (1 + Math.abs(p.exactLogEvidence()))));
  }

  /** Many copies of few rows: the grouped sum has far fewer terms than the brute force, same value. */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void groupsRepeatedRowsByCompositions(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<Variable> vars = List.of(Variable.withCount("h", 2), Variable.withCount("a", 2), Variable.withCount("b", 3));
    boolean[] hidden = {true, false, false};
    int[][] parents = {{}, {0}, {0, 1}};
    int n = 12;
    int[][] rows = new int[n][];
    for (int i = 0; i < n; i++) {
      // Three distinct observed rows; the one with b missing (6 configurations) twice.
      int kind = i < 2 ? 2 : rnd.nextInt(2);
      rows[i] = kind == 0 ? new int[] {-1, 0, 2} : kind == 1 ? new int[] {-1, 1, 0} : new int[] {-1, 1, -1};
    }
    double lambda = 0.5 + rnd.nextInt(3) * 0.5;
    var p = RandomDagProblems.of(vars, hidden, parents, rows, null, lambda, null);
    var e = new HiddenStateEnumeration(p.structure(), p.data());
    assertThat(ExactEvidence.termCount(e) * 20).isLessThan(BruteForceEvidence.jointCompletions(p.model(), rows));
    double brute = BruteForceEvidence.logEvidence(p.model(), rows, 1L << 20);
    assertThat(ExactEvidence.logEvidence(e, p.prior(), LIMIT)).isCloseTo(brute,
        org.assertj.core.data.Offset.offset(1e-9 * Math.abs(brute)));

    // Integer weights are the same as repeated rows.
    List<int[]> distinct = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    for (int[] r : rows) {
      int at = -1;
      for (int k = 0; k < distinct.size(); k++) {
        if (java.util.Arrays.equals(distinct.get(k), r)) {
          at = k;
        }
      }
      if (at < 0) {
        distinct.add(r);
        weights.add(1.0);
      } else {
        weights.set(at, weights.get(at) + 1);
      }
    }
    var w = RandomDagProblems.of(vars, hidden, parents, distinct.toArray(new int[0][]),
        weights.stream().mapToDouble(Double::doubleValue).toArray(), lambda, null);
    var ew = new HiddenStateEnumeration(w.structure(), w.data());
    assertThat(ExactEvidence.logEvidence(ew, w.prior(), LIMIT)).isCloseTo(brute,
        org.assertj.core.data.Offset.offset(1e-9 * Math.abs(brute)));
  }

  @Test
  void termCountIsTheProductOfCompositionCounts() {
    List<Variable> vars = List.of(Variable.withCount("h", 4), Variable.withCount("y", 3));
    DagStructure s = DagStructure.of(vars, new boolean[] {true, false}, new int[][] {{}, {0}});
    int[][] rows = new int[17][];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = new int[] {i < 10 ? 0 : i < 15 ? 1 : 2};
    }
    var e = new HiddenStateEnumeration(s, Dataset.of(List.of(vars.get(1)), rows));
    double expected = binomial(10 + 3, 3) * binomial(5 + 3, 3)
        * binomial(2 + 3, 3);
    assertThat(ExactEvidence.termCount(e)).isEqualTo(expected);
  }

  private static double binomial(int n, int k) {
    double b = 1;
    for (int i = 1; i <= k; i++) {
      b = b * (n - k + i) / i;
    }
    return b;
  }

  @Test
  void completeDataGivesTheClosedForm() {
    for (long seed = 1; seed <= 5; seed++) {
      var p = RandomDagProblems.random(seed, RandomDagProblems.Spec.complete());
      var e = new HiddenStateEnumeration(p.structure(), p.data());
      assertThat(ExactEvidence.logEvidence(e, p.prior(), 1)).isCloseTo(
          CompleteDataEvidence.logEvidence(p.structure(), p.prior(), e.completeCounts()),
          org.assertj.core.data.Offset.offset(1e-10));
    }
  }

  @Test
  void refusesFractionalCountsAndTooManyTerms() {
    List<Variable> vars = List.of(Variable.withCount("h", 2), Variable.withCount("y", 2));
    DagStructure s = DagStructure.of(vars, new boolean[] {true, false}, new int[][] {{}, {0}});
    var fractional = new HiddenStateEnumeration(s, Dataset.of(List.of(vars.get(1)), new int[][] {{0}, {1}},
        new double[] {1.5, 2}));
    assertThatThrownBy(() -> ExactEvidence.logEvidence(fractional, DirichletPrior.uniform(2, 1), LIMIT))
        .hasMessageContaining("whole-number");
    var many = new HiddenStateEnumeration(s, Dataset.of(List.of(vars.get(1)), new int[][] {{0}, {1}},
        new double[] {1000, 1000}));
    assertThatThrownBy(() -> ExactEvidence.logEvidence(many, DirichletPrior.uniform(2, 1), 1e5))
        .hasMessageContaining("1.00e+06 terms");
  }

  /**
   * On 10 rows from Beal's true model every structure of the class has its exact evidence, and VB
   * and CS (uncorrected) lie below it while the scorer's exact agrees with the brute force.
   */
  @Test
  void boundsHoldAgainstExactOnBealsClassAtTenRows() {
    DagModel truth = BealExample.trueModel();
    DagStructure ts = truth.structure();
    int[][] full = AncestralSampler.sample(ts, truth.parameters().orElseThrow(), 10, RandomStreams.fromSeed(5));
    int[][] y = new int[10][4];
    for (int i = 0; i < 10; i++) {
      for (int v = 0; v < 4; v++) {
        y[i][v] = full[i][2 + v];
      }
    }
    Dataset d = Dataset.of(BealExample.observedVariables(), y);
    var cls = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables());
    var settings = DagScoreSettings.defaults();
    // Every 9th structure, including the empty, the true and the full one.
    List<DagStructure> chosen = new ArrayList<>();
    for (int i = 0; i < cls.structures().size(); i += 9) {
      chosen.add(cls.structures().get(i));
    }
    chosen.add(ts);
    chosen.add(cls.structures().get(cls.structures().size() - 1));
    for (DagStructure s : chosen) {
      var e = new HiddenStateEnumeration(s, d);
      var prior = DirichletPrior.uniform(s.size(), 1.0);
      var est = DagScorer.score(e, prior, DagMethod.parseList("exact,cs,vb"), settings, RandomStreams.fromSeed(9), 9);
      double exact = est.get(0).logEvidence();
      for (var x : est.subList(1, 3)) {
        assertThat((Double) x.diagnostics().get("uncorrectedLogEvidence")).as(x.method() + " " + s)
            .isLessThanOrEqualTo(exact + 1e-9);
      }
    }
  }
}
