package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link StrongWolfeLineSearch}: every accepted step is checked against the strong Wolfe
 * conditions (Nocedal &amp; Wright eqn 3.7) by evaluating f afresh at the returned point, from
 * initial steps far too short (extrapolation), about right, and far too long (zoom), and across
 * a region where f is not finite.
 */
class StrongWolfeLineSearchTest {
  private static final double C1 = 1e-4;
  private static final double C2 = 0.9;

  /** Rosenbrock, but NaN wherever some |x_i| &gt; 2, so that long steps leave its domain. */
  private static double rosenbrockOnABox(double[] x, double[] g) {
    double f = TestObjectives.chainedRosenbrock(x, g);
    for (double v : x) {
      if (Math.abs(v) > 2) {
        return Double.NaN;
      }
    }
    return f;
  }

  static Stream<Arguments> searches() {
    Stream.Builder<Arguments> b = Stream.builder();
    double[][] starts = {{-1.2, 1}, {0, 0}, {0.5, -0.5}, TestObjectives.rosenbrockStart(10)};
    for (double[] x : starts) {
      for (double step : new double[] {1e-6, 1e-3, 1, 1e2, 1e5}) {
        for (double c2 : new double[] {0.1, C2}) {
          b.add(Arguments.of(x, step, c2));
        }
      }
    }
    return b.build();
  }

  @ParameterizedTest(name = "x0={0} step={1} c2={2}")
  @MethodSource("searches")
  void acceptedStepsSatisfyTheStrongWolfeConditions(double[] x, double initialStep, double c2) {
    for (DifferentiableFunction f : new DifferentiableFunction[] {
        TestObjectives::chainedRosenbrock, StrongWolfeLineSearchTest::rosenbrockOnABox}) {
      int n = x.length;
      double[] g = new double[n];
      double fx = f.valueAndGradient(x, g);
      double[] p = new double[n];
      for (int i = 0; i < n; i++) {
        p[i] = -g[i];
      }
      double slope0 = dot(g, p);
      double[] xOut = new double[n];
      double[] gOut = new double[n];
      StrongWolfeLineSearch search = new StrongWolfeLineSearch(n, C1, c2, 30);

      StrongWolfeLineSearch.Status status = search.search(f, x, fx, g, p, initialStep, xOut, gOut);

      assertThat(status).isEqualTo(StrongWolfeLineSearch.Status.STRONG_WOLFE);
      double a = search.step();
      assertThat(a).isPositive();
      for (int i = 0; i < n; i++) {
        assertThat(xOut[i]).isEqualTo(x[i] + a * p[i]);
      }
      double[] gAgain = new double[n];
      double fAgain = f.valueAndGradient(xOut, gAgain);
      assertThat(gOut).containsExactly(gAgain);
      assertThat(search.value()).isEqualTo(fAgain);
      assertThat(fAgain).as("sufficient decrease (3.7a)").isLessThanOrEqualTo(fx + C1 * a * slope0);
      assertThat(Math.abs(dot(gAgain, p))).as("curvature (3.7b)").isLessThanOrEqualTo(c2 * Math.abs(slope0));
      assertThat(search.evaluations()).isBetween(1, 30);
    }
  }

  /** On a quadratic the interpolating cubic is the quadratic itself, so one zoom trial is exact. */
  @Test
  void aQuadraticIsMinimisedExactlyByOneInterpolation() {
    double[] x = {1, -2, 3};
    double[] g = new double[3];
    DifferentiableFunction halfSquaredNorm = (v, grad) -> {
      System.arraycopy(v, 0, grad, 0, v.length);
      return 0.5 * dot(v, v);
    };
    double fx = halfSquaredNorm.valueAndGradient(x, g);
    double[] p = {-1, 2, -3};
    StrongWolfeLineSearch search = new StrongWolfeLineSearch(3, C1, 0.1, 20);
    double[] xOut = new double[3];

    var status = search.search(halfSquaredNorm, x, fx, g, p, 3.0, xOut, new double[3]);

    assertThat(status).isEqualTo(StrongWolfeLineSearch.Status.STRONG_WOLFE);
    assertThat(search.step()).isCloseTo(1.0, within(1e-12));
    assertThat(search.evaluations()).isEqualTo(2);
    assertThat(search.value()).isCloseTo(0.0, within(1e-24));
  }

  @Test
  void theCubicMinimiserOfACubicIsExact() {
    // φ(α) = α³ − 3α: local minimum at 1.
    assertThat(StrongWolfeLineSearch.cubicMinimiser(0, 0, -3, 2, 2, 9)).isCloseTo(1.0, within(1e-14));
    assertThat(StrongWolfeLineSearch.cubicMinimiser(2, 2, 9, 0, 0, -3)).isCloseTo(1.0, within(1e-14));
    // φ(α) = −α³ − α has no local minimum.
    assertThat(StrongWolfeLineSearch.cubicMinimiser(0, 0, -1, 1, -2, -4)).isNaN();
  }

  @Test
  void aFailedSearchReturnsTheStartingPointWhenNothingWasLower() {
    double[] x = {-1.2, 1};
    double[] g = new double[2];
    double fx = TestObjectives.chainedRosenbrock(x, g);
    double[] p = {-g[0], -g[1]};
    double[] xOut = new double[2];
    double[] gOut = new double[2];
    StrongWolfeLineSearch search = new StrongWolfeLineSearch(2, C1, C2, 1);

    var status = search.search(TestObjectives::chainedRosenbrock, x, fx, g, p, 1e3, xOut, gOut);

    assertThat(status).isEqualTo(StrongWolfeLineSearch.Status.FAILED);
    assertThat(search.step()).isZero();
    assertThat(search.value()).isEqualTo(fx);
    assertThat(xOut).containsExactly(x);
    assertThat(gOut).containsExactly(g);
    assertThat(search.evaluations()).isEqualTo(1);
  }

  @Test
  void anAscentDirectionIsAnError() {
    StrongWolfeLineSearch search = new StrongWolfeLineSearch(1, C1, C2, 20);
    assertThatThrownBy(() -> search.search((v, grad) -> {
      grad[0] = 2 * v[0];
      return v[0] * v[0];
    }, new double[] {1}, 1, new double[] {2}, new double[] {1}, 1, new double[1], new double[1]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a descent direction");
  }

  private static double dot(double[] u, double[] v) {
    double s = 0;
    for (int i = 0; i < u.length; i++) {
      s += u[i] * v[i];
    }
    return s;
  }
}
