package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Checks the test-only quadrature against Beta integrals known in closed form. */
class QuadratureTest {
  @Test
  void betaIntegralsWithKnownValues() {
    assertThat(Quadrature.beta(1, 1)).isCloseTo(1.0, within(1e-12));
    assertThat(Quadrature.beta(2, 3)).isCloseTo(1.0 / 12, within(1e-12));
    assertThat(Quadrature.beta(1, 7.5)).isCloseTo(1 / 7.5, within(1e-12));
    // B(1/2, 1/2) = π: integrable singularities at both ends.
    assertThat(Quadrature.beta(0.5, 0.5)).isCloseTo(Math.PI, within(1e-10));
    // B(1/4, 3/4) = π / sin(π/4) = π √2.
    assertThat(Quadrature.beta(0.25, 0.75)).isCloseTo(Math.PI * Math.sqrt(2), within(1e-9));
  }

  @Test
  void logMomentOfTheUniform() {
    // ∫₀¹ ln θ dθ = −1
    assertThat(Quadrature.integrate((lt, l1) -> lt)).isCloseTo(-1.0, within(1e-12));
  }
}
