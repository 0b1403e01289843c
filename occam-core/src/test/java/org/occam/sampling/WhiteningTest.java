package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/** The whitening map against a dense inverse, and its gradient against finite differences. */
class WhiteningTest {
  private static final double[][] A = {{4, 1, 0.5}, {1, 3, -0.7}, {0.5, -0.7, 2}};
  private static final double[] M = {0.3, -1.2, 2.0};

  @Test
  void theStandardDeviationsAreTheSquareRootsOfTheInversesDiagonal() {
    Whitening w = Whitening.of(M, A, 1);
    assertThat(w.full()).isTrue();
    DMatrixRMaj inv = new DMatrixRMaj(A);
    CommonOps_DDRM.invert(inv);
    double[] sd = w.standardDeviations();
    for (int k = 0; k < 3; k++) {
      assertThat(sd[k]).isCloseTo(Math.sqrt(inv.get(k, k)), within(1e-12));
    }
  }

  @Test
  void uOfTheGaussianIsStandard() {
    // (λ − m)ᵀ A (λ − m) = |u|² for λ = m + R⁻ᵀ u
    Whitening w = Whitening.of(M, A, 1);
    double[] u = {0.7, -1.1, 0.4};
    double[] lambda = new double[3];
    w.toLambda(u, lambda);
    double q = 0;
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        q += (lambda[i] - M[i]) * A[i][j] * (lambda[j] - M[j]);
      }
    }
    assertThat(q).isCloseTo(0.49 + 1.21 + 0.16, within(1e-12));
  }

  @Test
  void theGradientInUIsTheChainRule() {
    // g(λ) = the gradient of h(λ) = Σ c_i λ_i²; ∂h/∂u by central differences
    Whitening w = Whitening.of(M, A, 1);
    double[] c = {0.5, -2, 1.5};
    double[] u = {0.2, 0.9, -0.6};
    double[] lambda = new double[3];
    w.toLambda(u, lambda);
    double[] g = new double[3];
    for (int i = 0; i < 3; i++) {
      g[i] = 2 * c[i] * lambda[i];
    }
    double[] gu = new double[3];
    w.gradientToU(g, gu);
    for (int k = 0; k < 3; k++) {
      double h = 1e-6;
      double[] up = u.clone();
      double[] dn = u.clone();
      up[k] += h;
      dn[k] -= h;
      assertThat((value(w, up, c) - value(w, dn, c)) / (2 * h)).isCloseTo(gu[k], within(1e-6));
    }
  }

  @Test
  void anIndefinitePrecisionFallsBackToTheDiagonal() {
    double[][] indefinite = {{1, 2}, {2, 1}};
    Whitening w = Whitening.of(new double[2], indefinite, 1.5);
    assertThat(w.full()).isFalse();
    assertThat(w.standardDeviations()[0]).isCloseTo(1 / Math.sqrt(1.5), within(1e-12));
  }

  private static double value(Whitening w, double[] u, double[] c) {
    double[] lambda = new double[u.length];
    w.toLambda(u, lambda);
    double s = 0;
    for (int i = 0; i < u.length; i++) {
      s += c[i] * lambda[i] * lambda[i];
    }
    return s;
  }
}
