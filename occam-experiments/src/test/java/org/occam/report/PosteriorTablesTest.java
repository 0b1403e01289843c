package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.occam.search.ModelAveraging;

/** {@link PosteriorTables} and {@link EdgeHeatMap} on a hand-computed ranked set: 4/7, 2/7, 1/7 and a failure. */
class PosteriorTablesTest {
  private static final double LN2 = Math.log(2);

  private static ModelAveraging.Result result() {
    return ModelAveraging.average(List.of(new ModelAveraging.Candidate("ab", 0, Set.of("a-b")),
        new ModelAveraging.Candidate("ab+bc", -LN2, Set.of("a-b", "b-c")),
        new ModelAveraging.Candidate("failed", Double.NaN, Set.of("a-c")),
        new ModelAveraging.Candidate("empty", -2 * LN2, Set.of())), ModelAveraging.Settings.defaults());
  }

  @Test
  void cellsShowTheLogBayesFactorAndPosteriorOrWhyNot() {
    var r = result();
    assertThat(PosteriorTables.cells(r, 0)).containsExactly("0.00", "0.571");
    assertThat(PosteriorTables.cells(r, 1)).containsExactly("-0.69", "0.286");
    assertThat(PosteriorTables.cells(r, 2)).containsExactly("failed", "failed");
    assertThat(PosteriorTables.csvValues(r, 3)).containsExactly("-1.386294", "0.142857", true);
    assertThat(PosteriorTables.csvValues(r, 2)).containsExactly("", "", "");
    assertThat(PosteriorTables.probability(1.23e-7)).isEqualTo("1.2e-07");
  }

  @Test
  void theSectionListsTheWindowTheEdgesAndTheFailures() {
    StringWriter text = new StringWriter();
    PosteriorTables.print(new PrintWriter(text, true), "bic", result(), List.of("AB", "ABC", "X", "E"), "edge", false,
        false);
    String s = text.toString();
    assertThat(s).contains("posterior by bic (uniform prior over the 3 structures scored, Occam's window C = 20)")
        .contains("cannot separate").contains("Occam's window: 3 structure(s) holding 100.0%")
        .contains("edge posterior probabilities (over all structures scored)")
        .contains("left out: 1 structure(s) whose bic score failed");
    assertThat(s).containsPattern("a-b\\s+0\\.857");
    assertThat(s).containsPattern("b-c\\s+0\\.286");
  }

  @Test
  void theJsonHasEveryPart() {
    Map<String, Object> j = PosteriorTables.json(result());
    assertThat(j).containsKeys("settings", "candidates", "best", "logNormaliser", "windowMass", "structures", "window",
        "edges", "summary", "excluded", "duplicates");
    assertThat(j.get("excluded")).isEqualTo(List.of(2));
    assertThat(j.get("window")).isEqualTo(List.of(0, 1, 3));
  }

  @Test
  void aMethodWithoutAFiniteScoreIsReportedNotAveraged() {
    var mp = MethodPosteriors.average(List.of("ok", "broken"), List.of("x", "y"), List.of(Set.of("a-b"), Set.of()),
        new double[][] {{0, Double.NaN}, {-LN2, Double.NEGATIVE_INFINITY}}, ModelAveraging.Settings.defaults());
    assertThat(mp.result("ok")).isPresent();
    assertThat(mp.result("broken")).isEmpty();
    StringWriter text = new StringWriter();
    mp.print(new PrintWriter(text, true), List.of("x", "y"), "edge", false);
    assertThat(text.toString()).contains("posterior by broken: none of the 2 structures has a finite broken score");
    assertThat(mp.json().get("broken")).isEqualTo(Map.of("error",
        "none of the 2 structures has a finite broken score; nothing to average"));
    assertThat(mp.csvHeader()).hasSize(6);
    assertThat(mp.csvValues(0)).hasSize(6).endsWith("", "", "");
    assertThat(mp.undirectedPng("t", List.of("a", "b"), false)[1]).isEqualTo((byte) 'P');
  }

  @Test
  void heatMapPanelsMirrorUndirectedEdgesAndRejectRaggedMatrices() {
    var p = EdgeHeatMap.undirected("bic", List.of("a", "b", "c"), result(), false);
    assertThat(p.probability()[0][1]).isEqualTo(p.probability()[1][0]).isBetween(0.857, 0.858);
    assertThat(p.probability()[0][0]).isNaN();
    assertThat(p.probability()[0][2]).isZero();
    byte[] png = EdgeHeatMap.png("t", List.of(p, p));
    assertThat(png[1]).isEqualTo((byte) 'P');
    assertThatThrownBy(() -> new EdgeHeatMap.Panel("x", List.of("a"), List.of("b", "c"), new double[][] {{1}}))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
