package org.occam.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HalfHeightModesTest {
  @Test
  void twoPointsAreOneModeWhileTheGaussianHalfwayIsAboveHalfItsHeight() {
    // A = diag(4, 1): dᵀAd = 4 d0² + d1²; exp(-q/2) = 1/2 at q = 2 ln 2
    double[][] a = {{4, 0}, {0, 1}};
    double edge = Math.sqrt(2 * Math.log(2));
    assertThat(HalfHeightModes.sameMode(new double[] {0, 0.99 * edge}, a)).isTrue();
    assertThat(HalfHeightModes.sameMode(new double[] {0, 1.01 * edge}, a)).isFalse();
    assertThat(HalfHeightModes.sameMode(new double[] {0.99 * edge / 2, 0}, a)).isTrue();
    assertThat(HalfHeightModes.sameMode(new double[] {1.01 * edge / 2, 0}, a)).isFalse();
  }

  @Test
  void groupsAreTheTransitiveClosureLargestFirst() {
    // units at 0, 2, 4 and 40 with A = 1: neighbours 2 apart pass (d = 1, exp(-1/2) = 0.61), units 0 and 2
    // (4 apart: d = 2, exp(-2) = 0.14) do not, but are joined through unit 1; unit 3 stands alone
    double[] x = {0, 2, 4, 40};
    double[][] a = {{1}};
    int[] groups = HalfHeightModes.groups(4, (i, j) -> new double[] {0.5 * (x[i] - x[j])}, a);
    assertThat(groups).containsExactly(3, 1);
    assertThat(HalfHeightModes.groups(3, (i, j) -> new double[] {100}, a)).containsExactly(1, 1, 1);
  }
}
