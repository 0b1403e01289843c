package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.math.RandomStreams;

/** Each EM-based DAG result says how many of its restarts reached the best optimum. */
class RestartsAtBestTest {
  @Test
  void restartsWithinAHundredthOfANatOfTheBestCount() {
    assertThat(DagProblem.restartsAtBest(new double[] {-10.0, -10.005, -12.0}, 0)).isEqualTo(2);
    assertThat(DagProblem.restartsAtBest(new double[] {-12.0, -10.0, -10.02}, 1)).isEqualTo(1);
    assertThat(DagProblem.restartsAtBest(new double[] {-3.0}, 0)).isEqualTo(1);
  }

  /** On Beal's true structure with 5 restarts, the count equals the one read off the restarts' own values. */
  @Test
  void vbAndMapReportTheCountOfTheirRestarts() {
    DagModel truth = BealExample.trueModel();
    DagStructure ts = truth.structure();
    int n = 400;
    int[][] full = AncestralSampler.sample(ts, truth.parameters().orElseThrow(), n, RandomStreams.fromSeed(11));
    int[][] y = new int[n][4];
    for (int i = 0; i < n; i++) {
      for (int v = 0; v < 4; v++) {
        y[i][v] = full[i][2 + v];
      }
    }
    var e = new HiddenStateEnumeration(ts, Dataset.of(BealExample.observedVariables(), y));
    var est = DagScorer.score(e, DirichletPrior.uniform(ts.size(), 1.0), DagMethod.parseList("map,vb"),
        new DagScoreSettings(5, DagScoreSettings.DEFAULT_MAX_ITERATIONS, DagScoreSettings.DEFAULT_TOLERANCE_PER_DATUM,
            HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT, null), RandomStreams.fromSeed(3), 3);
    for (var x : est) {
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> restarts = (List<Map<String, Object>>) x.diagnostics().get("restarts");
      assertThat(restarts).hasSize(5);
      String key = x.method().equals("vb") ? "lowerBound" : "objective";
      double best = restarts.stream().mapToDouble(r -> (Double) r.get(key)).max().orElseThrow();
      long within = restarts.stream().filter(r -> (Double) r.get(key) >= best - 0.01).count();
      assertThat(x.diagnostics().get("restartsAtBest")).as(x.method()).isEqualTo((int) within);
    }
  }
}
