package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Series that lie on top of each other at the plot's scale are found and named in the legend. */
class LinePlotTest {
  private static final double[] X = {1, 2, 3};

  @Test
  void seriesWithinAHundredthOfTheSpanCoincideAndSaySoInTheLegend() {
    // span 10: 0.05 apart is within 0.1, 0.2 apart is not
    List<LinePlot.Series> s = List.of(new LinePlot.Series("a", X, new double[] {0, 5, 10}),
        new LinePlot.Series("b", X, new double[] {0.05, 5, 10}),
        new LinePlot.Series("c", X, new double[] {0, 5.2, 10}),
        new LinePlot.Series("d", X, new double[] {0, 5.21, 10}),
        new LinePlot.Series("e", new double[] {1, 2, 4}, new double[] {0, 5, 10}));
    assertThat(LinePlot.coincident(s, false)).containsExactly(0, 0, 2, 2, 4);
    assertThat(LinePlot.legendNames(s, false)).containsExactly("a", "b (≈ a here)", "c", "d (≈ c here)", "e");
  }

  @Test
  void onALogAxisClosenessIsInDecades() {
    // span 4 decades: a factor 1.01 (0.0043 decades) coincides, a factor 1.1 (0.041 decades) does not
    List<LinePlot.Series> s = List.of(new LinePlot.Series("a", X, new double[] {1e-4, 1e-2, 1}),
        new LinePlot.Series("b", X, new double[] {1.01e-4, 1e-2, 1}),
        new LinePlot.Series("c", X, new double[] {1.1e-4, 1e-2, 1}));
    assertThat(LinePlot.coincident(s, true)).containsExactly(0, 0, 2);
    assertThat(LinePlot.coincident(s, false)).containsExactly(0, 0, 0);
  }

  @Test
  void theImageIsAPng() {
    byte[] png = LinePlot.png("t", "x", "y", List.of(new LinePlot.Series("a", X, new double[] {1, 2, 3},
        new double[] {0.1, 0.1, 0.1}), new LinePlot.Series("b", X, new double[] {1, 2, 3})), false, false, 400, 300);
    assertThat(png).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
  }
}
