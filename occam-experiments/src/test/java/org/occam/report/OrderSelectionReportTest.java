package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.occam.search.OrderSelection;
import org.occam.search.OrderSelection.Score;

class OrderSelectionReportTest {
  /** Orders 1..3: method "up" rises to the largest order, "mid" peaks at 2 with a standard error of 2. */
  private static OrderSelection.Result<String> selection() {
    double[] up = {-30, -20, -10};
    double[] mid = {-25, -20, -21};
    List<OrderSelection.Scored<String>> scored = new ArrayList<>();
    for (int k = 1; k <= 3; k++) {
      scored.add(new OrderSelection.Scored<>(k, "k" + k, List.of(new Score("up", up[k - 1], OptionalDouble.empty()),
          new Score("mid", mid[k - 1], OptionalDouble.of(2.0)))));
    }
    return OrderSelection.choose(scored, 1);
  }

  @Test
  void choicesAndTheOneStandardErrorRule() {
    StringWriter text = new StringWriter();
    OrderSelectionReport.printChoices(new PrintWriter(text, true), selection(), "best K by", "K", List.of("mid"));
    assertThat(text.toString().split("\\R")).containsExactly("best K by up: 3",
        "best K by mid: 2 (the smallest K within one standard error of the best: 2)");
  }

  @Test
  void aBestAtTheLargestOrderIsWarnedAbout() {
    StringWriter text = new StringWriter();
    List<String> lines = OrderSelectionReport.edgeWarnings(new PrintWriter(text, true), selection(), "K");
    assertThat(lines).containsExactly("up: the best K is 3, the largest tried: the score is still rising at the"
        + " largest order tried; try --extend with a larger range");
    assertThat(text.toString().trim()).isEqualTo("warning: " + lines.get(0));
  }

  @Test
  void curvesKeepOnlyFiniteScores() {
    List<OrderSelection.Scored<String>> scored = List.of(
        new OrderSelection.Scored<>(1, "a", List.of(new Score("m", Double.NEGATIVE_INFINITY, OptionalDouble.empty()))),
        new OrderSelection.Scored<>(2, "b", List.of(new Score("m", -4, OptionalDouble.empty()))));
    List<LinePlot.Series> series = OrderSelectionReport.series(OrderSelection.choose(scored, 1), " (x)");
    assertThat(series).hasSize(1);
    assertThat(series.get(0).name()).isEqualTo("m (x)");
    assertThat(series.get(0).x()).containsExactly(2.0);
    assertThat(series.get(0).y()).containsExactly(-4.0);
  }

  @Test
  void theFingerprintIsTheSha256OfTheText() {
    // SHA-256("abc"), FIPS 180-2 appendix B.1
    assertThat(OrderSelectionReport.fingerprint("abc"))
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }
}
