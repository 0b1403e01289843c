package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParameterSummaryTest {
  @Test
  void aTwoChainTableMatchesTheHandComputedValues() {
    // pooled {1, 2, 3, 3, 4, 5}: mean 3, sd √(10/5); type 7 with h = 5p
    double[][][] draws = {{{1, -1}, {2, -2}, {3, -3}}, {{3, -3}, {4, -4}, {5, -5}}};
    var s = new ParameterSamples("hand", List.of("b:A", "b:B"), draws, 0, Map.of(), Map.of());
    List<ParameterSummary.Row> rows = ParameterSummary.of(s);
    ParameterSummary.Row a = rows.get(0);
    assertThat(a.name()).isEqualTo("b:A");
    assertThat(a.mean()).isCloseTo(3, within(1e-12));
    assertThat(a.sd()).isCloseTo(Math.sqrt(2), within(1e-12));
    assertThat(a.q025()).isCloseTo(1.125, within(1e-12));
    assertThat(a.q25()).isCloseTo(2.25, within(1e-12));
    assertThat(a.q50()).isCloseTo(3, within(1e-12));
    assertThat(a.q75()).isCloseTo(3.75, within(1e-12));
    assertThat(a.q975()).isCloseTo(4.875, within(1e-12));
    // ChainDiagnosticsTest: PSRF 11/3. ESS: W = 1, var⁺ = (2/3)·1 + 2 = 8/3, ρ₁ = 1 − (1 − 0)/(8/3) = 5/8,
    // τ = −1 + 2(1 + 5/8) = 9/4, ESS = 6 / (9/4) = 8/3
    assertThat(a.psrf()).isCloseTo(11.0 / 3, within(1e-12));
    assertThat(a.ess()).isCloseTo(8.0 / 3, within(1e-12));
    ParameterSummary.Row b = rows.get(1);
    assertThat(b.name()).isEqualTo("b:B");
    assertThat(b.mean()).isCloseTo(-3, within(1e-12));
    assertThat(b.q025()).isCloseTo(-4.875, within(1e-12));
    assertThat(b.q975()).isCloseTo(-1.125, within(1e-12));
    assertThat(b.psrf()).isCloseTo(11.0 / 3, within(1e-12));
  }

  @Test
  void chainsTooShortForDiagnosticsGetNoEssAndAnInfinitePsrf() {
    double[][][] draws = {{{1}}, {{2}}, {{4}}};
    var row = ParameterSummary.of(new ParameterSamples("g", List.of("b:A"), draws, 0, Map.of(), Map.of())).get(0);
    assertThat(row.mean()).isCloseTo(7.0 / 3, within(1e-12));
    assertThat(row.q50()).isEqualTo(2);
    assertThat(row.q975()).isCloseTo(2 + 0.95 * 2, within(1e-12));
    assertThat(row.ess()).isZero();
    assertThat(row.psrf()).isInfinite();
  }

  @Test
  void quantilesAtTheEnds() {
    double[] x = {-2, 0, 7};
    assertThat(ParameterSummary.quantile(x, 0)).isEqualTo(-2);
    assertThat(ParameterSummary.quantile(x, 1)).isEqualTo(7);
    assertThat(ParameterSummary.quantile(new double[] {3}, 0.3)).isEqualTo(3);
  }
}
