package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.search.OrderSelection;

/** The planning of {@code dag select} and {@code rbm select}: what is kept, what is scored, the lines. */
class SelectPlanTest {
  private static JsonNode json(String text) throws IOException {
    return ResultJson.mapper().readTree(text);
  }

  private static JsonNode dagModel(int k, int s, double vb) throws IOException {
    return json("{\"hiddenVariables\": " + k + ", \"states\": " + s + ", \"results\": [{\"method\": \"vb\","
        + " \"logEvidence\": " + vb + ", \"stdError\": null}]}");
  }

  private static OrderSelection.Scored<Row> scored(JsonNode m, String orderField) {
    Row row = PreviousRun.readRow(m);
    return new OrderSelection.Scored<>(m.path(orderField).asInt(), row, row.scores());
  }

  @Test
  void dagPlanKeepsSavedAndJournalledModelsAndScoresOnlyTheRest() throws IOException {
    List<OrderSelection.Scored<Row>> saved = new ArrayList<>();
    saved.add(scored(dagModel(1, 1, -20), "states"));
    saved.add(scored(dagModel(1, 2, -15), "states"));
    saved.add(scored(dagModel(2, 1, -20), "states"));
    List<JsonNode> journal = List.of(dagModel(1, 3, -12));
    // asked: one hidden variable, states 1..4; the previous run also had two hidden variables
    List<DagSelectRun.Part> parts = DagSelectRun.plan(new int[] {1}, new int[] {1, 2, 3, 4}, saved, journal);
    assertThat(parts).hasSize(2);
    DagSelectRun.Part one = parts.get(0);
    assertThat(one.hiddenVariables()).isEqualTo(1);
    assertThat(one.saved()).containsExactly(1, 2);
    // 3 is in the journal: it stays among the states to score, and the selection keeps it
    assertThat(one.toScore()).containsExactly(3, 4);
    assertThat(one.before().orders()).containsExactly(1, 2, 3);
    assertThat(one.before().choice("vb").best().getAsInt()).isEqualTo(3);
    DagSelectRun.Part two = parts.get(1);
    assertThat(two.hiddenVariables()).isEqualTo(2);
    assertThat(two.saved()).containsExactly(1);
    assertThat(two.toScore()).containsExactly(2, 3, 4);
    assertThat(two.before().orders()).containsExactly(1);
    assertThat(DagSelectRun.models(parts)).isEqualTo(5);

    List<DagSelectRun.Part> fresh = DagSelectRun.plan(new int[] {1, 2}, new int[] {2, 3}, List.of(), List.of());
    assertThat(fresh).extracting(DagSelectRun.Part::before).containsOnlyNulls();
    assertThat(fresh.get(1).toScore()).containsExactly(2, 3);
  }

  @Test
  void dagWorkIsCountedRefusedAndAnnounced() {
    List<Variable> vars = List.of(Variable.withCount("a", 2), Variable.withCount("b", 2), Variable.withCount("c", 2));
    Dataset d = Dataset.of(vars, new int[][] {{0, 0, 0}, {0, 1, 0}, {1, 1, 0}, {1, 1, 1}, {1, 1, 1}});
    assertThat(d.distinctRows()).isEqualTo(4);
    List<DagSelectRun.Part> parts = DagSelectRun.plan(new int[] {1}, new int[] {2, 3}, List.of(), List.of());
    // 3 states x 4 distinct rows = 12 configurations; bound 12 x 4 variables x 1000 x 3 restarts x 2.5 ns
    assertThat(DagSelectRun.workLine(d, parts, 4, 3, 1000, 12)).isEqualTo("dag select: 2 model(s) x 4 method(s)"
        + " (3 EM restarts each) on 4 distinct rows; an EM iteration sums up to 12 configurations of the unobserved"
        + " variables, at most 0.00036 s per model and method at the 1000-iteration limit (cost model: 2.5 ns per"
        + " configuration and variable)");
    assertThatThrownBy(() -> DagSelectRun.workLine(d, parts, 4, 3, 1000, 11))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("dag select: an EM iteration would sum 12 configurations of the unobserved variables (4 distinct"
            + " rows, hidden states [3]); the limit is 11 (--max-em-configurations); try fewer hidden states or"
            + " hidden variables");
    // two hidden variables of 3 states: 9 x 4 configurations over 3 + 2 variables
    assertThat(DagSelectRun.emWork(d, 2, 3)).isEqualTo(180.0);
  }

  @Test
  void rbmKeepsThePreviousRunAndTheJournalAndScoresTheRest() throws IOException {
    List<OrderSelection.Scored<Row>> rows = new ArrayList<>();
    for (int k = 1; k <= 2; k++) {
      rows.add(scored(json("{\"hidden\": " + k + ", \"results\": [{\"method\": \"laplace\", \"logEvidence\": "
          + (-10 - k) + "}], \"cv\": {\"meanTestLogLikelihoodPerRow\": -2.5, \"stdError\": 0.1}}"), "hidden"));
    }
    OrderSelection.Result<Row> previous = OrderSelection.choose(rows, 1);
    assertThat(RbmSelectReport.toScore(new int[] {1, 2, 3, 4, 5}, previous)).containsExactly(3, 4, 5);
    assertThat(RbmSelectReport.toScore(new int[] {2, 3}, null)).containsExactly(2, 3);
    JsonNode unit = json("{\"hidden\": 4, \"results\": [{\"method\": \"laplace\", \"logEvidence\": -9,"
        + " \"diagnostics\": {\"converged\": false}}], \"cv\": {\"meanTestLogLikelihoodPerRow\": -2.0,"
        + " \"stdError\": 0.2}}");
    OrderSelection.Result<Row> kept = RbmSelectReport.kept(previous, List.of(unit));
    assertThat(kept.orders()).containsExactly(1, 2, 4);
    assertThat(kept.choice("cv").best().getAsInt()).isEqualTo(4);
    assertThat(RbmSelectReport.kept(null, List.of())).isNull();

    Row row = PreviousRun.readRow(unit);
    assertThat(row.scores()).extracting(OrderSelection.Score::method).containsExactly("laplace", "cv");
    assertThat(row.converged()).containsExactly(false, true);
    assertThat(row.scores().get(1).stdError().getAsDouble()).isEqualTo(0.2);
    assertThat(RbmSelectReport.unitLine(4, row, 12.44)).isEqualTo("K = 4: laplace -9.00, cv -2.0000 per row (12.4 s)");
  }

  @Test
  void dagUnitLinesNameTheHiddenVariablesOnlyWhenSeveralAreScored() throws IOException {
    Row row = PreviousRun.readRow(dagModel(2, 3, -2843.966));
    assertThat(DagSelectRun.unitLine(true, 2, 3, row, 0.44))
        .isEqualTo("hidden variables = 2, states = 3: vb -2843.97 (0.4 s)");
    assertThat(DagSelectRun.unitLine(false, 1, 3, row, 0.44)).isEqualTo("states = 3: vb -2843.97 (0.4 s)");
  }

  @Test
  void rbmRunScoresOnlyTheKNotKeptAndChoosesOverAll() throws IOException {
    OrderSelection.Result<Row> kept = RbmSelectReport.kept(null, List.of(json("{\"hidden\": 2, \"results\":"
        + " [{\"method\": \"laplace\", \"logEvidence\": -5}]}")));
    List<Integer> scored = new ArrayList<>();
    List<Integer> told = new ArrayList<>();
    OrderSelection.Result<Row> r = RbmSelectReport.run(new int[] {1, 2, 3}, kept, k -> {
      synchronized (scored) {
        scored.add(k);
      }
      try {
        return PreviousRun.readRow(json("{\"hidden\": " + k + ", \"results\": [{\"method\": \"laplace\","
            + " \"logEvidence\": " + (-10 * k) + "}]}"));
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }, (k, row, seconds) -> {
      told.add(k);
      assertThat(seconds).isGreaterThanOrEqualTo(0);
    });
    assertThat(scored).containsExactlyInAnyOrder(1, 3);
    assertThat(told).containsExactlyInAnyOrder(1, 3);
    assertThat(r.orders()).containsExactly(1, 2, 3);
    // the kept K = 2 (-5) beats the fresh K = 1 (-10) and K = 3 (-30)
    assertThat(r.choice("laplace").best().getAsInt()).isEqualTo(2);
  }
}
