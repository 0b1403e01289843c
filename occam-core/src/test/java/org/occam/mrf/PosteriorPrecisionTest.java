package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

class PosteriorPrecisionTest {
  @Test
  void aIsNTimesCPlusThePriorPrecisionAndItsLogDeterminantIsTheDeterminants() {
    double[][] c = {{0.25, 0.05, 0.02}, {0.05, 0.2, 0.01}, {0.02, 0.01, 0.1}};
    PosteriorPrecision a = PosteriorPrecision.of(c, 30, new GaussianPrior(2));
    DMatrixRMaj expected = new DMatrixRMaj(c);
    CommonOps_DDRM.scale(30, expected);
    for (int k = 0; k < 3; k++) {
      expected.add(k, k, 0.25);
    }
    assertThat(a.matrix().data).containsExactly(expected.data, within(1e-14));
    assertThat(a.positiveDefinite()).isTrue();
    assertThat(a.singular()).isFalse();
    assertThat(a.logDeterminant()).isCloseTo(Math.log(CommonOps_DDRM.det(expected)), within(1e-12));
    assertThat(a.smallestEigenvalue()).isPositive().isLessThanOrEqualTo(a.largestEigenvalue());
    assertThat(a.laplaceCorrection())
        .isCloseTo(1.5 * Math.log(2 * Math.PI) - 0.5 * Math.log(CommonOps_DDRM.det(expected)), within(1e-12));
  }

  /** An indefinite A: log |det A| from the eigenvalues, flagged, never NaN. */
  @Test
  void anIndefiniteAGivesTheLogOfTheAbsoluteDeterminantAndSaysSo() {
    // eigenvalues 3, −0.5, 2 in a rotated basis
    double s = Math.sqrt(0.5);
    DMatrixRMaj q = new DMatrixRMaj(new double[][] {{s, -s, 0}, {s, s, 0}, {0, 0, 1}});
    DMatrixRMaj d = CommonOps_DDRM.diag(3, -0.5, 2);
    DMatrixRMaj qd = new DMatrixRMaj(3, 3);
    DMatrixRMaj a = new DMatrixRMaj(3, 3);
    CommonOps_DDRM.mult(q, d, qd);
    CommonOps_DDRM.multTransB(qd, q, a);
    PosteriorPrecision p = PosteriorPrecision.ofMatrix(a);
    assertThat(p.positiveDefinite()).isFalse();
    assertThat(p.singular()).isFalse();
    assertThat(p.smallestEigenvalue()).isCloseTo(-0.5, within(1e-12));
    assertThat(p.largestEigenvalue()).isCloseTo(3, within(1e-12));
    assertThat(p.logDeterminant()).isCloseTo(Math.log(3 * 0.5 * 2), within(1e-12));
  }

  @Test
  void aSingularIndefiniteAIsFloored() {
    DMatrixRMaj a = CommonOps_DDRM.diag(1, 0, -1);
    PosteriorPrecision p = PosteriorPrecision.ofMatrix(a);
    assertThat(p.positiveDefinite()).isFalse();
    assertThat(p.singular()).isTrue();
    assertThat(p.logDeterminant()).isFinite();
  }

  /** ½ gᵀA⁻¹g against A⁻¹g from a general solve, and NaN where A is indefinite. */
  @Test
  void theNewtonDecrementIsHalfGTransposeAInverseG() {
    double[][] c = {{0.25, 0.05, 0.02}, {0.05, 0.2, 0.01}, {0.02, 0.01, 0.1}};
    PosteriorPrecision a = PosteriorPrecision.of(c, 30, new GaussianPrior(2));
    double[] g = {0.7, -1.3, 0.4};
    DMatrixRMaj x = new DMatrixRMaj(3, 1);
    CommonOps_DDRM.solve(a.matrix(), new DMatrixRMaj(3, 1, true, g), x);
    double expected = 0.5 * (g[0] * x.get(0) + g[1] * x.get(1) + g[2] * x.get(2));
    assertThat(a.newtonDecrement(g)).isCloseTo(expected, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(a.newtonDecrement(new double[3])).isZero();
    assertThat(PosteriorPrecision.ofMatrix(CommonOps_DDRM.diag(1, -1, 2)).newtonDecrement(g)).isNaN();
  }
}
