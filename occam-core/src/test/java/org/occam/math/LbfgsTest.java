package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Lbfgs} on problems whose minimisers are known exactly: Rosenbrock functions (minimum at
 * (1, …, 1)) and a strictly convex quadratic (minimum {@code A⁻¹b}, built from a chosen x*), and
 * its reports when it cannot converge.
 */
class LbfgsTest {
  private static final Lbfgs DEFAULT = new Lbfgs(Lbfgs.Settings.defaults());

  @Test
  void rosenbrockIn2DimensionsFromTheStandardStart() {
    double[] x0 = TestObjectives.rosenbrockStart(2);
    Lbfgs.Result r = DEFAULT.minimize(TestObjectives::chainedRosenbrock, x0);

    assertThat(r.converged()).as(r.toString()).isTrue();
    assertThat(r.reason()).isEqualTo(Lbfgs.Reason.GRADIENT_TOLERANCE);
    assertThat(TestObjectives.maxDistanceFromOnes(r.x())).isLessThan(1e-6);
    assertThat(r.value()).isLessThan(1e-12);
    assertThat(r.iterations()).isBetween(1, 100);
    assertThat(r.evaluations()).isGreaterThan(r.iterations());
    assertThat(x0).containsExactly(-1.2, 1.0);
  }

  @Test
  void extendedRosenbrockIn10DimensionsFromTheStandardStart() {
    Lbfgs.Result r = DEFAULT.minimize(TestObjectives::extendedRosenbrock, TestObjectives.rosenbrockStart(10));

    assertThat(r.converged()).as(r.toString()).isTrue();
    assertThat(TestObjectives.maxDistanceFromOnes(r.x())).isLessThan(1e-6);
    assertThat(r.iterations()).isBetween(1, 200);
  }

  @Test
  void chainedRosenbrockIn10DimensionsFromTheStandardStart() {
    // For n ≥ 4 the chained function also has a local minimum near (−1, 1, …, 1); this checks that
    // from this start the run ends at the global one (it takes 75 iterations to get there).
    Lbfgs.Result r = DEFAULT.minimize(TestObjectives::chainedRosenbrock, TestObjectives.rosenbrockStart(10));

    assertThat(r.converged()).as(r.toString()).isTrue();
    assertThat(TestObjectives.maxDistanceFromOnes(r.x())).isLessThan(1e-6);
    assertThat(r.iterations()).isBetween(1, 200);
  }

  @Test
  void aRefusedIterateEndsTheRunAtTheLastAcceptedOne() {
    // Rosenbrock from (−1.2, 1) passes x₀ > 0 on its way to (1, 1); refuse every iterate beyond 0.
    int[] checks = {0};
    Lbfgs.Result r = DEFAULT.minimize(TestObjectives::chainedRosenbrock, TestObjectives.rosenbrockStart(2), x -> {
      checks[0]++;
      return x[0] <= 0;
    });
    Lbfgs.Result free = DEFAULT.minimize(TestObjectives::chainedRosenbrock, TestObjectives.rosenbrockStart(2));

    assertThat(r.reason()).isEqualTo(Lbfgs.Reason.ITERATE_REFUSED);
    assertThat(r.converged()).isFalse();
    assertThat(r.x()[0]).isLessThanOrEqualTo(0);
    assertThat(r.iterations()).isEqualTo(checks[0] - 1).isLessThan(free.iterations());
    // the reported value and gradient norm belong to the returned point
    double[] g = new double[2];
    assertThat(r.value()).isEqualTo(TestObjectives.chainedRosenbrock(r.x(), g));
    assertThat(r.gradientNorm()).isEqualTo(Math.max(Math.abs(g[0]), Math.abs(g[1])));
  }

  /** {@code A = MᵀM + I} for a seeded M, so every eigenvalue is at least 1, and a seeded x*. */
  private static double[][] positiveDefiniteMatrix(int n, UniformRandomProvider rng) {
    double[][] mat = new double[n][n];
    for (double[] row : mat) {
      for (int j = 0; j < n; j++) {
        row[j] = 2 * rng.nextDouble() - 1;
      }
    }
    double[][] a = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double s = i == j ? 1 : 0;
        for (int k = 0; k < n; k++) {
          s += mat[k][i] * mat[k][j];
        }
        a[i][j] = s;
      }
    }
    return a;
  }

  private static double[] uniformPoint(int n, UniformRandomProvider rng) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = 4 * rng.nextDouble() - 2;
    }
    return x;
  }

  /**
   * {@code f(x) = ½ (x − x*)ᵀA(x − x*)}: minimum 0 at x*. Written about x* so that f has no
   * cancellation and its decrease stays resolvable down to a gradient of 1e-10.
   */
  @ParameterizedTest(name = "memory {0}")
  @ValueSource(ints = {1, 3, 10, 20})
  void centredQuadraticReachesItsAnalyticMinimiser(int memory) {
    int n = 12;
    UniformRandomProvider rng = RandomStreams.fromSeed(20_260_611L);
    double[][] a = positiveDefiniteMatrix(n, rng);
    double[] xStar = uniformPoint(n, rng);
    DifferentiableFunction quadratic = (x, g) -> {
      double[] e = new double[n];
      for (int i = 0; i < n; i++) {
        e[i] = x[i] - xStar[i];
      }
      double[] ae = multiply(a, e);
      System.arraycopy(ae, 0, g, 0, n);
      return 0.5 * dot(e, ae);
    };
    Lbfgs.Settings settings = Lbfgs.Settings.defaults().withMemory(memory).withGradientTolerance(1e-10)
        .withRelativeFunctionTolerance(0);

    Lbfgs.Result r = new Lbfgs(settings).minimize(quadratic, new double[n]);

    assertThat(r.converged()).as(r.toString()).isTrue();
    assertThat(r.reason()).isEqualTo(Lbfgs.Reason.GRADIENT_TOLERANCE);
    for (int i = 0; i < n; i++) {
      // ‖x − x*‖ ≤ ‖∇f‖₂ / λ_min(A) ≤ √12 · 1e-10 · max(1, ‖x‖∞)
      assertThat(r.x()[i]).as("x[%d]", i).isCloseTo(xStar[i], within(1e-9));
    }
    assertThat(r.value()).isLessThan(1e-18);
  }

  /**
   * {@code f(x) = ½ xᵀAx − bᵀx} with {@code b = Ax*}: minimiser x*, minimum {@code −½ x*ᵀAx*},
   * with the default settings, to the accuracy their tolerances promise.
   */
  @Test
  void quadraticInStandardFormReachesItsAnalyticMinimum() {
    int n = 12;
    UniformRandomProvider rng = RandomStreams.fromSeed(99);
    double[][] a = positiveDefiniteMatrix(n, rng);
    double[] xStar = uniformPoint(n, rng);
    double[] b = multiply(a, xStar);
    double minimum = -0.5 * dot(xStar, b);
    DifferentiableFunction quadratic = (x, g) -> {
      double[] ax = multiply(a, x);
      for (int i = 0; i < n; i++) {
        g[i] = ax[i] - b[i];
      }
      return 0.5 * dot(x, ax) - dot(b, x);
    };

    Lbfgs.Result r = DEFAULT.minimize(quadratic, new double[n]);

    assertThat(r.converged()).as(r.toString()).isTrue();
    for (int i = 0; i < n; i++) {
      assertThat(r.x()[i]).as("x[%d]", i).isCloseTo(xStar[i], within(1e-5));
    }
    assertThat(r.value()).isCloseTo(minimum, within(1e-10 * Math.abs(minimum)));
  }

  @Test
  void theIterationLimitIsReportedNotThrown() {
    Lbfgs lbfgs = new Lbfgs(Lbfgs.Settings.defaults().withMaxIterations(5));
    Lbfgs.Result r = lbfgs.minimize(TestObjectives::chainedRosenbrock, TestObjectives.rosenbrockStart(2));

    assertThat(r.converged()).isFalse();
    assertThat(r.reason()).isEqualTo(Lbfgs.Reason.MAX_ITERATIONS);
    assertThat(r.iterations()).isEqualTo(5);
    assertThat(r.value()).isFinite().isLessThan(TestObjectives.chainedRosenbrock(
        TestObjectives.rosenbrockStart(2), new double[2]));
  }

  @Test
  void aNonFiniteValueAtTheStartIsAnError() {
    assertThatThrownBy(() -> DEFAULT.minimize((x, g) -> Double.NaN, new double[] {1, 2}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("objective is not finite at the starting point")
        .hasMessageContaining("NaN");
    assertThatThrownBy(() -> DEFAULT.minimize((x, g) -> Math.log(x[0]), new double[] {0}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-Infinity");
  }

  @Test
  void aNonFiniteGradientAtTheStartIsAnError() {
    DifferentiableFunction f = (x, g) -> {
      g[0] = 1;
      g[1] = Double.POSITIVE_INFINITY;
      return 0;
    };
    assertThatThrownBy(() -> DEFAULT.minimize(f, new double[] {1, 2}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("gradient is not finite at the starting point")
        .hasMessageContaining("component 1");
  }

  /**
   * {@code f(x) = x − ε ln x} on x &gt; 0 (NaN below), minimum at x = ε. The first trial, a unit
   * step from 1 along −f'(1) ≈ −1, lands on 0 where f = +∞; the search must back off from it.
   */
  @Test
  void nonFiniteTrialPointsAreBackedOffFrom() {
    double eps = 1e-3;
    DifferentiableFunction barrier = (x, g) -> {
      g[0] = 1 - eps / x[0];
      return x[0] < 0 ? Double.NaN : x[0] - eps * Math.log(x[0]);
    };
    Lbfgs.Result r = new Lbfgs(Lbfgs.Settings.defaults().withGradientTolerance(1e-12))
        .minimize(barrier, new double[] {1});

    assertThat(r.converged()).as(r.toString()).isTrue();
    assertThat(r.x()[0]).isCloseTo(eps, within(1e-9));
  }

  @Test
  void anObjectiveThatIsNonFiniteEverywhereButTheStartIsReported() {
    DifferentiableFunction f = (x, g) -> {
      g[0] = 2 * x[0];
      return x[0] == 3.0 ? 9.0 : Double.NaN;
    };
    Lbfgs.Result r = DEFAULT.minimize(f, new double[] {3});

    assertThat(r.converged()).isFalse();
    assertThat(r.reason()).isEqualTo(Lbfgs.Reason.NON_FINITE);
    assertThat(r.x()).containsExactly(3.0);
    assertThat(r.value()).isEqualTo(9.0);
    assertThat(r.iterations()).isZero();
  }

  @Test
  void aGradientOfTheWrongSignIsReportedAsALineSearchFailure() {
    DifferentiableFunction f = (x, g) -> {
      g[0] = -2 * x[0];
      return x[0] * x[0];
    };
    Lbfgs.Result r = DEFAULT.minimize(f, new double[] {1});

    assertThat(r.converged()).isFalse();
    assertThat(r.reason()).isEqualTo(Lbfgs.Reason.LINE_SEARCH_FAILED);
    assertThat(r.x()).containsExactly(1.0);
    assertThat(r.evaluations()).isBetween(2, 1 + Lbfgs.Settings.DEFAULT_MAX_LINE_SEARCH_EVALUATIONS);
  }

  @Test
  void aStationaryStartTakesNoStep() {
    Lbfgs.Result r = DEFAULT.minimize(TestObjectives::chainedRosenbrock, new double[] {1, 1, 1});

    assertThat(r.converged()).isTrue();
    assertThat(r.reason()).isEqualTo(Lbfgs.Reason.GRADIENT_TOLERANCE);
    assertThat(r.iterations()).isZero();
    assertThat(r.evaluations()).isEqualTo(1);
  }

  @Test
  void settingsPrintTheirValues() {
    assertThat(Lbfgs.Settings.defaults().toString())
        .isEqualTo("LBFGS[m=10,gtol=1e-6,ftol=1e-12,maxiter=1000,c1=1e-4,c2=0.9,maxls=20]");
    assertThat(Lbfgs.Settings.defaults().withGradientTolerance(2.5e-7).withMaxIterations(50).toString())
        .isEqualTo("LBFGS[m=10,gtol=2.5e-7,ftol=1e-12,maxiter=50,c1=1e-4,c2=0.9,maxls=20]");
  }

  @Test
  void settingsRejectInconsistentLineSearchConstants() {
    assertThatThrownBy(() -> new Lbfgs.Settings(10, 1e-6, 1e-12, 100, 0.9, 0.5, 20))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("0 < c1 < c2 < 1");
    assertThatThrownBy(() -> Lbfgs.Settings.defaults().withMemory(0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Lbfgs.Settings.defaults().withGradientTolerance(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static double[] multiply(double[][] a, double[] x) {
    double[] out = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      out[i] = dot(a[i], x);
    }
    return out;
  }

  private static double dot(double[] u, double[] v) {
    double s = 0;
    for (int i = 0; i < u.length; i++) {
      s += u[i] * v[i];
    }
    return s;
  }
}
