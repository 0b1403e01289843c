package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.occam.data.InvalidInputException;

/** The one check of a standard-error target and its budget that every AIS option goes through. */
class AisTargetTest {
  private static AisTarget of(Double target, Integer budget, int runs) {
    return AisTarget.of(target, budget, runs, "--t", "--b", "--g");
  }

  @Test
  void absentIsNoneAndLeavesSettingsAlone() {
    assertThat(of(null, null, 10)).isEqualTo(AisTarget.NONE);
    ParameterSpaceAis.Settings s = ParameterSpaceAis.Settings.defaults();
    assertThat(AisTarget.NONE.applyTo(s)).isSameAs(s);
  }

  @Test
  void aTargetWithOrWithoutABudgetReachesTheSettings() {
    ParameterSpaceAis.Settings s = ParameterSpaceAis.Settings.defaults().withRuns(4);
    ParameterSpaceAis.Settings t = of(0.05, 12, 4).applyTo(s);
    assertThat(t.stdErrorTarget()).hasValue(0.05);
    assertThat(t.runBudget()).isEqualTo(12);
    assertThat(of(0.05, null, 4).applyTo(s).runBudget()).isEqualTo(ParameterSpaceAis.Settings.DEFAULT_BUDGET_FACTOR * 4);
  }

  @Test
  void badRequestsAreRefusedNamingTheOption() {
    assertThatThrownBy(() -> of(null, 20, 10)).isInstanceOf(InvalidInputException.class).hasMessageContaining(
        "--b needs --t");
    assertThatThrownBy(() -> of(-1.0, null, 10)).hasMessageContaining("--t must be a finite number > 0");
    assertThatThrownBy(() -> of(Double.NaN, null, 10)).hasMessageContaining("--t must be a finite number > 0");
    assertThatThrownBy(() -> of(0.1, null, 1)).hasMessageContaining("--g must be >= 2");
    assertThatThrownBy(() -> of(0.1, 5, 10)).hasMessageContaining("--b must be >= 10");
  }
}
