package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;
import org.junit.jupiter.api.Test;

/** Refusals and settings of the learning algorithms that the property tests do not reach. */
class LearningSettingsTest {
  private static DagStructure oneHiddenParent(int hiddenStates, int observed) {
    List<Variable> vars = new ArrayList<>();
    vars.add(Variable.withCount("h", hiddenStates));
    boolean[] hidden = new boolean[observed + 1];
    hidden[0] = true;
    int[][] parents = new int[observed + 1][];
    parents[0] = new int[0];
    for (int v = 1; v <= observed; v++) {
      vars.add(Variable.withCount("y" + v, 2));
      parents[v] = new int[] {0};
    }
    return DagStructure.of(vars, hidden, parents);
  }

  private static Dataset data(DagStructure s, int[][] rows) {
    List<Variable> obs = new ArrayList<>();
    for (int j : s.observedVariables()) {
      obs.add(s.variable(j));
    }
    return Dataset.of(obs, rows);
  }

  @Test
  void enumerationRefusesAboveTheConfigurationLimitNamingTheVariables() {
    // 21 binary hidden variables: 2^21 configurations, over the default limit of 2^20.
    List<Variable> vars = new ArrayList<>();
    int k = 21;
    boolean[] hidden = new boolean[k + 1];
    int[][] parents = new int[k + 1][];
    for (int h = 0; h < k; h++) {
      vars.add(Variable.withCount("h" + h, 2));
      hidden[h] = true;
      parents[h] = new int[0];
    }
    vars.add(Variable.withCount("y", 2));
    parents[k] = new int[] {0};
    DagStructure s = DagStructure.of(vars, hidden, parents);
    Dataset d = data(s, new int[][] {{0}, {1}});
    assertThatThrownBy(() -> new HiddenStateEnumeration(s, d))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("more than 1048576 joint configurations")
        .hasMessageContaining("h20(2)");
    // Just under a lower limit it is accepted, just over it refused.
    DagStructure small = oneHiddenParent(4, 2);
    Dataset sd = data(small, new int[][] {{0, 1}});
    assertThat(new HiddenStateEnumeration(small, sd, 4).distinctRows()).isEqualTo(1);
    assertThatThrownBy(() -> new HiddenStateEnumeration(small, sd, 3)).isInstanceOf(IllegalArgumentException.class);
    // A missing cell adds its variable to the row's unobserved ones.
    Dataset missing = data(small, new int[][] {{0, Dataset.MISSING}});
    assertThatThrownBy(() -> new HiddenStateEnumeration(small, missing, 4))
        .hasMessageContaining("y2(2)");
  }

  @Test
  void mapInTheSimplexBasisNeedsEveryLambdaAtLeastOne() {
    DagStructure s = oneHiddenParent(2, 2);
    var e = new HiddenStateEnumeration(s, data(s, new int[][] {{0, 1}, {1, 1}, {0, 0}}));
    var prior = DirichletPrior.uniform(s.size(), 0.5);
    double[] start = DagScorer.randomParameters(s, RandomStreams.fromSeed(1));
    var simplex = new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP,
        ExpectationMaximisation.MapBasis.SIMPLEX, 100, 1e-6);
    assertThatThrownBy(() -> ExpectationMaximisation.run(e, prior, start, simplex))
        .hasMessageContaining("λ >= 1").hasMessageContaining("softmax");
    assertThat(ExpectationMaximisation.MapBasis.defaultFor(prior)).isEqualTo(ExpectationMaximisation.MapBasis.SOFTMAX);
    assertThat(ExpectationMaximisation.MapBasis.defaultFor(DirichletPrior.uniform(s.size(), 1.0)))
        .isEqualTo(ExpectationMaximisation.MapBasis.SIMPLEX);
    var softmax = new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP,
        ExpectationMaximisation.MapBasis.SOFTMAX, 1000, 1e-10);
    var run = ExpectationMaximisation.run(e, prior, start, softmax);
    for (double t : run.theta()) {
      assertThat(t).isStrictlyBetween(0.0, 1.0); // the softmax update never reaches the boundary
    }
    // The reported basis reaches the results.
    var est = DagScorer.score(e, prior, List.of(DagMethod.MAP), DagScoreSettings.defaults(), RandomStreams.fromSeed(2), 2);
    assertThat(est.get(0).settings().get("mapBasis")).isEqualTo("softmax");
  }

  @Test
  void iterationLimitIsReportedAsNotConverged() {
    DagStructure s = oneHiddenParent(3, 3);
    int[][] rows = new int[40][];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = new int[] {i % 2, (i / 2) % 2, (i / 3) % 2};
    }
    var e = new HiddenStateEnumeration(s, data(s, rows));
    var prior = DirichletPrior.uniform(s.size(), 1.0);
    var settings = new DagScoreSettings(2, 2, 0.0, HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT, null);
    var est = DagScorer.score(e, prior, List.of(DagMethod.CS, DagMethod.VB), settings, RandomStreams.fromSeed(3), 3);
    for (var x : est) {
      assertThat(x.converged()).isFalse();
      assertThat(x.diagnostics().get("iterations")).isEqualTo(2);
      assertThat(x.diagnostics().get("traceLength")).isEqualTo(2);
      assertThat((List<?>) x.diagnostics().get("restarts")).hasSize(2);
    }
  }

  @Test
  void exactRefusesAboveItsTermLimitWithTheCount() {
    DagStructure s = oneHiddenParent(2, 2);
    int[][] rows = new int[30][];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = new int[] {i % 2, (i / 2) % 2};
    }
    var e = new HiddenStateEnumeration(s, data(s, rows));
    var settings = new DagScoreSettings(1, 10, 1e-6, HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT, null, 100);
    // 4 distinct rows seen 7 or 8 times, 2 configurations each: (8 + 1)(8 + 1)(7 + 1)(7 + 1) = 5184 terms.
    assertThat(ExactEvidence.termCount(e)).isEqualTo(5184);
    assertThatThrownBy(() -> DagScorer.score(e, DirichletPrior.uniform(s.size(), 1.0), List.of(DagMethod.EXACT),
        settings, RandomStreams.fromSeed(1), 1)).hasMessageContaining("5.18e+03 terms").hasMessageContaining("limit");
  }
}
