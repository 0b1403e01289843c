package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.occam.mrf.MrfTestModels.maxAbsDifference;

import java.util.Arrays;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.occam.mrf.LoopyBeliefPropagation.Settings;

class LinearResponseTest {
  static Stream<Arguments> forests() {
    return LoopyBeliefPropagationTest.forests();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("forests")
  void equalsTheExactCovarianceOnForests(String name, PairwiseGraph g) {
    BoltzmannMachine m = MrfTestModels.random(g, 29, 1.5, 2.0);
    ExactEnumeration exact = ExactEnumeration.run(m, true);
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(m, Settings.defaults());
    LinearResponse lr = LinearResponse.compute(bp);
    assertThat(lr.precisionPositiveDefinite()).isTrue();
    assertThat(lr.smallestPrecisionEigenvalue()).isEmpty();
    assertThat(lr.featureCount()).isEqualTo(m.featureCount());
    assertThat(maxAbsDifference(lr.covariance(), exact.covariance())).as("max |C_LR − C|").isLessThan(1e-8);
  }

  /**
   * Weak couplings (|w| ≤ 0.2, |θ| ≤ 0.5), 10 models per graph: C_LR is symmetric positive definite
   * and within 1e−2 of the exact covariance (observed worst: 3×3 grid 1.3e−4, K5 3.1e−3).
   */
  @Test
  void isSymmetricPositiveDefiniteAndCloseOnWeaklyCoupledLoopyGraphs() {
    for (PairwiseGraph g : new PairwiseGraph[] {PairwiseGraph.grid(3, 3), PairwiseGraph.complete(5)}) {
      for (long seed = 0; seed < 10; seed++) {
        BoltzmannMachine m = MrfTestModels.random(g, seed, 0.5, 0.2);
        BeliefPropagationResult bp = LoopyBeliefPropagation.run(m, Settings.defaults());
        LinearResponse lr = LinearResponse.compute(bp);
        double[][] c = lr.covariance();
        assertThat(lr.precisionPositiveDefinite()).isTrue();
        for (int a = 0; a < c.length; a++) {
          for (int b = 0; b < a; b++) {
            assertThat(c[a][b]).isEqualTo(c[b][a]);
          }
        }
        assertThat(LinearSolverFactory_DDRM.chol(c.length).setA(new DMatrixRMaj(c))).as("C_LR is positive definite")
            .isTrue();
        double[][] exact = ExactEnumeration.run(m, true).covariance();
        assertThat(maxAbsDifference(c, exact)).as("max |C_LR − C|, %s seed %d", g, seed).isLessThan(1e-2);
      }
    }
  }

  /** J's entries against central differences of the fixed-point map λ(q, ξ), at BP beliefs on a loopy graph. */
  @Test
  void precisionIsTheJacobianOfTheFixedPointMap() {
    PairwiseGraph g = PairwiseGraph.grid(3, 3);
    BoltzmannMachine m = MrfTestModels.random(g, 31, 1.0, 1.0);
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(m, Settings.defaults());
    double[] mu = bp.featureMeans();
    DMatrixRMaj j = LinearResponse.precision(g, mu);
    double h = 1e-6;
    for (int b = 0; b < mu.length; b++) {
      double[] up = mu.clone();
      double[] down = mu.clone();
      up[b] += h;
      down[b] -= h;
      double[] lu = PseudoMomentMatching.fixedPointParameters(g, up);
      double[] ld = PseudoMomentMatching.fixedPointParameters(g, down);
      for (int a = 0; a < mu.length; a++) {
        double fd = (lu[a] - ld[a]) / (2 * h);
        double scale = Math.max(1, Math.abs(j.get(a, b)));
        assertThat(j.get(a, b)).as("∂λ_%d/∂μ_%d", a, b).isCloseTo(fd, within(1e-6 * scale));
      }
    }
  }

  /**
   * Strongly correlated symmetric pseudo-marginals on K5 (q = ½, ξ = 0.45) lie where the Bethe
   * entropy is not concave: J is indefinite, which is reported, and J⁻¹ is still its inverse.
   */
  @Test
  void indefinitePrecisionIsReportedAndStillInverted() {
    PairwiseGraph g = PairwiseGraph.complete(5);
    double[] mu = new double[g.vertexCount() + g.edgeCount()];
    Arrays.fill(mu, 0, 5, 0.5);
    Arrays.fill(mu, 5, mu.length, 0.45);
    LinearResponse lr = LinearResponse.compute(g, mu);
    assertThat(lr.precisionPositiveDefinite()).isFalse();
    assertThat(lr.smallestPrecisionEigenvalue()).isPresent();
    assertThat(lr.smallestPrecisionEigenvalue().getAsDouble()).isNegative();
    assertThat(lr.toString()).contains("positiveDefinite=false");
    DMatrixRMaj product = new DMatrixRMaj(mu.length, mu.length);
    CommonOps_DDRM.mult(LinearResponse.precision(g, mu), lr.covarianceMatrix(), product);
    assertThat(maxAbsDifference(toArray(product), toArray(CommonOps_DDRM.identity(mu.length)))).isLessThan(1e-9);
  }

  @Test
  void theInversionIsPluggable() {
    PairwiseGraph g = PairwiseGraph.grid(2, 3);
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(MrfTestModels.random(g, 2, 1, 1), Settings.defaults());
    AtomicInteger calls = new AtomicInteger();
    LinearResponse.Inverter lu = precision -> {
      calls.incrementAndGet();
      DMatrixRMaj inverse = new DMatrixRMaj(precision.numRows, precision.numCols);
      CommonOps_DDRM.invert(precision, inverse);
      return new LinearResponse.Inverse(inverse, true, OptionalDouble.empty());
    };
    LinearResponse viaLu = LinearResponse.compute(g, bp.featureMeans(), lu);
    assertThat(calls).hasValue(1);
    assertThat(maxAbsDifference(viaLu.covariance(), LinearResponse.compute(bp).covariance())).isLessThan(1e-12);
  }

  @Test
  void singularPrecisionThrows() {
    DMatrixRMaj singular = new DMatrixRMaj(new double[][] {{1, 1}, {1, 1}});
    assertThatThrownBy(() -> LinearResponse.DENSE_CHOLESKY.invert(singular)).isInstanceOf(ArithmeticException.class)
        .hasMessageContaining("singular");
  }

  @Test
  void denseCholeskyInvertsAnIndefiniteMatrixAndLeavesItsInputAlone() {
    double[][] a = {{2, 1, 0}, {1, -3, 1}, {0, 1, 1}};
    DMatrixRMaj m = new DMatrixRMaj(a);
    LinearResponse.Inverse inverse = LinearResponse.DENSE_CHOLESKY.invert(m);
    assertThat(toArray(m)).isDeepEqualTo(a);
    assertThat(inverse.positiveDefinite()).isFalse();
    DMatrixRMaj product = new DMatrixRMaj(3, 3);
    CommonOps_DDRM.mult(m, inverse.matrix(), product);
    assertThat(maxAbsDifference(toArray(product), toArray(CommonOps_DDRM.identity(3)))).isLessThan(1e-12);
  }

  @Test
  void rejectsPseudoMarginalsWithAnEmptyCell() {
    PairwiseGraph g = MrfTestModels.chain(2);
    assertThatThrownBy(() -> LinearResponse.compute(g, new double[] {0.5, 0.5, 0.5})).isInstanceOf(
        IllegalArgumentException.class).hasMessageContaining("p01 = 0.0").hasMessageContaining("smooth");
    assertThatThrownBy(() -> LinearResponse.compute(g, new double[] {0.5, 0.5, 0.6}))
        .hasMessageContaining("not a pseudo-marginal");
    assertThatThrownBy(() -> LinearResponse.compute(g, new double[] {0.5, 0.5})).hasMessageContaining("3 entries");
  }

  private static double[][] toArray(DMatrixRMaj m) {
    double[][] out = new double[m.numRows][m.numCols];
    for (int r = 0; r < m.numRows; r++) {
      for (int c = 0; c < m.numCols; c++) {
        out[r][c] = m.get(r, c);
      }
    }
    return out;
  }
}
